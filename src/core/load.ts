// Loading, failure and retry for any part of a page that waits for the API.
import { RequestError } from './http.js';
import { h, nodes } from './dom.js';
import { t } from './words.js';

export interface LoadOptions {
  signal: AbortSignal;
  /** What to say while waiting, e.g. "Loading the menu…". */
  waiting: string;
  /** Called when the API says the session has ended (401 with X-Token-Expired). */
  onExpired?: () => void;
  /** Keep what is shown while loading again (a refresh), instead of the waiting message. */
  keep?: boolean;
  /**
   * Shown while waiting, of the size the content will take (cards without words, say), so
   * nothing moves when the content arrives; the waiting message is then for screen readers.
   */
  placeholder?: () => Node;
}

/**
 * Fills `region` with a waiting message (and the placeholder), then with `render(data)`, or
 * with the error message and a Try again button. Nothing happens once the page has gone (`signal`).
 */
export function loadInto<T>(region: HTMLElement, load: () => Promise<T>, render: (data: T) => Node, options: LoadOptions): void {
  region.setAttribute('aria-busy', 'true');
  if (!options.keep || !region.firstChild) {
    const { placeholder, waiting } = options;
    region.replaceChildren(...nodes([h('p', { class: placeholder ? 'visually-hidden' : 'status', role: 'status' }, waiting), placeholder?.()]));
  }
  load().then(
    (data) => {
      if (options.signal.aborted) return;
      region.removeAttribute('aria-busy');
      region.replaceChildren(render(data));
    },
    (error: unknown) => {
      if (options.signal.aborted) return;
      region.removeAttribute('aria-busy');
      if (error instanceof RequestError && error.expired && options.onExpired) return options.onExpired();
      region.replaceChildren(failureNotice(messageOf(error), () => loadInto(region, load, render, options)));
    },
  );
}

/** A failure as a person sees it: the message, read out at once, and a Try again button. */
export function failureNotice(message: string, retry: () => void): HTMLElement {
  return h('div', { class: 'notice error', role: 'alert' }, h('p', null, message), h('button', { type: 'button', class: 'button secondary', onclick: retry }, t('Try again')));
}

/** The words a person sees for a failure: the HTTP client's messages, or a plain fallback. */
export function messageOf(error: unknown): string {
  return error instanceof RequestError ? error.message : t('Something went wrong. Please try again.');
}

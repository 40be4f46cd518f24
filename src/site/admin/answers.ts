// Answers where the owner is looking: a page that draws its rows again after a change says
// what happened beside the control that asked (the element `place(key)` made for it, in the
// drawing on screen or the next one), and reads it out once through the page's status, kept
// out of sight. One answer shows at a time: the next one takes its place.
import { h } from '../../core/dom.js';

export interface Answers {
  /** The page's live region (visually hidden): put it in the page once. */
  status: HTMLElement;
  /** Where the answers to the control `key` are written: put it beside that control. */
  place(key: string): HTMLElement;
  /** Says `text` beside the control `key` (now, and in the next drawing of it). */
  beside(key: string, text: string): void;
}

export function answers(): Answers {
  const status = h('p', { class: 'visually-hidden', role: 'status' });
  const places = new Map<string, HTMLElement>();
  let last: { key: string; text: string } | null = null;
  return {
    status,
    place(key) {
      const place = h('p', { class: 'row-outcome' }, last?.key === key ? last.text : '');
      places.set(key, place);
      return place;
    },
    beside(key, text) {
      for (const place of places.values()) place.textContent = '';
      last = { key, text };
      const place = places.get(key);
      if (place) {
        place.textContent = text;
        // Just under the control, it may be just below the screen's edge: brought into sight.
        if (place.isConnected) place.scrollIntoView?.({ block: 'nearest' });
      }
      status.textContent = text;
    },
  };
}

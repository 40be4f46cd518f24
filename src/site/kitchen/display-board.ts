// `/display`: a paired screen's board (a station's, or the pass), or a host stand's bookings. It opens with the display
// credential the device keeps (paired-display.ts), not a person's sign-in, so it stays on
// through the whole service. It asks the API what it is first (the owner may have renamed
// it or changed its station since), and when its stream says the owner changed it, the
// board is built again for what it is now. Unpaired by the owner, it says so, forgets the
// credential, and offers to pair again; never paired, it says how.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { failureNotice, messageOf } from '../../core/load.js';
import type { Store } from '../../core/stored.js';
import type { KitchenApi } from './api.js';
import type { PairedScreenStore } from './paired-display.js';
import type { PairedDisplay } from '../../shared/kitchen-records.js';
import type { LaterServices } from '../shell/services.js';
import { kitchenBoard } from './board.js';
import { LANG, t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';

/** What a host stand's screen is given by this page (the bookings file draws it). */
export interface HostStandRequest {
  display: PairedDisplay;
  /** The day asked for (`/display?date=`). */
  date: string | undefined;
  token(): string | undefined;
  signal: AbortSignal;
  navigate(to: string): void;
  /** The screen was unpaired: the page says so. True when it did. */
  refused(error: unknown): boolean;
  /** The owner changed this display. */
  changed(display: PairedDisplay): void;
}

/** Fetches the bookings file's host stand, the first time a host stand is shown. */
export type LoadHostStand = () => Promise<(request: HostStandRequest) => HTMLElement>;

const UNPAIRED = t('This screen was unpaired. Ask the owner for a new code.');

/** What a screen that is not (or no longer) paired shows. */
const notPaired = (heading: string, text: string) =>
  h('div', { class: 'not-paired' }, h('h1', { tabindex: -1 }, heading), h('p', { class: 'notice', role: 'alert' }, text), h('p', null, h('a', { href: '/pair', class: 'button large' }, t('Pair this screen'))));

export const displayBoardPage = (services: LaterServices, connect: (token: () => string | undefined) => KitchenApi, paired: PairedScreenStore, muted: Store<boolean>, hostStand?: LoadHostStand) => (ctx: PageContext<unknown>) => {
  const { follow, announce } = services;
  const stored = paired.get();
  if (!stored) return notPaired(t('This screen is not paired'), t('A kitchen or pass screen opens its board with a code from the owner: Admin → Displays → Add a display.'));
  const token = () => paired.get()?.credential;
  const api = connect(token);
  const page = h('div', null, h('h1', { tabindex: -1 }, stored.display.name), h('p', { class: 'status', role: 'status' }, t('Loading the board…')));

  // Unpaired (401): forget the credential and say so, in the API's words.
  function refused(error: unknown) {
    if (!(error instanceof RequestError) || error.status !== 401) return false;
    built.abort();
    paired.set(null);
    ctx.retitle(t('Screen unpaired'));
    page.replaceChildren(notPaired(t('Screen unpaired'), typeof error.body?.message === 'string' ? error.body.message : UNPAIRED));
    return true;
  }

  // Each board built here lives until the page goes, or until it is built again.
  let built = new AbortController();
  ctx.signal.addEventListener('abort', () => built.abort());
  function show(display: PairedDisplay) {
    // The board speaks the language the owner set for this display: the other language's page opens instead.
    if (display.lang !== LANG) {
      paired.set({ credential: stored!.credential, display });
      location.replace(`${display.lang === 'it' ? '/it' : ''}/display${location.search}`);
      return;
    }
    built.abort();
    built = new AbortController();
    const signal = built.signal;
    paired.set({ credential: stored!.credential, display });
    ctx.retitle(display.name);
    const changed = (now: PairedDisplay) => (now.name !== display.name || now.kind !== display.kind || now.station?.id !== display.station?.id || now.lang !== display.lang) && show(now);
    if (display.kind === 'host') {
      page.replaceChildren(h('h1', { tabindex: -1 }, display.name), h('p', { class: 'status', role: 'status' }, t('Loading the bookings…')));
      const date = /^\d{4}-\d{2}-\d{2}$/.test(ctx.query.get('date') ?? '') ? ctx.query.get('date')! : undefined;
      hostStand?.().then(
        (make) => signal.aborted || page.replaceChildren(make({ display, date, token, signal, navigate: (to) => ctx.navigate(to), refused, changed })),
        (error: unknown) => signal.aborted || page.replaceChildren(h('h1', { tabindex: -1 }, display.name), failureNotice(messageOf(error), () => show(display))),
      );
      return;
    }
    page.replaceChildren(
      kitchenBoard({
        api,
        follow,
        token,
        signal,
        announce,
        mover: display.kind === 'pass' ? t('Pass') : t('Station'),
        station: display.station,
        title: display.name,
        intro: [h('p', { class: 'hint' }, display.kind === 'pass' ? t('The pass: whole orders, each station’s part marked.') : t('Station: {name}. Only its dishes.', { name: shownName(display.station!) }))],
        paired: true,
        soldOut: display.kind === 'station',
        refused,
        muted,
        changed,
      }),
    );
  }

  function open() {
    api.me(ctx.signal).then(
      show,
      (error: unknown) => {
        if (ctx.signal.aborted || refused(error)) return;
        page.replaceChildren(h('h1', { tabindex: -1 }, stored!.display.name), failureNotice(messageOf(error), open));
      },
    );
  }
  open();
  return page;
};

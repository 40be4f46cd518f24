// `/admin/displays`: the kitchen's and the pass's screens. The owner adds one (a name, and
// what it shows: the pass, or one station) and is shown its one-time pairing code, as text
// and as a QR code of `/pair#<code>`, valid 10 minutes, in that display's card; the tablet
// types or scans it and becomes that display. Each card says what is true now: paired (last
// seen, board open or not), waiting for its code, or not paired, read again every 10
// seconds, every 2 while a code waits; a code leaves its card once used or expired, and
// Unpair comes and goes with the pairing, without touching what is being typed. A display
// is renamed or given another station on its version (a 409 shows it as it is now), given a
// new code, unpaired (its board stops within seconds), removed.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { RequestError } from '../../core/http.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, Display, DisplayKind, PairingCode, Station } from './api.js';
import { formatDateTime } from '../common/format.js';
import { adminNav, failureText } from './admin-nav.js';
import { qrCode } from './handover.js';
import { ask } from '../common/ask.js';
import { LANG, t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages.js';

const REFRESH_MS = 10_000;
/** While a code waits on the tablet: how soon its card says it was used. */
const WAITING_MS = 2_000;

/** "pass", "host", or "station:2": what a display shows, as a select's value. */
const shows = (display: { kind: DisplayKind; station: number | null }) => (display.kind === 'station' ? `station:${display.station}` : display.kind);
const chosen = (value: string): { kind: DisplayKind; station: number | null } => (value === 'pass' || value === 'host' ? { kind: value, station: null } : { kind: 'station', station: Number(value.slice(8)) });

/** The choices of what a display shows: the pass, each station, or the host stand; `value` chosen (the one chosen before, when it is still there). */
function showsOptions(select: HTMLSelectElement, stations: Station[], value = select.value) {
  select.replaceChildren(
    h('option', { value: 'pass' }, t('The pass: whole orders')),
    ...stations.map((station) => h('option', { value: `station:${station.id}` }, t('Station: {name}', { name: shownName(station) }))),
    h('option', { value: 'host' }, t('The host stand: the bookings')),
  );
  select.value = value;
  if (!select.value) select.selectedIndex = 0;
  return select;
}

const showsSelect = (id: string, stations: Station[], value: string) => showsOptions(h('select', { id }), stations, value);

type State = 'paired' | 'waiting' | 'unpaired';

/** Paired; waiting for its code (one that still works); or neither. */
const stateOf = (display: Display, now = Date.now()): State => (display.paired ? 'paired' : display.pairingExpiresAt && Date.parse(display.pairingExpiresAt) > now ? 'waiting' : 'unpaired');

const BADGES: Record<State, [string, string]> = { paired: [t('Paired'), 'on'], waiting: [t('Waiting for its code'), t('waiting')], unpaired: [t('Not paired'), 'sold'] };

/** What the owner reads about a display now: paired or not, seen when, board open or not. */
function statusOf(display: Display): string {
  const state = stateOf(display);
  if (state === 'waiting') return t('Waiting for its code, which works until {dateTime}.', { dateTime: formatDateTime(display.pairingExpiresAt!) });
  if (state === 'unpaired') return t('Not paired: give it a new code to pair a screen.');
  const seen = display.lastSeenAt ? t('last seen {dateTime}', { dateTime: formatDateTime(display.lastSeenAt) }) : t('not seen yet');
  return `Paired, ${seen}. ${display.streamOpen ? t('Its board is open now.') : t('Its board is not open.')}`;
}

/** The code to type or scan, shown in its display's card until it is used or expires: the API keeps only its hash. */
function pairingPanel(display: Display, pairing: PairingCode): HTMLElement {
  const { id, name } = display;
  const address = new URL(pairing.path, location.origin).href;
  return h(
    'section',
    { class: 'handover pairing', 'aria-labelledby': `pairing-${id}` },
    h('h3', { id: `pairing-${id}`, tabindex: -1 }, t('Pair {name}', { name })),
    h('p', null, t('On the tablet, open '), h('strong', null, new URL('/pair', location.origin).href), t(' and type this code, or scan the QR code with it.')),
    h('p', { class: 'pairing-code', 'aria-label': t('Pairing code {list}', { list: [...pairing.code].join(' ') }) }, pairing.code),
    qrCode(address, t('QR code to pair {name}', { name })),
    h('p', { class: 'hint' }, t('It works once, until {dateTime}, and is shown only now.', { dateTime: formatDateTime(pairing.expiresAt) })),
  );
}

/** The language a display's board speaks: each named in itself. */
const languageSelect = (id: string, chosen: 'en' | 'it') =>
  h('select', { id }, LANGUAGES.map((lang) => h('option', { value: lang, lang, selected: lang === chosen }, LANGUAGE_NAMES[lang])));

export const adminDisplaysPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const list = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  let stations: Station[] = [];
  // The codes this page was given, by display, while they may still be used: each shows in its display's card.
  const codes = new Map<number, PairingCode>();
  // Each card's parts that follow the display's state, by display: its badge, its line, its code, its buttons.
  const live = new Map<number, (display: Display) => void>();

  /** The card of a display as it is now, its code with it while the code waits. */
  function cardOf(display: Display): HTMLElement {
    const made = card(display);
    live.get(display.id)!(display);
    return made;
  }

  /** The state as read now: each card's live parts follow it; a code that was used or expired leaves, and pairing is said. */
  function follow(displays: Display[]) {
    for (const display of displays) {
      const code = codes.get(display.id);
      if (code && stateOf(display) !== 'waiting') {
        codes.delete(display.id);
        if (display.paired) status.textContent = t('{name} is paired.', { name: display.name });
      }
      live.get(display.id)?.(display);
    }
  }

  function card(display: Display): HTMLElement {
    const id = `display-${display.id}`;
    const name = h('input', { id: `${id}-name`, value: display.name, maxlength: 40, required: true });
    const what = showsSelect(`${id}-shows`, stations, shows(display));
    const language = languageSelect(`${id}-lang`, display.lang);
    const badge = h('span', { class: 'badge' });
    const line = h('p', { class: 'display-status', 'data-display': display.id });
    const codePlace = h('div');
    const unpairButton = h('button', { type: 'button', class: 'button secondary', onclick: () => unpair() }, t('Unpair'), h('span', { class: 'visually-hidden' }, ` (${display.name})`));
    live.set(display.id, (now) => {
      display = now;
      const [word, tone] = BADGES[stateOf(now)];
      badge.className = `badge ${tone}`;
      badge.textContent = word;
      line.textContent = statusOf(now);
      unpairButton.hidden = !now.paired;
      const code = codes.get(now.id);
      if (!code) codePlace.replaceChildren();
      else if (!codePlace.firstChild) codePlace.replaceChildren(pairingPanel(now, code));
    });
    const done = (change: Promise<Display>, said: (now: Display) => string) =>
      change.then(
        (now) => {
          item.replaceWith(cardOf(now));
          status.textContent = said(now);
        },
        (error) => {
          const current = (error as { body?: { display?: Display } })?.body?.display;
          if (current) item.replaceWith(cardOf(current));
          status.textContent = failureText(error) + (current ? t(' It is shown as it is now.') : '');
        },
      );
    const save = (event: Event) => {
      event.preventDefault();
      void done(admin.updateDisplay(display, { name: name.value, ...chosen(what.value), lang: language.value === 'it' ? 'it' : 'en' }), (now) => t('Saved {name}.', { name: now.name }));
    };
    const newCode = () =>
      admin.newPairingCode(display).then(
        ({ display: now, pairing }) => {
          codes.set(now.id, pairing);
          const made = cardOf(now);
          item.replaceWith(made);
          made.querySelector<HTMLElement>('.pairing h3')!.focus();
          waitFaster();
        },
        (error) => (status.textContent = failureText(error)),
      );
    const unpair = async () => {
      if (!(await ask({ title: t('Unpair {name}?', { name: display.name }), text: t('Its board stops at once; pairing it again needs a new code.'), act: t('Unpair {name}', { name: display.name }), keep: t('Keep it paired') }))) return;
      codes.delete(display.id);
      void done(admin.unpair(display), (now) => t('{name} is unpaired: its board has stopped.', { name: now.name }));
    };
    const remove = async () => {
      if (!(await ask({ title: t('Remove {name}?', { name: display.name }), text: t('Its board stops at once.'), act: t('Remove {name}', { name: display.name }), keep: t('Keep it') }))) return;
      admin.removeDisplay(display).then(
        () => {
          item.remove();
          codes.delete(display.id);
          live.delete(display.id);
          status.textContent = t('{name} is removed.', { name: display.name });
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    const named = (text: string) => h('span', { class: 'visually-hidden' }, ` (${display.name})`, text);
    const item = h(
      'li',
      { class: 'floor-table' },
      h('h2', { id }, display.name, badge),
      line,
      codePlace,
      h(
        'form',
        { class: 'inline', onsubmit: save, 'aria-labelledby': id },
        h('span', { class: 'pair' }, h('label', { for: `${id}-name` }, t('Name')), name),
        h('span', { class: 'pair' }, h('label', { for: `${id}-shows` }, t('Shows')), what),
        h('span', { class: 'pair' }, h('label', { for: `${id}-lang` }, t('Language')), language),
        h('button', { type: 'submit', class: 'button secondary' }, t('Save'), named('')),
      ),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', class: 'button secondary', onclick: newCode }, t('New pairing code'), named('')),
        unpairButton,
        h('button', { type: 'button', class: 'link-button', onclick: remove }, t('Remove'), named('')),
      ),
    );
    return item;
  }

  const show = () =>
    loadInto(
      list,
      async () => {
        stations = (await admin.boardSettings(ctx.signal)).stations;
        return admin.displays(ctx.signal);
      },
      (displays) => {
        // The stations arrive with the list: the add form's choices follow, keeping what was typed and chosen.
        showsOptions(newShows, stations);
        return displays.length ? h('ul', { class: 'floor' }, displays.map(cardOf)) : h('p', null, t('No displays yet: add the first one below.'));
      },
      { signal: ctx.signal, waiting: t('Loading the displays…') },
    );

  // Paired, seen, board open: read again every 10 seconds (every 2 while a code waits), without touching what is being typed.
  let refresh: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const read = () =>
    admin.displays(ctx.signal).then(
      (displays) => {
        follow(displays);
        schedule();
      },
      (error: unknown) => {
        // A sign-in that ended stops the reading (it would only fail again); anything else tries again later.
        if (!(error instanceof RequestError && error.expired)) return schedule();
        stopped = true;
        status.textContent = t('{failureText} Until then the screens\' state shown here is not kept up to date.', { failureText: failureText(error) });
      },
    );
  function schedule() {
    clearTimeout(refresh);
    if (!stopped && !ctx.signal.aborted) refresh = setTimeout(read, codes.size ? WAITING_MS : REFRESH_MS);
  }
  /** A code was just given: its use shows within seconds. */
  const waitFaster = schedule;
  schedule();
  ctx.signal.addEventListener('abort', () => clearTimeout(refresh));

  const newShows = showsSelect('new-display-shows', [], 'pass');
  function addForm(): HTMLFormElement {
    const name = h('input', { id: 'new-display-name', maxlength: 40, required: true, placeholder: t('Pizza oven') });
    const what = newShows;
    const language = languageSelect('new-display-lang', LANG);
    const add = (event: Event) => {
      event.preventDefault();
      admin.addDisplay({ name: name.value, ...(chosen(what.value) as { kind: DisplayKind; station?: number }), lang: language.value === 'it' ? 'it' : 'en' }).then(
        ({ display, pairing }) => {
          status.textContent = t('Added {name}.', { name: display.name });
          name.value = '';
          codes.set(display.id, pairing);
          const made = cardOf(display);
          const cards = list.querySelector('ul.floor');
          if (cards) cards.append(made);
          else list.replaceChildren(h('ul', { class: 'floor' }, made));
          made.querySelector<HTMLElement>('.pairing h3')!.focus();
          waitFaster();
        },
        (error) => (status.textContent = failureText(error)),
      );
    };
    return h(
      'form',
      { class: 'form admin-form', onsubmit: add, 'aria-labelledby': 'new-display-title' },
      h('h2', { id: 'new-display-title' }, t('Add a display')),
      h('label', { for: 'new-display-name' }, t('Name')),
      name,
      h('label', { for: 'new-display-shows' }, t('Shows')),
      what,
      h('label', { for: 'new-display-lang' }, t('Language')),
      language,
      h('button', { type: 'submit', class: 'button' }, t('Add and show its code')),
    );
  }

  const adding = addForm();
  show();
  return h(
    'div',
    { class: 'admin with-nav' },
    h('h1', null, t('Displays')),
    adminNav(),
    h(
      'p',
      null,
      t('Kitchen and pass screens and the host stand stay on through the whole service. Add one here, then on the tablet open '),
      h('code', null, t('/pair')),
      t(' and type its code, or scan it. A station’s screen shows its dishes only; the pass shows whole orders; the host stand, the bookings of yesterday, today and tomorrow. Stations and late times: '),
      h('a', { href: '/admin/stations' }, t('Stations')),
      t('. The pickup board for the counter’s TV needs no pairing: '),
      h('a', { href: '/board' }, t('/board')),
      '.',
    ),
    status,
    list,
    adding,
  );
};

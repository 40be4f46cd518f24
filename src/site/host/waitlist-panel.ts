// The waitlist on the host stand: a party the floor cannot seat now is added (size, name, a
// phone or an e-mail address) and sees its quote; the list keeps the order they came in, each
// with how long they have waited, when a table should free for them, their phone to call,
// and what the host does next: Table ready (the e-mail goes by itself), Seat (the smallest
// free table or one chosen, in one act), Gone. Those seated or gone today are listed apart,
// with how the day's quotes held. Every answer is said beside the entry acted on.
import { h } from '../../core/dom.js';
import type { StaffBooking, TableJoin, Waitlist, WaitlistEntry } from '../../shared/booking-records.js';
import type { BookingsApi } from '../bookings/index.js';
import { failureText } from '../common/failure-text.js';
import { t, tn } from '../../core/words.js';
import { chosenTables, tableOptions, type TableNow } from './table-choices.js';

export interface WaitlistOptions {
  api: Pick<BookingsApi, 'waitlist' | 'addWaiting' | 'changeWaiting' | 'seatWaiting'>;
  signal: AbortSignal;
  tables(): TableNow[];
  joins(): TableJoin[];
  /** "20:15" on the restaurant's clock. */
  clock(ms: number): string;
  /** The server's time now. */
  now(): number;
  /** Why nothing can be sent now (the screen is offline), or null. */
  offline(): string | null;
  refused(error: unknown): boolean;
  /** A party seated from the list: its stay, for the timeline. */
  seated(booking: StaffBooking): void;
}

const people = (party: number) => tn('1 person', '{count} people', party);

export function waitlistPanel(options: WaitlistOptions) {
  const { api, signal } = options;
  let shown: Waitlist | null = null;
  /** The entry whose answer is said beside it, and the words. */
  let answer: { id: number; text: string } | null = null;
  let seating: number | null = null;

  const party = h('input', { id: 'waitlist-party', type: 'number', min: 1, max: 99, value: 2, required: true, inputmode: 'numeric' });
  const name = h('input', { id: 'waitlist-name', maxlength: 80, required: true, autocomplete: 'off' });
  const phone = h('input', { id: 'waitlist-phone', type: 'tel', maxlength: 40, autocomplete: 'off' });
  const email = h('input', { id: 'waitlist-email', type: 'email', maxlength: 200, autocomplete: 'off' });
  const outcome = h('p', { class: 'outcome', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'button' }, t('Add to the waitlist'));
  const field = (id: string, label: string, input: HTMLElement) => h('p', { class: 'field' }, h('label', { for: id }, label), input);
  const queue = h('ol', { class: 'waitlist-queue', 'aria-labelledby': 'waitlist-title' });
  const done = h('div', { class: 'waitlist-done' });

  const add = async (event: Event) => {
    event.preventDefault();
    const offline = options.offline();
    if (offline) {
      outcome.textContent = offline;
      return;
    }
    // Spaces alone pass the browser's own check: said here, in the form's words (the API's would name its field code).
    if (!name.value.trim()) {
      outcome.textContent = t('Write the name to call them by.');
      name.focus();
      return;
    }
    submit.disabled = true;
    try {
      const entry = await api.addWaiting({ party: Number(party.value), name: name.value.trim(), ...(phone.value.trim() && { phone: phone.value.trim() }), ...(email.value.trim() && { email: email.value.trim() }) });
      outcome.textContent = t('On the list: {name}, {people}. {quote}', { name: entry.name, people: people(entry.party), quote: quoteWords(entry) });
      name.value = '';
      phone.value = '';
      email.value = '';
      refresh();
    } catch (error) {
      if (options.refused(error)) return;
      outcome.textContent = failureText(error);
      // The box at fault takes the cursor (a phone the API cannot call, no way to reach them).
      ({ party, name, phone, email } as Record<string, HTMLInputElement>)[(error as { body?: { field?: string } }).body?.field ?? '']?.focus();
    } finally {
      submit.disabled = false;
    }
  };

  /** "Quoted 20 min", "A table is free now", or that none frees before closing. */
  function quoteWords(entry: WaitlistEntry): string {
    if (entry.quotedMinutes === null) return t('No table that seats them frees before closing.');
    return entry.quotedMinutes === 0 ? t('A table is free now.') : t('Quoted {minutes} min.', { minutes: entry.quotedMinutes });
  }

  /** Sends an act on an entry; its answer is said beside it once the list is drawn again. */
  async function act(entry: WaitlistEntry, send: () => Promise<unknown>, saying: string) {
    const offline = options.offline();
    if (offline) {
      answer = { id: entry.id, text: offline };
      return draw();
    }
    try {
      await send();
      answer = { id: entry.id, text: saying };
      seating = null;
    } catch (error) {
      if (options.refused(error)) return;
      answer = { id: entry.id, text: failureText(error) };
    }
    refresh();
  }

  const notNow = () => {
    seating = null;
    draw();
  };

  function seatForm(entry: WaitlistEntry): HTMLElement {
    const id = `waitlist-seat-${entry.id}`;
    const table = h('select', { id }, tableOptions(options.tables(), options.joins()));
    const seat = (event: Event) => {
      event.preventDefault();
      void act(
        entry,
        async () => options.seated((await api.seatWaiting(entry, chosenTables(table.value))).booking),
        t('Seated: {name}, {people}.', { name: entry.name, people: people(entry.party) }),
      );
    };
    queueMicrotask(() => table.focus());
    return h(
      'form',
      { class: 'inline waitlist-seat', onsubmit: seat },
      h('label', { for: id }, t('Table')),
      table,
      h('button', { type: 'submit', class: 'button' }, t('Seat them')),
      h('button', { type: 'button', class: 'button secondary', onclick: notNow }, t('Not now')),
    );
  }

  function line(entry: WaitlistEntry): HTMLElement {
    const now = options.now();
    const waited = Math.max(0, Math.floor((now - Date.parse(entry.addedAt)) / 60_000));
    const facts = [
      t('waiting {minutes} min', { minutes: waited }),
      quoteWords(entry),
      entry.expectedAt && Date.parse(entry.expectedAt) > now + 60_000 ? t('A table about {time}.', { time: options.clock(Date.parse(entry.expectedAt)) }) : '',
      entry.notifiedAt ? t('Told {time} that their table is ready.', { time: options.clock(Date.parse(entry.notifiedAt)) }) : '',
    ].filter(Boolean);
    const button = (label: string, onclick: () => void, primary = false) => h('button', { type: 'button', class: primary ? 'button' : 'button secondary', onclick }, label, h('span', { class: 'visually-hidden' }, ` (${entry.name})`));
    return h(
      'li',
      { class: `waitlist-entry ${entry.status}`, 'data-entry': entry.id },
      h('p', { class: 'waitlist-who' }, h('strong', null, entry.name), ` · ${people(entry.party)}`, entry.note ? ` · ✎ ${entry.note}` : ''),
      h('p', { class: 'waitlist-facts' }, facts.join(' · ')),
      entry.phone ? h('p', null, h('a', { href: `tel:${entry.phone}` }, entry.phoneText)) : null,
      seating === entry.id
        ? seatForm(entry)
        : h(
            'div',
            { class: 'row' },
            entry.status === 'waiting'
              ? button(t('Table ready'), () => void act(entry, () => api.changeWaiting(entry, 'notified'), entry.email ? t('Told by e-mail that their table is ready.') : t('Marked as told: call them on {phone}.', { phone: entry.phoneText })), true)
              : button(t('Undo table ready'), () => void act(entry, () => api.changeWaiting(entry, 'waiting'), t('Waiting again.'))),
            button(t('Seat'), () => {
              seating = entry.id;
              draw();
            }),
            button(t('Gone'), () => void act(entry, () => api.changeWaiting(entry, 'left'), t('Marked gone.'))),
          ),
      answer?.id === entry.id ? h('p', { class: 'row-outcome', role: 'status' }, answer.text) : null,
    );
  }

  function doneLine(entry: WaitlistEntry): HTMLElement {
    const at = entry.doneAt ? options.clock(Date.parse(entry.doneAt)) : '';
    const words = entry.status === 'seated' ? t('seated {time}', { time: at }) : t('gone {time}', { time: at });
    const waited = entry.doneAt ? Math.round((Date.parse(entry.doneAt) - Date.parse(entry.addedAt)) / 60_000) : 0;
    const quote = entry.quotedMinutes === null ? '' : ` · ${t('quoted {quoted} min, waited {waited}', { quoted: entry.quotedMinutes, waited })}`;
    return h(
      'li',
      { 'data-entry': entry.id },
      `${entry.name} · ${people(entry.party)} · ${words}${quote} `,
      entry.status === 'left' ? h('button', { type: 'button', class: 'link-button', onclick: () => void act(entry, () => api.changeWaiting(entry, 'waiting'), t('Back on the list.')) }, t('Back on the list'), h('span', { class: 'visually-hidden' }, ` (${entry.name})`)) : null,
      answer?.id === entry.id ? h('span', { class: 'row-outcome', role: 'status' }, ` ${answer.text}`) : null,
    );
  }

  function draw() {
    if (!shown) return;
    const waiting = shown.entries.filter((entry) => entry.status === 'waiting' || entry.status === 'notified');
    const over = shown.entries.filter((entry) => entry.status === 'seated' || entry.status === 'left');
    toggle.textContent = waiting.length ? t('Waitlist ({count})', { count: waiting.length }) : t('Waitlist');
    queue.replaceChildren(...(waiting.length ? waiting.map(line) : [h('li', { class: 'empty' }, t('Nobody is waiting.'))]));
    const { accuracy } = shown;
    done.replaceChildren(
      ...(accuracy.seated ? [h('p', null, t('Seated from the list today: {count}; quoted {quoted} min on average, waited {waited}.', { count: accuracy.seated, quoted: accuracy.quotedMinutes ?? 0, waited: accuracy.waitedMinutes ?? 0 }))] : []),
      ...(over.length ? [h('details', null, h('summary', null, t('Seated or gone today ({count})', { count: over.length })), h('ul', null, over.map(doneLine)))] : []),
    );
  }

  function refresh() {
    api.waitlist(signal).then(
      (read) => {
        shown = read;
        draw();
      },
      (error: unknown) => {
        if (signal.aborted || options.refused(error)) return;
        queue.replaceChildren(h('li', { class: 'empty' }, failureText(error)));
      },
    );
  }

  const form = h(
    'form',
    { class: 'form waitlist-add', onsubmit: add, 'aria-labelledby': 'waitlist-add-title' },
    h('h3', { id: 'waitlist-add-title' }, t('Add a party')),
    field('waitlist-party', t('Party'), party),
    field('waitlist-name', t('Name'), name),
    field('waitlist-phone', t('Phone (or an e-mail)'), phone),
    field('waitlist-email', t('E-mail (for “your table is ready”)'), email),
    h('div', { class: 'row' }, submit),
    outcome,
  );
  const node = h('section', { id: 'waitlist', class: 'waitlist', hidden: true, 'aria-labelledby': 'waitlist-title' }, h('h2', { id: 'waitlist-title' }, t('Waitlist')), queue, done, form);
  const toggle = h('button', { type: 'button', class: 'button secondary', 'aria-expanded': 'false', 'aria-controls': 'waitlist', onclick: () => open(node.hidden) }, t('Waitlist'));

  function open(yes: boolean) {
    node.hidden = !yes;
    toggle.setAttribute('aria-expanded', String(yes));
    if (yes) {
      refresh();
      party.focus();
    } else if (node.contains(document.activeElement)) toggle.focus();
  }

  return {
    node,
    toggle,
    /** The list read again (a booking or the list changed elsewhere). */
    refresh,
    hide: (hidden: boolean) => {
      toggle.hidden = hidden;
      if (hidden) open(false);
    },
  };
}

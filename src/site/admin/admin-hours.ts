// `/admin/hours`: the week (one or two services a day) and the closed dates, saved with
// the version they were loaded from; a stale save (409) shows the hours as they are now.
// Unsaved changes are kept in this browser (draft.ts), closed dates added and removed too.
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi, AdminHours, Service } from './api.js';
import { adminNav, failureText } from './admin-nav.js';
import { t } from '../../core/words.js';
import { weekdayName } from '../common/format.js';
import { keepDraft } from './draft.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
// "Monday" or "Lunedì": the day's name in the page's language.
const title = (day: string) => {
  const name = weekdayName(DAYS.indexOf(day));
  return name[0]!.toUpperCase() + name.slice(1);
};

export const adminHoursPage = (admin: AdminApi, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const frame = h('div');
  const now = h('p', { class: 'outcome', role: 'status' });
  loadInto(frame, () => admin.hours(ctx.signal), form, { signal: ctx.signal, waiting: t('Loading the opening hours…') });

  function form(loaded: AdminHours): Node {
    let version = loaded.version;
    now.textContent = `${loaded.summary} (${loaded.timeZone}).`;
    const time = (id: string, value = '') => h('input', { id, type: 'time', value, step: 60 });
    const rows = DAYS.map((day) => {
      const services = loaded.week[day] ?? [];
      const slot = (i: number) => {
        const service: Partial<Service> = services[i] ?? {};
        return {
          on: h('input', { id: `${day}-${i}-on`, type: 'checkbox', checked: Boolean(services[i]) }),
          opens: time(`${day}-${i}-opens`, service.opens),
          closes: time(`${day}-${i}-closes`, service.closes === '24:00' ? '00:00' : service.closes),
        };
      };
      const slots = [slot(0), slot(1)];
      const fieldset = h(
        'fieldset',
        { class: 'day' },
        h('legend', null, title(day)),
        slots.map((each, i) =>
          h(
            'p',
            { class: 'service' },
            h('label', { class: 'choice' }, each.on, ' ', i ? t('Dinner service') : t('Lunch service')),
            h('label', { for: each.opens.id }, t('opens')),
            each.opens,
            h('label', { for: each.closes.id }, t('closes')),
            each.closes,
          ),
        ),
      );
      return { day, slots, fieldset };
    });
    const closedList = h('ul', { class: 'closed-dates' });
    const noneClosed = h('p', { class: 'hint' }, t('No closed dates: open as the week above says.'));
    const showNone = () => (noneClosed.hidden = closedList.children.length > 0);
    const closedRow = (date = '', note = '') => {
      const row = h(
        'li',
        null,
        h('label', null, t('Date '), h('input', { type: 'date', value: date, class: 'closed-date' })),
        h('label', null, t(' Note '), h('input', { value: note, maxlength: 80, class: 'closed-note' })),
        h(
          'button',
          {
            type: 'button',
            class: 'link-button',
            onclick: () => {
              row.remove();
              changedRows();
            },
          },
          t('Remove'),
        ),
      );
      closedList.append(row);
      noneClosed.hidden = true;
      return row;
    };
    for (const each of loaded.closedDates) closedRow(each.date, each.note);
    // The closed dates as one field, so that the draft keeps rows added and removed: typing
    // in a row writes it; a draft put back (an input on the form itself) draws the rows again.
    const closedField = h('input', { type: 'hidden', id: 'closed-dates' });
    const syncClosed = () => (closedField.value = JSON.stringify(closedDates()));
    const changedRows = () => {
      showNone();
      syncClosed();
      closedField.dispatchEvent(new Event('change', { bubbles: true }));
    };
    const message = h('div', { class: 'form-error', role: 'alert' });
    const saved = h('p', { class: 'outcome', role: 'status' });

    const week = () =>
      Object.fromEntries(rows.map(({ day, slots }) => [day, slots.filter((each) => each.on.checked).map((each) => ({ opens: each.opens.value, closes: each.closes.value === '00:00' ? '24:00' : each.closes.value }))]));
    const closedDates = () =>
      [...closedList.children].map((row) => ({ date: row.querySelector<HTMLInputElement>('.closed-date')!.value, note: row.querySelector<HTMLInputElement>('.closed-note')!.value.trim() })).filter((each) => each.date);
    const snapshot = () => JSON.stringify([week(), closedDates()]);
    let clean = snapshot();

    async function save(event: Event) {
      event.preventDefault();
      message.replaceChildren();
      saved.textContent = '';
      try {
        const answer = await admin.saveHours(version, week(), closedDates());
        version = answer.version;
        clean = snapshot();
        draft.saved(version);
        now.textContent = `${answer.summary} (${answer.timeZone}).`;
        saved.textContent = t('Saved: {weekText}.', { weekText: answer.weekText });
      } catch (error) {
        const current = (error as { body?: { hours?: AdminHours & { week: Record<string, Service[]> } } }).body?.hours;
        if (current) {
          version = current.version;
          const words = DAYS.map((day) => `${title(day)}: ${(current.week[day] ?? []).map((each) => `${each.opens}–${each.closes}`).join(t(' and ')) || t('closed')}`);
          message.replaceChildren(h('p', null, t('Someone saved the hours while you were editing them. They are now:')), h('ul', null, words.map((line) => h('li', null, line))), h('p', null, t('Your changes are still in the form: save again to keep them.')));
        } else message.textContent = failureText(error);
      }
    }
    ctx.signal.addEventListener('abort', blocking.block(() => snapshot() !== clean));
    const formNode = h(
      'form',
      { class: 'form admin-form hours-form', onsubmit: save },
      closedField,
      h('p', { class: 'hint' }, t('A service that closes at 00:00 closes at midnight; one that closes before it opens runs past midnight.')),
      rows.map((row) => row.fieldset),
      h('h2', null, t('Closed dates')),
      noneClosed,
      closedList,
      h('button', { type: 'button', class: 'button secondary', onclick: () => closedRow().querySelector('input')!.focus() }, t('Add a closed date')),
      message,
      h('button', { type: 'submit', class: 'button large' }, t('Save opening hours')),
      saved,
    );
    syncClosed();
    showNone();
    formNode.addEventListener('input', (event) => {
      if (event.target !== formNode) return syncClosed();
      const kept = JSON.parse(closedField.value || '[]') as AdminHours['closedDates'];
      closedList.replaceChildren();
      for (const each of kept) closedRow(each.date, each.note);
      showNone();
    });
    // Kept in this browser until saved: a reload or a closed tab offers it back (draft.ts).
    const draft = keepDraft(formNode, 'hours', loaded.version);
    return h('div', null, draft.notice, formNode);
  }

  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Opening hours')), adminNav(), now, frame);
};

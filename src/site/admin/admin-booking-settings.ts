// `/admin/booking-settings`: how bookings are taken. Every rule in one form, saved on its
// version (a 409 shows the settings as they are now); with unsaved changes, leaving asks, and
// the changes are kept in this browser until saved (draft.ts).
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { BookingSettings } from '../../shared/booking-records.js';
import type { AdminApi } from './api.js';
import { adminNav, failureText } from './admin-nav.js';
import { t } from '../../core/words.js';
import { keepDraft } from './draft.js';

type NumberRule = Exclude<keyof BookingSettings, 'needsApproval' | 'version'>;

/** Each number: its label, its hint, its range. */
const RULES: [NumberRule, string, string, number, number][] = [
  ['intervalMinutes', t('A free time every (minutes)'), t('From the start of each service.'), 5, 120],
  ['stayMinutes', t('A table is held for (minutes)'), t('The last time of a service is this long before it closes.'), 30, 360],
  ['leadMinutes', t('Online bookings at least (minutes ahead)'), t('Sooner than that, guests call.'), 0, 10080],
  ['horizonDays', t('Online bookings at most (days ahead)'), '', 1, 365],
  ['cancelCutoffMinutes', t('Guests change or cancel online until (minutes before)'), '', 0, 10080],
  ['largestParty', t('Largest party online'), t('Larger parties call.'), 1, 99],
  ['pacingParties', t('Parties starting per quarter hour, at most'), t('0: no limit.'), 0, 1000],
  ['pacingSeats', t('Guests starting per quarter hour, at most'), t('0: no limit.'), 0, 10000],
  ['lateMinutes', t('A party is late after (minutes)'), t('The host stand says so in words.'), 1, 240],
];

export const adminBookingSettingsPage = (admin: AdminApi, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const area = h('div');
  const status = h('p', { class: 'outcome', role: 'status' });
  let snapshot = () => '';
  let clean = '';
  ctx.signal.addEventListener('abort', blocking.block(() => snapshot() !== clean));

  // The form, and above it the offer of a draft kept from before (draft.ts).
  function form(settings: BookingSettings): HTMLElement {
    const inputs = RULES.map(([key, , , min, max]) => h('input', { id: `rule-${key}`, name: key, type: 'number', min, max, step: 1, value: settings[key], required: true, inputmode: 'numeric' }));
    const approval = h('input', { id: 'rule-needsApproval', type: 'checkbox', checked: settings.needsApproval });
    snapshot = () => JSON.stringify([...inputs.map((input) => input.value), approval.checked]);
    // A largest party online that no table seats: those guests would be told "fully booked" on every day.
    const largest = inputs[RULES.findIndex(([key]) => key === 'largestParty')]!;
    const warning = h('p', { class: 'field-error', id: 'rule-largestParty-warning', role: 'status' });
    largest.setAttribute('aria-describedby', warning.id);
    const warn = () => {
      const party = Number(largest.value);
      warning.textContent =
        largestTable !== undefined && party > largestTable
          ? largestTable === 0
            ? t('No table is on the floor: nobody can book online until one is (the Tables page).')
            : t('No table seats more than {largestTable}: guests see “For {larger} or more, please call us”. Lower this to {largestTable}, or add a larger table on the Tables page.', { largestTable, larger: largestTable + 1 })
          : '';
    };
    largest.addEventListener('input', warn);
    warn();
    clean = snapshot();
    const save = (event: Event) => {
      event.preventDefault();
      const wanted = { ...settings, needsApproval: approval.checked, ...Object.fromEntries(RULES.map(([key], i) => [key, Number(inputs[i]!.value)])) };
      admin.saveBookingSettings(wanted).then(
        (now) => {
          draft.saved(now.version);
          status.textContent = t('Saved. Bookings already made keep their times and tables.');
          area.replaceChildren(form(now));
        },
        (error) => {
          const current = (error as { body?: { settings?: BookingSettings } })?.body?.settings;
          status.textContent = failureText(error) + (current ? t(' They are shown as they are now.') : '');
          if (current) area.replaceChildren(form(current));
        },
      );
    };
    const formNode = h(
      'form',
      { class: 'form admin-form', onsubmit: save, 'aria-label': t('Booking settings') },
      RULES.map(([key, label, hint], i) =>
        h('p', { class: 'field' }, h('label', { for: `rule-${key}` }, label), inputs[i]!, hint ? h('span', { class: 'hint' }, hint) : null, key === 'largestParty' ? warning : null),
      ),
      h('p', { class: 'field' }, h('label', { class: 'choice', for: 'rule-needsApproval' }, approval, t(' Online bookings wait for us to accept them'))),
      h('button', { type: 'submit', class: 'button' }, t('Save settings')),
    );
    // Kept in this browser until saved: a reload or a closed tab offers it back.
    const draft = keepDraft(formNode, 'booking-settings', settings.version);
    return h('div', null, draft.notice, formNode);
  }

  let largestTable: number | undefined;
  loadInto(
    area,
    async () => {
      const [settings, seats] = await Promise.all([admin.bookingSettings(ctx.signal), admin.largestTable(ctx.signal)]);
      largestTable = seats;
      return settings;
    },
    form,
    { signal: ctx.signal, waiting: t('Loading the settings…') },
  );
  return h('div', { class: 'admin with-nav' }, h('h1', null, t('Booking settings')), adminNav(), h('p', null, h('a', { href: '/admin/bookings' }, t('Back to the bookings'))), status, area);
};

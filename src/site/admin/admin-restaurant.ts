// `/admin/restaurant`: who runs the restaurant, as the imprint and the privacy notice show
// it: name, registered name and address, VAT number, phone and e-mail. Saved with the
// version it was loaded from; a stale save (409) says what someone else changed. Unsaved
// changes are kept as a draft in this browser (draft.ts).
import type { PageContext } from '../../router/app.js';
import type { Blocking } from '../../router/blocker.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { AdminApi } from './api.js';
import type { Restaurant, RestaurantFields } from '../../shared/restaurant-records.js';
import { adminNav, euros, failureText } from './admin-nav.js';
import { t } from '../../core/words.js';
import { keepDraft } from './draft.js';

const FIELDS: [key: Exclude<keyof RestaurantFields, 'italianHeld' | 'coverCents' | 'discountLimitCents'>, label: string, props: Record<string, string | number>][] = [
  ['name', t('Name diners know'), { maxlength: 80 }],
  ['legalName', t('Registered name'), { maxlength: 120, autocomplete: 'organization' }],
  ['address', t('Registered address'), { maxlength: 200, autocomplete: 'street-address' }],
  ['vatNumber', t('VAT number (partita IVA, 11 digits)'), { maxlength: 20, inputmode: 'numeric' }],
  ['phone', t('Phone'), { maxlength: 40, type: 'tel', autocomplete: 'tel' }],
  ['email', t('E-mail'), { maxlength: 120, type: 'email', autocomplete: 'email' }],
];

export const adminRestaurantPage = (admin: AdminApi, blocking: Blocking) => (ctx: PageContext<unknown>) => {
  const frame = h('div');
  loadInto(frame, () => admin.restaurant(ctx.signal), form, { signal: ctx.signal, waiting: t('Loading the restaurant\'s details…') });

  function form(loaded: Restaurant): Node {
    let base = loaded;
    const inputs = FIELDS.map(([key, , props]) => h('input', { id: `restaurant-${key}`, name: key, required: true, value: loaded[key], ...props }));
    // Italian held back from diners until its menu is complete (the menu editor shows what is missing).
    const held = h('input', { type: 'checkbox', id: 'restaurant-italianHeld', name: 'italianHeld', checked: loaded.italianHeld, 'aria-describedby': 'restaurant-italianHeld-hint' });
    // The cover charge per guest in euros as typed ("2.50", "2,50"); bills opened from then on count it.
    const cover = h('input', { type: 'text', id: 'restaurant-coverCents', name: 'coverCents', inputmode: 'decimal', value: euros(loaded.coverCents), pattern: '\\d{1,3}([.,]\\d{1,2})?', 'aria-describedby': 'restaurant-coverCents-hint' });
    const coverCents = () => Math.round(Number(cover.value.trim().replace(',', '.') || '0') * 100);
    // The most a Waiter may take off one bill; a larger discount is the Admin's.
    const limit = h('input', { type: 'text', id: 'restaurant-discountLimitCents', name: 'discountLimitCents', inputmode: 'decimal', value: euros(loaded.discountLimitCents), 'aria-describedby': 'restaurant-discountLimitCents-hint' });
    const limitCents = () => Math.round(Number(limit.value.trim().replace(',', '.') || '0') * 100);
    const values = (): RestaurantFields => ({ ...(Object.fromEntries(FIELDS.map(([key], i) => [key, inputs[i]!.value.trim()])) as Omit<RestaurantFields, 'italianHeld' | 'coverCents' | 'discountLimitCents'>), italianHeld: held.checked, coverCents: coverCents(), discountLimitCents: limitCents() });
    const message = h('div', { class: 'form-error', role: 'alert' });
    const saved = h('p', { class: 'outcome', role: 'status' });
    let clean = JSON.stringify(values());

    async function save(event: Event) {
      event.preventDefault();
      message.replaceChildren();
      saved.textContent = '';
      try {
        base = await admin.saveRestaurant(base.version, values());
        clean = JSON.stringify(values());
        draft.saved(base.version);
        saved.textContent = t('Saved: the imprint and the privacy notice show it now.');
      } catch (error) {
        const current = (error as { body?: { restaurant?: Restaurant } }).body?.restaurant;
        if (current) {
          const changed = FIELDS.filter(([key]) => current[key] !== base[key]);
          message.replaceChildren(
            h('p', null, t('Someone saved these details while you were editing them. What they changed:')),
            h('ul', null, changed.map(([key, label]) => h('li', null, `${label}: ${base[key]} → ${current[key]}`))),
            h('p', null, t('Your changes are still in the form: save again to keep them.')),
          );
          base = current;
        } else {
          message.textContent = failureText(error);
          const field = (error as { body?: { field?: string } }).body?.field;
          if (field) frame.querySelector<HTMLElement>(`#restaurant-${field}`)?.focus();
        }
      }
    }
    ctx.signal.addEventListener('abort', blocking.block(() => JSON.stringify(values()) !== clean));
    const formNode = h(
      'form',
      { class: 'form admin-form', onsubmit: save, novalidate: true },
      FIELDS.map(([key, label], i) => [h('label', { for: `restaurant-${key}` }, label), inputs[i]!]),
      h('label', { for: 'restaurant-coverCents' }, t('Cover charge per guest (€)')),
      cover,
      h('p', { id: 'restaurant-coverCents-hint', class: 'hint' }, t('The "coperto" each guest’s bill counts; 0 for none. Bills opened after saving count it.')),
      h('label', { for: 'restaurant-discountLimitCents' }, t('Discount a waiter may give on one bill, at most (€)')),
      limit,
      h('p', { id: 'restaurant-discountLimitCents-hint', class: 'hint' }, t('A larger discount is yours to give.')),
      h('fieldset', null, h('legend', null, t('The menu in Italian')), h('label', { class: 'choice' }, held, ' ', t('Hold Italian back from diners until its menu is complete')), h('p', { id: 'restaurant-italianHeld-hint', class: 'hint' }, t('While held, Italian pages show the English menu, marked as English. The menu editor shows what is not translated yet.'))),
      message,
      h('button', { type: 'submit', class: 'button large' }, t('Save details')),
      saved,
    );
    // Kept in this browser until saved: a reload or a closed tab offers it back (draft.ts).
    const draft = keepDraft(formNode, 'restaurant', loaded.version);
    return h('div', null, draft.notice, formNode);
  }

  return h('div', { class: 'admin with-nav' }, h('h1', null, t('The restaurant')), adminNav(), h('p', null, t('Who runs the restaurant, as the '), h('a', { href: '/imprint' }, t('imprint')), t(' and the '), h('a', { href: '/privacy' }, t('privacy notice')), t(' say it.')), frame);
};

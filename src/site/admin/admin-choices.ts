// `/admin/choices`: the groups of choices dishes list (a doneness, extras, what can be left
// out), each with what the diner does, its options and their prices, and the dishes that
// list it; each opens its form (admin-choice-group.ts). A group serves every dish that lists
// it: edited once, here.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import { LANG, t } from '../../core/words.js';
import { shownName } from '../common/shown-name.js';
import type { AdminApi, AdminChoiceGroup } from './api.js';
import { formatPrice } from '../common/price.js';
import { adminNav } from './admin-nav.js';

/** How many a diner must and may choose, in words: "Choose 1", "Up to 3", "Choose 1 to 2". */
export function asked(group: Pick<AdminChoiceGroup, 'kind' | 'min' | 'max'>): string {
  if (group.kind === 'without') return t('Leave out up to {count}', { count: group.max });
  if (group.min === 0) return t('Up to {count}, if wanted', { count: group.max });
  if (group.min === group.max) return t('Choose {count}', { count: group.min });
  return t('Choose {min} to {max}', { min: group.min, max: group.max });
}

const optionWords = (option: AdminChoiceGroup['options'][number]) =>
  `${shownName(option)}${option.priceCents ? ` ${option.priceCents > 0 ? '+' : '−'}\u2060${formatPrice(Math.abs(option.priceCents))}` : ''}${option.available ? '' : ` (${t('[option] sold out')})`}`;

export const adminChoicesPage = (admin: AdminApi) => (ctx: PageContext<unknown>) => {
  const frame = h('div');
  loadInto(
    frame,
    () => Promise.all([admin.choiceGroups(ctx.signal), admin.menu(ctx.signal)]),
    ([groups, categories]) => {
      const dishNames = new Map(categories.flatMap((category) => category.dishes.map((dish) => [dish.id, dish.name] as const)));
      if (!groups.length) return h('p', null, t('No group of choices yet.'));
      return h(
        'ul',
        { class: 'messages' },
        groups.map((group) =>
          h(
            'li',
            null,
            h('h2', null, h('a', { href: `/admin/choices/${group.id}` }, shownName(group)), group.nameIt ? h('span', LANG === 'it' ? { lang: 'en' } : { lang: 'it' }, ` · ${LANG === 'it' ? group.name : group.nameIt}`) : h('span', { class: 'badge' }, t('Not in Italian yet'))),
            h('p', null, asked(group), ': ', group.options.map(optionWords).join(', ')),
            h('p', { class: 'hint' }, group.dishes.length ? t('Listed by: {dishes}', { dishes: group.dishes.map((dish) => dishNames.get(dish) ?? t('Dish {id}', { id: dish })).join(', ') }) : t('No dish lists it yet.')),
          ),
        ),
      );
    },
    { signal: ctx.signal, waiting: t('Loading the choices…') },
  );
  return h(
    'div',
    { class: 'admin with-nav' },
    h('h1', null, t('Choices')),
    adminNav(),
    h(
      'div',
      null,
      h('p', null, t('What a diner chooses for a dish: how it is cooked, extras, what to leave out. A group serves every dish that lists it; a dish lists its groups on its own page.')),
      h('p', null, h('a', { href: '/admin/choices/new', class: 'button' }, t('New group of choices'))),
      frame,
    ),
  );
};

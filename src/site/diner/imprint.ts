// `/imprint`: who runs the restaurant, as Italian law asks a business's site to say it:
// the registered name, the address, the VAT number (partita IVA) and how to reach them.
// The Admin sets them at /admin/restaurant.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { LaterServices } from '../shell/services.js';
import { telHref } from '../../shared/restaurant-records.js';
import { t } from '../../core/words.js';

export const imprintPage = ({ api }: LaterServices) => (ctx: PageContext<unknown>) => {
  const body = h('div');
  loadInto(
    body,
    () => api.restaurantNow(ctx.signal),
    (restaurant) =>
      h(
        'dl',
        { class: 'facts' },
        [
          [t('Restaurant'), restaurant.name],
          [t('Run by'), restaurant.legalName],
          [t('Registered address'), restaurant.address],
          [t('VAT number (P.IVA)'), `IT ${restaurant.vatNumber}`],
          [t('Phone'), h('a', { href: telHref(restaurant.phone) }, restaurant.phone)],
          ['E-mail', h('a', { href: `mailto:${restaurant.email}` }, restaurant.email)],
        ].map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value))),
      ),
    { signal: ctx.signal, waiting: t('Loading the details…') },
  );
  return h('div', { class: 'legal-page' }, h('h1', null, t('Imprint')), body, h('p', null, h('a', { href: '/privacy' }, t('How we handle your data'))));
};

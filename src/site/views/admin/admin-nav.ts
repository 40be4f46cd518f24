// The owner's pages share a heading row and this nav: the day's numbers, the menu, the hours, the staff, the bookings, the tables, the
// kitchen's displays and stations, the guests' e-mails, the activity.
import { h } from '../../../core/dom.js';
import { BASE } from '../../../core/words.js';
import { LANG, t } from '../../../core/words.js';

// Each link with the addresses under it: a dish's page is the menu's, a day's page is Today's.
const SECTIONS: [href: string, text: string, under: string][] = [
  ['/admin/day', t('Today'), '/admin/day/'],
  ['/admin', t('Menu'), '/admin/dishes/'],
  ['/admin/hours', t('Opening hours'), '/admin/hours/'],
  ['/admin/restaurant', t('Restaurant'), '/admin/restaurant/'],
  ['/admin/staff', t('Staff'), '/admin/staff/'],
  ['/admin/bookings', t('Bookings'), '/admin/booking'],
  ['/admin/tables', t('Tables'), '/admin/qr-codes'],
  ['/admin/displays', t('Displays'), '/admin/displays/'],
  ['/admin/stations', t('Stations'), '/admin/stations/'],
  ['/admin/messages', t('E-mails'), '/admin/messages/'],
  ['/admin/activity', t('Activity'), '/admin/activity/'],
];

/** The nav, its link to this page marked `aria-current="page"` and, on a page under a section, the section's link `"true"`. */
export const adminNav = (pathname = location.pathname.slice(BASE.length)) => {
  const here = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const current = (href: string, under: string) => (here === href ? 'page' : here.startsWith(under) ? 'true' : false);
  return h(
    'nav',
    { class: 'admin-nav', 'aria-label': t('Admin') },
    h('ul', null, ...SECTIONS.map(([href, text, under]) => h('li', null, h('a', { href, 'aria-current': current(href, under) }, text)))),
  );
};

export { failureText } from '../../failure-text.js';

/** Euro cents as the price field shows them ("14.50", in Italian "14,50"), and back (null when it is not a price). */
export const euros = (cents: number) => (LANG === 'it' ? (cents / 100).toFixed(2).replace('.', ',') : (cents / 100).toFixed(2));
export const cents = (text: string): number | null => (/^\d{1,4}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : null);

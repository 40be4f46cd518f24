// The owner's pages share a heading row and this nav: the day's numbers, the menu, the hours, the staff, the tables, the activity.
import { h } from '../../../core/dom.js';

export const adminNav = () =>
  h(
    'nav',
    { class: 'admin-nav', 'aria-label': 'Admin' },
    h('ul', null, ...[['/admin/day', 'Today'], ['/admin', 'Menu'], ['/admin/hours', 'Opening hours'], ['/admin/staff', 'Staff'], ['/admin/tables', 'Tables'], ['/admin/activity', 'Activity']].map(([href, text]) => h('li', null, h('a', { href: href!, 'data-nav': true }, text!)))),
  );

export { failureText } from '../../failure-text.js';

/** Euro cents as the price field shows them ("14.50"), and back (null when it is not a price). */
export const euros = (cents: number) => (cents / 100).toFixed(2);
export const cents = (text: string): number | null => (/^\d{1,4}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : null);

// The owner's pages share a heading row and this nav: the menu, the hours, the activity.
import { h } from '../../../core/dom.js';

export const adminNav = () =>
  h(
    'nav',
    { class: 'admin-nav', 'aria-label': 'Admin' },
    h('ul', null, ...[['/admin', 'Menu'], ['/admin/hours', 'Opening hours'], ['/admin/activity', 'Activity']].map(([href, text]) => h('li', null, h('a', { href: href!, 'data-nav': true }, text!)))),
  );

/** An API failure in words: its own message (a field, a conflict), else the client's. */
export const failureText = (error: unknown): string =>
  (error as { body?: { message?: string } })?.body?.message ?? (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** Euro cents as the price field shows them ("14.50"), and back (null when it is not a price). */
export const euros = (cents: number) => (cents / 100).toFixed(2);
export const cents = (text: string): number | null => (/^\d{1,4}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : null);

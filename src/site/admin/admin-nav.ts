// The owner's pages share this nav, grouped by task: the service (today at a glance, the
// bookings, the day's numbers), the menu, the restaurant, the people. From 1024 px it stands
// at the side of every owner's page (styles.css); below, it folds behind one button that
// names the page you are on.
import { h } from '../../core/dom.js';
import { BASE, t } from '../../core/words.js';

type Link = [href: string, text: string, under: string];

// Each link with the addresses under it: a dish's page is the menu's, a day's page is the day's numbers'.
const GROUPS: [title: string, links: Link[]][] = [
  [
    t('Service'),
    [
      ['/admin', t('Overview'), '/admin/overview'],
      ['/admin/bookings', t('Bookings'), '/admin/booking'],
      ['/admin/day', t('The day\'s numbers'), '/admin/day/'],
      ['/admin/close', t('Close the day'), '/admin/close/'],
    ],
  ],
  [
    t('Menu'),
    [
      ['/admin/menu', t('Menu'), '/admin/dishes/'],
      ['/admin/choices', t('Choices'), '/admin/choices/'],
      ['/admin/stations', t('Stations'), '/admin/stations/'],
    ],
  ],
  [
    t('Restaurant'),
    [
      ['/admin/restaurant', t('Details'), '/admin/restaurant/'],
      ['/admin/hours', t('Opening hours'), '/admin/hours/'],
      ['/admin/tables', t('Tables'), '/admin/qr-codes'],
      ['/admin/displays', t('Displays'), '/admin/displays/'],
    ],
  ],
  [
    t('People'),
    [
      ['/admin/staff', t('Staff'), '/admin/staff/'],
      ['/admin/messages', t('E-mails'), '/admin/messages/'],
      ['/admin/activity', t('Activity'), '/admin/activity/'],
    ],
  ],
];

/** The nav, its link to this page marked `aria-current="page"` and, on a page under a section, the section's link `"true"`. */
export const adminNav = (pathname = location.pathname.slice(BASE.length)) => {
  const here = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const current = (href: string, under: string) => (here === href ? 'page' : here.startsWith(under) ? 'true' : false);
  const shown = GROUPS.flatMap(([, links]) => links).find(([href, , under]) => current(href, under));
  const nav = h('nav', { class: 'admin-nav', 'aria-label': t('Admin') });
  const toggle = h(
    'button',
    { type: 'button', class: 'admin-nav-toggle button secondary', 'aria-expanded': 'false', 'aria-controls': 'admin-sections', onclick: () => toggle.setAttribute('aria-expanded', String(nav.classList.toggle('open'))) },
    shown ? t('Admin menu · {page}', { page: shown[1] }) : t('Admin menu'),
  );
  nav.append(
    toggle,
    h(
      'div',
      { class: 'admin-sections', id: 'admin-sections' },
      GROUPS.map(([title, links], i) =>
        h(
          'div',
          { class: 'admin-group' },
          h('p', { class: 'admin-group-title', id: `admin-group-${i}` }, title),
          h('ul', { 'aria-labelledby': `admin-group-${i}` }, links.map(([href, text, under]) => h('li', null, h('a', { href, 'aria-current': current(href, under) }, text)))),
        ),
      ),
    ),
  );
  return nav;
};

export { failureText } from '../common/failure-text.js';

export { euros } from '../common/money-input.js';
/** A price as the price field has it ("14.50", "14,50") in cents, or null when it is not a price. */
export const cents = (text: string): number | null => (/^\d{1,4}([.,]\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim().replace(',', '.')) * 100) : null);

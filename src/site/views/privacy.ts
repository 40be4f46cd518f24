// `/privacy`: what the site keeps about people, why, for how long, what removes it, and the
// rights people have (the EU's GDPR). Every period here is the code's own: the days guests'
// details are kept come from the server (BOOKING_DATA_DAYS); the rest are fixed in the code.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { LaterServices } from '../services.js';
import type { Restaurant } from '../../shared/restaurant-records.js';

const section = (title: string, ...paragraphs: (string | Node)[]) => h('section', null, h('h2', null, title), paragraphs.map((text) => h('p', null, text)));

export function privacyText(restaurant: Restaurant): Node {
  const days = `${restaurant.guestDataDays} days`;
  return h(
    'div',
    null,
    section('Who is responsible', `${restaurant.legalName}, ${restaurant.address}, VAT number IT ${restaurant.vatNumber}. Write to `, h('a', { href: `mailto:${restaurant.email}` }, restaurant.email), ` or call ${restaurant.phone} about anything on this page.`),
    section(
      'Orders',
      'An order keeps its dishes, its table or the name to call out, its note and its times: to cook and serve it, and for the day’s takings, which the law asks us to keep.',
      `A pickup order also keeps your phone number, only to call you while it waits: only our staff see it, and it is removed ${days} after the order.`,
      'While your order’s page is open, it follows the order live; nothing more about you is stored for that.',
    ),
    section('Bookings', `A booking keeps your name, phone number, e-mail address if you give one, and your note, to hold your table and reach you about it. They are removed ${days} after the booking’s day; what stays is the day, time, party size and table, without you.`),
    section('Staff accounts', 'A staff account keeps a name, an e-mail address, a role, a hash of the password (never the password itself) and when it last signed in. A sign-in lasts at most 7 days and is deleted a day after it ends.'),
    section('Limits against abuse', 'To stop floods of orders, bookings and sign-ins, the address of your connection (and a table’s code or a phone number) is counted for 10 to 15 minutes, then deleted.'),
    section('In your browser', 'Your cart, the orders you placed here (to follow them) and the table you scanned are kept in this browser’s storage, and a staff member’s sign-in too; they leave it only with the requests that need them. This site sets no cookies and uses no tracking or analytics, so it asks for no consent.'),
    section('Your rights', 'You may ask to see, correct or delete what we keep about you, to limit its use or object to it, and to receive it in a common format. Ask us at the address above. You may also complain to the Garante per la protezione dei dati personali (garanteprivacy.it).'),
  );
}

export const privacyPage = ({ api }: LaterServices) => (ctx: PageContext<unknown>) => {
  const body = h('div');
  loadInto(body, () => api.restaurantNow(ctx.signal), privacyText, { signal: ctx.signal, waiting: 'Loading the notice…' });
  return h('div', { class: 'legal-page' }, h('h1', null, 'Privacy notice'), body);
};

// `/privacy`: what the site keeps about people, why, for how long, what removes it, and the
// rights people have (the EU's GDPR). Every period here is the code's own: the days guests'
// details are kept come from the server (BOOKING_DATA_DAYS); the rest are fixed in the code.
import type { PageContext } from '../../router/app.js';
import { h } from '../../core/dom.js';
import { loadInto } from '../../core/load.js';
import type { LaterServices } from '../shell/services.js';
import type { Restaurant } from '../../shared/restaurant-records.js';
import { t, tn } from '../../core/words.js';

const section = (title: string, ...paragraphs: (string | Node)[]) => h('section', null, h('h2', null, title), paragraphs.map((text) => h('p', null, text)));

export function privacyText(restaurant: Restaurant): Node {
  const days = tn('1 day', '{count} days', restaurant.guestDataDays);
  return h(
    'div',
    null,
    section(t('Who is responsible'), t('{legalName}, {address}, VAT number IT {vatNumber}. Write to ', { legalName: restaurant.legalName, address: restaurant.address, vatNumber: restaurant.vatNumber }), h('a', { href: `mailto:${restaurant.email}` }, restaurant.email), t(' or call {phone} about anything on this page.', { phone: restaurant.phone })),
    section(
      t('Orders'),
      t('An order keeps its dishes, its table or the name to call out, its note and its times: to cook and serve it, and for the day’s takings, which the law asks us to keep.'),
      t('A pickup order also keeps your phone number, only to call you while it waits: only our staff see it, and it is removed {days} after the order.', { days }),
      t('While your order’s page is open, it follows the order live; nothing more about you is stored for that.'),
    ),
    section(t('Bookings'), t('A booking keeps your name, phone number, e-mail address if you give one, and your note, to hold your table and reach you about it. They are removed {days} after the booking’s day; what stays is the day, time, party size and table, without you.', { days })),
    section(t('Staff accounts'), t('A staff account keeps a name, an e-mail address, a role, a hash of the password (never the password itself) and when it last signed in. A sign-in lasts at most 7 days and is deleted a day after it ends.')),
    section(t('Limits against abuse'), t('To stop floods of orders, bookings and sign-ins, the address of your connection (and a table’s code or a phone number) is counted for 10 to 15 minutes, then deleted.')),
    section(t('In your browser'), t('Your cart, the orders you placed here (to follow them) and the table you scanned are kept in this browser’s storage, and a staff member’s sign-in too; they leave it only with the requests that need them. This site sets no cookies and uses no tracking or analytics, so it asks for no consent.')),
    section(t('Your rights'), t('You may ask to see, correct or delete what we keep about you, to limit its use or object to it, and to receive it in a common format. Ask us at the address above. You may also complain to the Garante per la protezione dei dati personali (garanteprivacy.it).')),
  );
}

export const privacyPage = ({ api }: LaterServices) => (ctx: PageContext<unknown>) => {
  const body = h('div');
  loadInto(body, () => api.restaurantNow(ctx.signal), privacyText, { signal: ctx.signal, waiting: t('Loading the notice…') });
  return h('div', { class: 'legal-page' }, h('h1', null, t('Privacy notice')), body);
};

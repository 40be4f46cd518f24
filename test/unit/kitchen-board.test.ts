import { mentionsAllergy } from '../../src/site/common/order-parts.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestError } from '../../src/core/http.js';
import type { Order } from '../../src/site/common/api.js';
import { elapsed, latenessOf } from '../../src/site/kitchen/late.js';
import { allDay } from '../../src/site/kitchen/all-day.js';
import { answerQuestion, expiredError, fakeApi, fakeKitchen, KITCHEN_SESSION, mountSite, openQuestion, ORDER_42, recorded, settle, unmountSite } from '../helpers/site.js';

// The kitchen's boards in happy-dom with a fake API: a person's at /kitchen, a paired
// screen's at /display (a station's and the pass), pairing at /pair, and the pickup board.
// In Chromium, test/browser/kitchen-screens.test.ts pairs a real screen and keeps it on.

const WAITER_SESSION = { token: 'tok', user: { id: 2, name: 'Wanda Rossi', email: 'wanda@tavola.test', role: 'Waiter' } };
const PIZZA = { credential: 'tvd_stored', display: { id: 1, name: 'Pizza oven', kind: 'station', station: { id: 2, name: 'Pizza oven' }, lang: 'en' } };
const PASS = { credential: 'tvd_stored', display: { id: 2, name: 'Pass', kind: 'pass', station: null, lang: 'en' } };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
const order = (number: number, overrides: Partial<Order> = {}): Order => ({ ...ORDER_42, id: `order-${String(number).padStart(16, '0')}`, number, createdAt: minutesAgo(1), ...overrides });
/** An order with a pizza (Pizza oven, station 2) and a dessert (Kitchen, station 1). */
const mixed = (number: number, overrides: Partial<Order> = {}) =>
  order(number, {
    items: [
      { dishId: 1, name: 'Margherita', quantity: 2, priceCents: 1000, station: 2 },
      { dishId: 3, name: 'Tiramisù', quantity: 1, priceCents: 750, station: 1 },
    ],
    parts: [
      { station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null },
      { station: 2, name: 'Pizza oven', nameIt: null, done: false, doneBy: null },
    ],
    ...overrides,
  });
const columnOf = (root: Element, number: number) =>
  [...root.querySelectorAll('.column')].find((column) => [...column.querySelectorAll('.ticket h3')].some((h3) => h3.textContent?.startsWith(`No. ${number}`)))?.getAttribute('aria-label');
const ticketOf = (root: Element, number: number) => [...root.querySelectorAll<HTMLElement>('.ticket')].find((ticket) => ticket.querySelector('h3')?.textContent?.startsWith(`No. ${number}`));
const buttons = (root: Element, number: number) => ticketOf(root, number)?.querySelectorAll('.actions button') ?? [];
const labels = (root: Element, number: number) => [...buttons(root, number)].map((button) => button.textContent);
const announced = () => document.body.lastElementChild?.textContent;

const Person = suite("a person's board at /kitchen");
Person.after.each(unmountSite);

Person('open orders in three columns by state, oldest first, then follows the stream from the queue’s last event with the person’s token', async () => {
  const { api } = fakeKitchen({ queue: async () => ({ orders: [order(3, { status: 'ready' }), order(1), order(2, { status: 'preparing' }), order(4)], lastEventId: 17 }) });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: api });
  await settle();
  assert.equal([...site.root.querySelectorAll('.column')].map((column) => `${column.getAttribute('aria-label')}: ${[...column.querySelectorAll('.ticket h3')].map((h3) => h3.firstChild?.textContent).join(', ')}`), [
    'Received: No. 1, No. 4',
    'Preparing: No. 2',
    'Ready: No. 3',
  ]);
  assert.equal(site.streams.followed.map((stream) => [stream.url, stream.options.lastEventId, stream.options.token?.(), stream.options.idleMs]), [['/api/v1/orders/events', '17', 'tok', 40_000]]);
  assert.match(site.text(), 'Your sign-in lasts 2 minutes, then this board asks you to sign in again. For a screen that stays on all service, the owner adds a display at Admin → Displays and you type its code at /pair on that screen.');
});

Person('the buttons are the moves of the role: Kitchen prepares and may cancel a received order; Waiter serves and cancels', async () => {
  const queue = async () => ({ orders: [order(1), order(2, { status: 'preparing' }), order(3, { status: 'ready' })], lastEventId: 0 });
  const kitchen = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue }).api });
  await settle();
  assert.equal([labels(kitchen.root, 1), labels(kitchen.root, 2), labels(kitchen.root, 3)], [['Start preparing (order 1)', 'Cancel order (order 1)'], ['Mark ready (order 2)'], []]);
  const waiter = mountSite('/kitchen', { session: WAITER_SESSION, kitchen: fakeKitchen({ queue }).api });
  await settle();
  assert.equal([labels(waiter.root, 1), labels(waiter.root, 2), labels(waiter.root, 3)], [['Cancel order (order 1)'], ['Cancel order (order 2)'], ['Mark served (order 3)']]);
});

Person('a new order from the stream appears without reload, is announced, and is marked new', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  assert.match(site.text(), 'No open orders. The kitchen is quiet.');
  site.streams.send('placed', order(42, { table: 7 }));
  assert.is(columnOf(site.root, 42), 'Received');
  assert.is(announced(), 'New order 42, table 7');
  const ticket = site.root.querySelector('.ticket')!;
  assert.ok(ticket.classList.contains('fresh'));
  assert.is(ticket.querySelector('.fresh-label')?.textContent, 'New');
  assert.ok((site.root.querySelector('.board-area > .notice') as HTMLElement).hidden, 'the quiet note goes');
  site.streams.send('placed', order(43, { table: null, pickupName: 'Ada', pickupPhone: '+393471234567' }));
  assert.is(announced(), 'New order 43, pickup for ada');
  const phone = site.root.querySelector('[data-order="order-0000000000000043"] a[href^="tel:"]');
  assert.equal([phone?.parentElement?.textContent, phone?.getAttribute('href')], ['Phone +393471234567', 'tel:+393471234567'], 'the kitchen can call a pickup order');
});

Person('a move moves the card; served or cancelled takes it off the board; an older event changes nothing', async () => {
  const { api, calls } = fakeKitchen({ queue: async () => ({ orders: [order(1)], lastEventId: 0 }) });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: api });
  await settle();
  (buttons(site.root, 1)[0] as HTMLButtonElement).click();
  await settle();
  assert.ok(calls.includes('move 1 preparing v1'));
  assert.is(columnOf(site.root, 1), 'Preparing');
  site.streams.send('moved', order(1, { status: 'received', version: 1 }));
  assert.is(columnOf(site.root, 1), 'Preparing', 'the stream’s copy of an older version is ignored');
  site.streams.send('moved', order(1, { status: 'cancelled', version: 3 }));
  assert.is(site.root.querySelectorAll('.ticket').length, 0);
});

Person('a note that names an allergen, in the words people write, is marked "Allergy:"; others are not', () => {
  const allergy = ['No nuts please', 'allergic to milk', 'Coeliac', 'senza glutine? gluten free please', 'Peanut allergy', 'no shrimps', 'EGGS make me ill', 'lactose intolerant'];
  const plain = ['No basil, please.', 'Extra napkins', 'Well done', 'The nutty professor sits here'];
  assert.equal(allergy.filter((note) => !mentionsAllergy(note)), []);
  assert.equal(plain.filter(mentionsAllergy), []);
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  return settle().then(() => {
    site.streams.send('placed', order(44, { note: 'Allergic to milk' }));
    site.streams.send('placed', order(45, { note: 'No basil' }));
    assert.equal([...site.root.querySelectorAll('.ticket .note')].map((note) => [note.className, note.textContent]), [['note allergy', 'Allergy: Allergic to milk'], ['note', 'No basil']]);
  });
});

Person('a dish’s choices under it, what is left out in capitals, and the line’s own note beside it (an allergy marked)', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  const choice = (name: string, without = false) => ({ id: 1, group: 'g', groupIt: null, name, nameIt: null, priceCents: 0, without });
  site.streams.send('placed', order(46, { items: [{ dishId: 9, name: 'Bistecca', quantity: 2, priceCents: 2800, station: 1, choices: [choice('Medium'), choice('Mushrooms'), choice('Onion', true)], note: 'Allergic to sesame' }] }));
  const dish = site.root.querySelector('.ticket .order-items > li')!;
  assert.equal([...dish.querySelectorAll('.order-items li')].map((line) => line.textContent), ['+ Medium', '+ Mushrooms', 'WITHOUT Onion']);
  assert.is(dish.querySelector('.order-items li strong')!.textContent, 'WITHOUT Onion');
  assert.equal([dish.querySelector('.note')!.className, dish.querySelector('.note')!.textContent], ['note allergy', 'Allergy: Allergic to sesame']);
});

Person('Cancel order asks first, in a dialog whose buttons say what they do: Keep sends nothing; Cancel the order cancels', async () => {
  const { api, calls } = fakeKitchen({ queue: async () => ({ orders: [order(1, { table: 4 })], lastEventId: 0 }) });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: api });
  await settle();
  const cancel = [...buttons(site.root, 1)].find((button) => button.textContent === 'Cancel order (order 1)') as HTMLButtonElement;
  cancel.focus();
  cancel.click();
  await settle();
  const question = openQuestion();
  assert.equal(question, { title: 'Cancel order 1 (Table 4)?', text: 'The diner sees it cancelled, and it cannot be undone.', buttons: ['Keep the order', 'Cancel the order'], focused: 'Keep the order' });
  await answerQuestion('Keep the order');
  assert.not.ok(calls.some((call) => call.startsWith('move')), 'kept: nothing sent');
  assert.is(document.activeElement, cancel, 'focus back where it was');
  assert.is(document.querySelector('dialog'), null);
  cancel.click();
  await settle();
  await answerQuestion('Cancel the order');
  assert.ok(calls.includes('move 1 cancelled v1'));
});

Person('a 409 shows what changed, and the card shows the order as it is now', async () => {
  const now = order(1, { status: 'preparing', version: 2 });
  const conflict = new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'conflict', message: 'Order 1 changed meanwhile: it is preparing now, moved by Kai Moretti.', order: now });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue: async () => ({ orders: [order(1)], lastEventId: 0 }), move: async () => Promise.reject(conflict) }).api });
  await settle();
  (buttons(site.root, 1)[1] as HTMLButtonElement).click(); // the second button cancels, which asks first
  await settle();
  await answerQuestion('Cancel the order');
  assert.is(columnOf(site.root, 1), 'Preparing');
  assert.is(site.root.querySelector('.ticket-message')?.textContent, 'Order 1 changed meanwhile: it is preparing now, moved by Kai Moretti.');
});

Person('a 403 on a move is shown on the card as it comes, and its buttons come back', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue: async () => ({ orders: [order(1)], lastEventId: 0 }), move: async () => Promise.reject(new RequestError(403, 'Request failed (HTTP 403)')) }).api });
  await settle();
  (buttons(site.root, 1)[0] as HTMLButtonElement).click();
  await settle();
  assert.is(site.root.querySelector('.ticket-message')?.textContent, 'Request failed (HTTP 403)');
  assert.equal([...buttons(site.root, 1)].map((button) => (button as HTMLButtonElement).disabled), [false, false]);
});

Person('a 403 on the queue (a role edited in local storage) is shown as it comes, not tried again', async () => {
  const { api, calls } = fakeKitchen({ queue: async () => recorded(calls, 'queue', Promise.reject(new RequestError(403, 'Request failed (HTTP 403)'))) });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Request failed (HTTP 403)');
  assert.equal(calls.filter((call) => call === 'queue').length, 1);
});

Person('the server away at start: said, with Try again, and tried again by itself', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue: async () => Promise.reject(new RequestError(0, 'Could not reach the server. Check your connection and try again.')) }).api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Could not reach the server. Check your connection and try again. Trying again every 10 seconds.');
});

Person('the database away at start: the API’s words for it (not "HTTP 503"), and tried again by itself', async () => {
  const unavailable = new RequestError(503, 'Request failed (HTTP 503)', false, { code: 'database_unavailable', message: 'The database is not answering right now. Please try again in a moment.' });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue: async () => Promise.reject(unavailable) }).api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'The database is not answering right now. Please try again in a moment. Trying again every 10 seconds.');
});

Person('when the stream says the session ended, the board stays and a dialog asks to sign in again; signed in, the board starts again', async () => {
  const { api, calls } = fakeApi({ signIn: async (email, password) => recorded(calls, `signIn ${email} ${password}`, { ...KITCHEN_SESSION, token: 'new-token' }) });
  const kitchen = fakeKitchen();
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, api, kitchen: kitchen.api });
  await settle();
  site.streams.stop(expiredError());
  await settle();
  const dialog = document.querySelector<HTMLDialogElement>('dialog.sign-in-again[open]')!;
  assert.ok(dialog, 'the dialog is open over the board');
  assert.equal([site.paths(), site.ended, site.h1()], [['/kitchen'], [], 'Order queue'], 'the board stays');
  assert.is(dialog.querySelector('#again-why')?.textContent, 'Your session has ended — please sign in again.');
  assert.is(document.activeElement?.id, 'again-password');
  (dialog.querySelector('#again-password') as HTMLInputElement).value = 'tavola-kitchen';
  dialog.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  assert.ok(calls.includes('signIn kai@tavola.test tavola-kitchen'));
  assert.is(document.querySelector('dialog'), null, 'closed');
  assert.is(site.services.session.get()?.token, 'new-token');
  assert.equal(site.paths(), ['/kitchen'], 'the entry replaced by the board anew');
  assert.equal(site.streams.followed.at(-1)!.options.token?.(), 'new-token', 'its stream opened again with the new token');
});

Person('"Not now": the sign-in page opens with the message, coming back here (as before)', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  site.streams.stop(expiredError());
  await settle();
  [...document.querySelectorAll<HTMLButtonElement>('dialog.sign-in-again button')].find((button) => button.textContent === 'Not now')!.click();
  await settle();
  assert.equal(site.ended, ['/kitchen']);
  assert.equal(site.paths(), ['/login']);
});

Person('there is no polling: after the first load, only the stream changes the board', async () => {
  const { api, calls } = fakeKitchen();
  mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: api });
  await settle();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(calls.filter((call) => call === 'queue'), ['queue']);
});

Person('a dropped stream says since when it is offline and what it does; back, it says it caught up', async () => {
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION });
  await settle();
  site.streams.open();
  const line = site.root.querySelector('.connection')!;
  assert.is(line.textContent, 'Live: new orders appear by themselves.');
  site.streams.reconnecting();
  assert.match(line.textContent!, /^Offline since \d\d:\d\d:\d\d\. Reconnecting by itself; the tickets catch up when it is back\.$/);
  assert.ok(line.classList.contains('offline'));
  site.streams.open();
  assert.is(line.textContent, 'Live: new orders appear by themselves.');
  assert.is(announced(), 'Back online: the board has caught up.');
});

Person('each ticket has a timer, and says Late and Very late past the thresholds (10 and 20 minutes here)', async () => {
  const queue = async () => ({ orders: [order(1, { createdAt: minutesAgo(2) }), order(2, { createdAt: minutesAgo(11) }), order(3, { createdAt: minutesAgo(21) })], lastEventId: 0 });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue }).api });
  await settle();
  const state = (number: number) => {
    const ticket = ticketOf(site.root, number)!;
    const label = ticket.querySelector<HTMLElement>('.late-label')!;
    return [ticket.querySelector('.timer')?.textContent, label.hidden ? '' : label.textContent, ['on-time', 'late', 'very-late'].find((name) => ticket.classList.contains(name))];
  };
  assert.equal([state(1), state(2), state(3)], [['2:05', '', 'on-time'], ['11:05', 'Late', 'late'], ['21:05', 'Very late', 'very-late']]);
});

Person('All day counts the dishes still to cook across received and preparing tickets, live', async () => {
  const queue = async () => ({ orders: [mixed(1), mixed(2, { status: 'preparing' }), mixed(3, { status: 'ready' })], lastEventId: 0 });
  const site = mountSite('/kitchen', { session: KITCHEN_SESSION, kitchen: fakeKitchen({ queue }).api });
  await settle();
  const allDayText = () => [...site.root.querySelectorAll('.all-day li')].map((item) => item.textContent);
  assert.equal(allDayText(), ['4 Margherita', '2 Tiramisù']);
  site.streams.send('moved', mixed(1, { status: 'ready', version: 2 }));
  assert.equal(allDayText(), ['2 Margherita', '1 Tiramisù']);
});

Person.run();

const Display = suite("a paired screen's board at /display");
Display.after.each(unmountSite);

Display('a station’s screen: what it is comes from the API; only its dishes, one list oldest first, and Done takes the ticket off', async () => {
  const { api, calls } = fakeKitchen({ queue: async () => ({ orders: [mixed(2), mixed(1), order(3, { items: [{ dishId: 3, name: 'Tiramisù', quantity: 1, priceCents: 750, station: 1 }], parts: [{ station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null }] })], lastEventId: 9 }) });
  const site = mountSite('/display', { kitchen: api, stored: { 'tavola.display': PIZZA } });
  await settle();
  assert.is(site.h1(), 'Pizza oven');
  assert.is(document.title, 'Pizza oven');
  assert.equal(calls.slice(0, 2), ['me', 'settings'], 'what it is comes first');
  assert.is(site.root.querySelector('.site-header, .site-footer, .cart-button'), null, 'a screen: no site header, footer or cart');
  assert.equal([...site.root.querySelectorAll('a')].map((a) => a.getAttribute('href')), [], 'no link off the board');
  assert.ok(site.root.querySelector('header.screen-bar .screen-clock'), 'the bar has the clock');
  assert.equal([...site.root.querySelectorAll('.ticket h3')].map((h3) => h3.firstChild?.textContent), ['No. 1', 'No. 2'], 'order 3 has nothing for the Pizza oven');
  assert.equal([...ticketOf(site.root, 1)!.querySelectorAll('.order-items li')].map((item) => item.textContent), ['2 × Margherita']);
  assert.equal(labels(site.root, 1), ['Done (order 1)']);
  assert.equal(site.streams.followed.map((stream) => [stream.options.token?.(), stream.options.lastEventId]), [['tvd_stored', '9']]);
  (buttons(site.root, 1)[0] as HTMLButtonElement).click();
  await settle();
  assert.ok(calls.includes('partDone 1 2 v1'));
  assert.is(ticketOf(site.root, 1), undefined, 'done: off this board');
  assert.equal([...site.root.querySelectorAll('.all-day li')].map((item) => item.textContent), ['2 Margherita']);
  assert.ok(site.root.querySelector('.sold-out-panel'), 'a station marks dishes sold out');
  site.streams.send('placed', mixed(7, { table: null, pickupName: 'Ada', pickupPhone: '+393471234567' }));
  assert.ok(ticketOf(site.root, 7), 'a pickup order with a pizza in it');
  assert.not.match(ticketOf(site.root, 7)!.textContent!, 'Phone', 'the phone is for the pass, not for every station');
});

Display('held courses are coming, apart and without a timer: the pass lists them by table and course and fires them; a station lists its own dishes of them and fires nothing; a fired course arrives as a new ticket marked with its course', async () => {
  const secondi = mixed(5, { table: 5, status: 'held', course: 3, takenBy: 'Wanda Rossi', items: [{ dishId: 1, name: 'Margherita', quantity: 1, priceCents: 1000, station: 2 }, { dishId: 4, name: 'Saltimbocca', quantity: 3, priceCents: 1800, station: 1, seat: 2 }] });
  const dolci = order(6, { table: 5, status: 'held', course: 4, items: [{ dishId: 3, name: 'Tiramisù', quantity: 2, priceCents: 750, station: 1 }] });
  const firedAt = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
  const { api, calls } = fakeKitchen({ me: async () => PASS.display as never, queue: async () => ({ orders: [secondi, dolci, order(1)], lastEventId: 0 }), fire: async (table, course) => recorded(calls, `fire table ${table} course ${course}`, { orders: [{ ...secondi, status: 'received', version: 2, firedAt }] }) });
  const pass = mountSite('/display', { kitchen: api, stored: { 'tavola.display': PASS } });
  await settle();
  const coming = () => [...pass.root.querySelectorAll('.coming-course')].map((line) => [line.querySelector('.coming-what')?.textContent, [...line.querySelectorAll('.order-items li')].map((item) => item.textContent), line.querySelector('button')?.textContent]);
  assert.equal(coming(), [
    ['4 Mains held, table 5', ['1 × Margherita', '3 × Saltimbocca · seat 2'], 'Fire (Mains, table 5)'],
    ['2 Desserts held, table 5', ['2 × Tiramisù'], 'Fire (Desserts, table 5)'],
  ]);
  assert.equal([...pass.root.querySelectorAll('.ticket h3')].map((h3) => h3.firstChild?.textContent), ['No. 1'], 'a held course is no ticket yet');
  assert.is(pass.root.querySelector('.coming .timer'), null, 'no timer on what nobody asked for yet');
  (pass.root.querySelector('.coming-course button') as HTMLButtonElement).click();
  await settle();
  assert.ok(calls.includes('fire table 5 course 3'));
  const fired = ticketOf(pass.root, 5)!;
  assert.equal([fired.querySelector('.course')?.textContent, fired.querySelector('.fired')?.textContent, fired.querySelector('.timer')?.textContent, columnOf(pass.root, 5)], ['Mains', 'Fired ', '2:05', 'Received']);
  assert.equal(coming().map((line) => line[0]), ['2 Desserts held, table 5']);
  unmountSite();
  // The Pizza oven: only its dish of the held secondi, and no Fire; the firing comes by the stream, as a new ticket.
  const station = mountSite('/display', { kitchen: fakeKitchen({ queue: async () => ({ orders: [secondi, dolci], lastEventId: 0 }) }).api, stored: { 'tavola.display': PIZZA } });
  await settle();
  assert.equal([...station.root.querySelectorAll('.coming-course')].map((line) => [line.querySelector('.coming-what')?.textContent, line.querySelector('button')]), [['1 Mains held, table 5', null]]);
  station.streams.send('moved', { ...secondi, status: 'received', version: 2, firedAt });
  assert.ok(ticketOf(station.root, 5)?.classList.contains('fresh'), 'a fired course arrives as new');
  assert.is(announced(), 'New order 5, table 5');
  assert.is(station.root.querySelector('.coming'), null, 'nothing more coming for the oven');
});

Display('two screens of one station: the one that loses is told why, though the ticket has left its board', async () => {
  const taken = mixed(1, { version: 2, parts: [{ station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null }, { station: 2, name: 'Pizza oven', nameIt: null, done: true, doneBy: 'Display: Pizza oven 2' }] });
  const conflict = new RequestError(409, 'Request failed (HTTP 409)', false, { code: 'conflict', message: "Pizza oven's part of order 1 was marked done meanwhile (Display: Pizza oven 2).", order: taken });
  const site = mountSite('/display', { kitchen: fakeKitchen({ queue: async () => ({ orders: [mixed(1)], lastEventId: 0 }), partDone: async () => Promise.reject(conflict) }).api, stored: { 'tavola.display': PIZZA } });
  await settle();
  (buttons(site.root, 1)[0] as HTMLButtonElement).click();
  await settle();
  assert.is(ticketOf(site.root, 1), undefined);
  assert.is(site.root.querySelector('.board-message')?.textContent, "Pizza oven's part of order 1 was marked done meanwhile (Display: Pizza oven 2).");
});

Display('the stream says the owner changed the screen: the board is built again for what it is now', async () => {
  const { api, calls } = fakeKitchen({ queue: async () => ({ orders: [mixed(1)], lastEventId: 0 }) });
  const site = mountSite('/display', { kitchen: api, stored: { 'tavola.display': PIZZA } });
  await settle();
  assert.equal([...ticketOf(site.root, 1)!.querySelectorAll('.order-items li')].map((item) => item.textContent), ['2 × Margherita']);
  site.streams.sendRaw('display', { id: 1, name: 'Dolci', kind: 'station', station: { id: 1, name: 'Kitchen', nameIt: 'Cucina' }, lang: 'en' });
  await settle();
  assert.is(site.h1(), 'Dolci');
  assert.equal([...ticketOf(site.root, 1)!.querySelectorAll('.order-items li')].map((item) => item.textContent), ['1 × Tiramisù']);
  assert.equal(JSON.parse(localStorage.getItem('tavola.display')!).display.station, { id: 1, name: 'Kitchen', nameIt: 'Cucina' }, 'kept for the next load');
  assert.equal(calls.filter((call) => call === 'me'), ['me'], 'what it is came with the stream');
  assert.is(site.streams.followed.at(-2)!.options.signal.aborted, true, 'the first board stopped following');
});

Display('the stream says the owner changed the late times: tickets are marked by the new ones', async () => {
  const site = mountSite('/display', { kitchen: fakeKitchen({ queue: async () => ({ orders: [mixed(1, { createdAt: minutesAgo(6) })], lastEventId: 0 }) }).api, stored: { 'tavola.display': PIZZA } });
  await settle();
  assert.ok(ticketOf(site.root, 1)!.classList.contains('on-time'));
  site.streams.sendRaw('settings', { lateMinutes: 5, veryLateMinutes: 8, stations: [], version: 2 });
  site.streams.send('moved', mixed(1, { createdAt: minutesAgo(6), version: 2 }));
  assert.ok(ticketOf(site.root, 1)!.classList.contains('late'));
  assert.is(ticketOf(site.root, 1)!.querySelector('.late-label')?.textContent, 'Late');
});

Display('the pass: whole orders by state, each station’s part marked; its moves; no Sold out panel', async () => {
  const { api } = fakeKitchen({
    me: async () => PASS.display as never,
    queue: async () => ({ orders: [mixed(1, { status: 'preparing', parts: [{ station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null }, { station: 2, name: 'Pizza oven', nameIt: null, done: true, doneBy: 'Display: Pizza oven' }] })], lastEventId: 0 }),
  });
  const site = mountSite('/display', { kitchen: api, stored: { 'tavola.display': PASS } });
  await settle();
  assert.is(columnOf(site.root, 1), 'Preparing');
  assert.equal([...ticketOf(site.root, 1)!.querySelectorAll('.part h4')].map((part) => part.textContent), ['Kitchen Cooking', 'Pizza oven ✓ Done']);
  assert.equal(labels(site.root, 1), ['Mark ready (order 1)', 'Cancel order (order 1)']);
  assert.is(site.root.querySelector('.sold-out-panel'), null);
});

Display('unpaired by the owner: the stream’s 401 shows the API’s message, the credential is forgotten, and pairing is offered', async () => {
  const site = mountSite('/display', { stored: { 'tavola.display': PIZZA } });
  await settle();
  site.streams.stop(new RequestError(401, 'Request failed (HTTP 401)', false, { code: 'display_unpaired', message: 'This screen was unpaired. Ask the owner for a new code.' }));
  assert.is(site.h1(), 'Screen unpaired');
  assert.is(site.root.querySelector('[role="alert"]')?.textContent, 'This screen was unpaired. Ask the owner for a new code.');
  assert.is(site.root.querySelector('a[href="/pair"]')?.textContent, 'Pair this screen');
  assert.is(localStorage.getItem('tavola.display'), null);
});

Display('never paired: it says how, and asks nothing of the API', async () => {
  const { api, calls } = fakeKitchen();
  const site = mountSite('/display', { kitchen: api, stored: { 'tavola.display': { credential: 'not-one', display: PIZZA.display } } });
  await settle();
  assert.is(site.h1(), 'This screen is not paired');
  assert.equal(calls, []);
});

Display('Recall lists what this screen took off in the last 10 minutes; Bring back puts it on the board again', async () => {
  const back = mixed(5, { version: 3 });
  const { api, calls } = fakeKitchen({ recalls: async () => recorded(calls, 'recalls', [{ ticket: mixed(5, { version: 2 }), station: 2, bumpedAt: new Date().toISOString() }]), recall: async (ticket) => recorded(calls, `recall ${ticket.number} v${ticket.version}`, back) });
  const site = mountSite('/display', { kitchen: api, stored: { 'tavola.display': PIZZA } });
  await settle();
  const toggle = [...site.root.querySelectorAll('button')].find((button) => button.textContent === 'Recall')!;
  toggle.click();
  await settle();
  assert.is(toggle.getAttribute('aria-expanded'), 'true');
  const row = site.root.querySelector('.recall-list li')!;
  assert.match(row.textContent!, /^No\. 5 · Table 7 · taken off at \d\d:\d\dBring back order 5$/);
  (row.querySelector('button') as HTMLButtonElement).click();
  await settle();
  assert.ok(calls.includes('recall 5 v2'));
  assert.ok(ticketOf(site.root, 5), 'back on the board');
  assert.is(site.root.querySelector('.recall-panel [role="status"]')?.textContent, 'Order 5 is back on the board.');
});

Display.run();

const Pair = suite('pairing a screen at /pair');
Pair.after.each(unmountSite);

Pair('a typed code pairs the screen: the credential is kept and the board opens in place of this entry', async () => {
  const { api, calls } = fakeKitchen();
  const site = mountSite('/pair', { kitchen: api });
  await settle();
  assert.is(site.h1(), 'Pair this screen');
  const input = site.root.querySelector<HTMLInputElement>('#pairing-code')!;
  input.value = '7qk2 m9xd';
  site.root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  assert.ok(calls.includes('pair 7qk2 m9xd'));
  assert.equal(JSON.parse(localStorage.getItem('tavola.display')!).credential, 'tvd_test');
  assert.equal(site.paths(), ['/display']);
});

Pair('a wrong code says what the API says, and keeps what was typed', async () => {
  const refusal = new RequestError(410, 'Request failed (HTTP 410)', false, { code: 'pairing_code_used', message: 'This code was used already: ask the owner for a new one.' });
  const site = mountSite('/pair', { kitchen: fakeKitchen({ pair: async () => Promise.reject(refusal) }).api });
  await settle();
  site.root.querySelector<HTMLInputElement>('#pairing-code')!.value = '7QK2-M9XD';
  site.root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
  await settle();
  assert.is(site.root.querySelector('#pairing-error')?.textContent, 'This code was used already: ask the owner for a new one.');
  assert.is(site.root.querySelector<HTMLInputElement>('#pairing-code')!.value, '7QK2-M9XD');
  assert.equal(site.paths(), ['/pair']);
});

Pair.run();

const PickupBoard = suite('the pickup board at /board');
PickupBoard.after.each(unmountSite);

PickupBoard('numbers only, Preparing and Ready, live from placed to served; a ready one is announced', async () => {
  const original = globalThis.fetch;
  globalThis.fetch = (async () => new Response(JSON.stringify({ preparing: [12, 15], ready: [9], lastEventId: 30 }), { headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
  try {
    const site = mountSite('/board');
    await settle();
    const numbers = () => [...site.root.querySelectorAll('.pickup-half')].map((half) => `${half.querySelector('h2')?.textContent}: ${[...half.querySelectorAll('li')].map((item) => item.textContent).join(' ')}`);
    assert.equal(numbers(), ['Preparing: 12 15', 'Ready: 9']);
    assert.is(site.root.querySelector('.screen-name')?.textContent === 'TavolaPickup', true, 'the restaurant’s name above the heading');
    assert.equal(site.streams.followed.map((stream) => [stream.url, stream.options.lastEventId]), [['/api/v1/pickup-board/events', '30']]);
    site.streams.sendRaw('pickup', { number: 16, status: 'received' });
    site.streams.sendRaw('pickup', { number: 12, status: 'ready' });
    site.streams.sendRaw('pickup', { number: 9, status: 'served' });
    assert.equal(numbers(), ['Preparing: 15 16', 'Ready: 12']);
    assert.is(announced(), 'Order 12 is ready.');
    assert.is(site.root.querySelector('.site-header, .site-footer, .cart-button'), null, 'a screen: no site header, footer or cart');
    assert.is(site.root.querySelectorAll('a').length, 0, 'no link off the board');
    assert.ok(site.root.querySelector('main.screen > .pickup-board > header.screen-bar'));
  } finally {
    globalThis.fetch = original;
  }
});

PickupBoard.run();

const Pure = suite('the board’s arithmetic');

Pure('timers read m:ss, and h:mm:ss past the hour; lateness by the thresholds', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  assert.equal(['2026-11-21T11:59:58.000Z', '2026-11-21T11:52:55.000Z', '2026-11-21T10:57:30.000Z', '2026-11-21T12:00:30.000Z'].map((at) => elapsed(at, now)), ['0:02', '7:05', '1:02:30', '0:00']);
  const limits = { lateMinutes: 10, veryLateMinutes: 20 };
  assert.equal(['2026-11-21T11:50:01.000Z', '2026-11-21T11:50:00.000Z', '2026-11-21T11:40:00.000Z'].map((at) => latenessOf(at, now, limits)), ['on-time', 'late', 'very-late']);
});

Pure('All day leaves out ready tickets, and a station’s parts already done', () => {
  const tickets = [mixed(1), mixed(2, { parts: [{ station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null }, { station: 2, name: 'Pizza oven', nameIt: null, done: true, doneBy: null }] }), mixed(3, { status: 'ready' })];
  assert.equal(allDay(tickets, null), [['Margherita', 4], ['Tiramisù', 2]]);
  assert.equal(allDay(tickets, 2), [['Margherita', 2]]);
});

Pure.run();

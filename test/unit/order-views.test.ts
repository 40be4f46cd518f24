import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RequestError } from '../../src/core/http.js';
import { createMyOrders } from '../../src/site/diner/my-orders.js';
import { guestsOf, orderedTables, visitTable } from '../../src/site/diner/table-visit.js';
import { fakeApi, KITCHEN_SESSION, mountSite, ORDER_42, recorded, settle, unmountSite } from '../helpers/site.js';
import { resetDom } from '../helpers/dom.js';

const announced = () => document.body.lastElementChild?.textContent;

const OrderPage = suite("the diner's order page");
OrderPage.after.each(unmountSite);

OrderPage('shows the order and follows its changes live, announcing each state', async () => {
  const { api } = fakeApi({ order: async () => ORDER_42 });
  const site = mountSite('/menu', { api });
  await settle();
  site.navigation.navigate(`/orders/${ORDER_42.id}`); // as placing an order does
  await settle();
  assert.is(site.h1(), 'Order 42');
  assert.is(document.title, 'Order 42');
  // The heading the router focused on arrival is the one that took the number: focus stays on it, and it is announced.
  assert.equal([document.activeElement?.tagName, document.activeElement?.textContent, announced()], ['H1', 'Order 42', 'Order 42']);
  assert.match(site.text(), 'Table 7');
  assert.is(site.root.querySelector('.order-state .badge')?.textContent, 'Received');
  assert.is(site.root.querySelector('.progress [aria-current="step"]')?.textContent, 'Received');
  assert.equal(site.streams.followed.map((stream) => [stream.url, stream.options.token]), [[`/api/v1/orders/${ORDER_42.id}/events`, undefined]]);
  site.streams.send('moved', { ...ORDER_42, status: 'ready', version: 3 });
  assert.is(site.root.querySelector('.order-state .badge')?.textContent, 'Ready');
  assert.is(site.root.querySelector('.progress [aria-current="step"]')?.textContent, 'Ready');
  assert.equal([...site.root.querySelectorAll('.progress .done')].map((step) => step.textContent), ['Received (done)', 'Preparing (done)']);
  assert.is(announced(), 'Order 42: Ready. Your order is ready.');
});

OrderPage('an id that is not an order id is the 404 content without asking the API; an unknown one after the API says 404', async () => {
  const { api, calls } = fakeApi();
  const bad = mountSite('/orders/42', { api });
  await settle();
  assert.is(bad.h1(), 'Page not found');
  assert.equal(calls, []);
  const unknown = mountSite(`/orders/${ORDER_42.id}`, { api });
  await settle();
  assert.is(unknown.h1(), 'Page not found');
});

OrderPage('a pickup order at Ready says where to collect it and what to say; its last step is Collected', async () => {
  const pickup = { ...ORDER_42, table: null, pickupName: 'Ada' };
  const { api } = fakeApi({ order: async () => pickup });
  const site = mountSite(`/orders/${ORDER_42.id}`, { api });
  await settle();
  assert.match(site.text(), 'Pickup for Ada');
  assert.equal([...site.root.querySelectorAll('.progress li')].map((step) => step.textContent), ['Received', 'Preparing', 'Ready', 'Collected']);
  site.streams.send('moved', { ...pickup, status: 'ready', version: 3 });
  assert.is(site.root.querySelector('.order-state span:not(.badge)')?.textContent, 'Your order is ready: collect it at the counter and say “order 42”.');
  assert.is(announced(), 'Order 42: Ready. Your order is ready: collect it at the counter and say “order 42”.');
  site.streams.send('moved', { ...pickup, status: 'served', version: 4 });
  assert.is(site.root.querySelector('.order-state .badge')?.textContent, 'Collected');
  assert.is(announced(), 'Order 42: Collected. Collected. Buon appetito!');
});

OrderPage('a failure to load says so and offers Try again', async () => {
  let fail = true;
  const { api } = fakeApi({ order: async () => (fail ? Promise.reject(new RequestError(0, 'Could not reach the server. Check your connection and try again.')) : ORDER_42) });
  const site = mountSite(`/orders/${ORDER_42.id}`, { api });
  await settle();
  assert.is(site.root.querySelector('[role="alert"] p')?.textContent, 'Could not reach the server. Check your connection and try again.');
  fail = false;
  (site.root.querySelector('[role="alert"] button') as HTMLButtonElement).click();
  await settle();
  assert.is(site.h1(), 'Order 42');
});

OrderPage.run();

const Checkout = suite('placing the cart as an order');
Checkout.after.each(() => {
  visitTable.set(null);
  orderedTables.set(null);
  unmountSite();
});

/** Two dishes in the cart, and the cart open (its dialog is built when first opened). */
const fillCart = async (site: ReturnType<typeof mountSite>) => {
  site.services.cart.add({ id: 1, name: 'Margherita', priceCents: 1000 });
  site.services.cart.add({ id: 1, name: 'Margherita', priceCents: 1000 });
  site.services.cart.add({ id: 3, name: 'Tiramisù', priceCents: 750 });
  site.root.querySelector<HTMLButtonElement>('.cart-button')!.click();
  await settle();
};
const form = (site: ReturnType<typeof mountSite>) => site.root.querySelector<HTMLFormElement>('form.checkout')!;
const submit = (site: ReturnType<typeof mountSite>) => form(site).dispatchEvent(new Event('submit', { cancelable: true }));

Checkout('a table order from the visit’s QR code: no number to type; placed with a key, the cart empties, the id is remembered, and the diner lands on /orders/:id', async () => {
  visitTable.set({ code: 'pL0k2Wq9XbYv7TnR3sJ1eA', number: 7, label: 'Table 7' });
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api });
  await fillCart(site);
  assert.is(site.root.querySelector('input[value="table"]')!.parentElement!.textContent, ' To Table 7');
  assert.ok((site.root.querySelector('#order-table')!.parentElement as HTMLElement).hidden, 'no table number to type');
  (site.root.querySelector('#order-note') as HTMLTextAreaElement).value = '  No basil. ';
  (site.root.querySelector('#order-guests') as HTMLInputElement).value = '2';
  submit(site);
  await settle();
  const placed = calls.find((call) => call.startsWith('placeOrder'))!;
  assert.match(placed, 'placeOrder {"table":7,"tableCode":"pL0k2Wq9XbYv7TnR3sJ1eA","guests":2,"items":[{"dishId":1,"quantity":2},{"dishId":3,"quantity":1}],"note":"No basil."} ');
  assert.match(placed, / [0-9a-f]{32}$/);
  assert.equal(site.services.cart.get(), []);
  assert.equal(site.services.myOrders.get(), [ORDER_42.id]);
  assert.equal(JSON.parse(localStorage.getItem('tavola.orders')!), [ORDER_42.id]);
  assert.equal(site.paths(), ['/menu', `/orders/${ORDER_42.id}`]);
});

Checkout('without a table’s QR code a diner orders for pickup: the table choice says to scan it first', async () => {
  const site = mountSite('/menu', { api: fakeApi().api });
  await fillCart(site);
  const tableChoice = site.root.querySelector<HTMLInputElement>('input[value="table"]')!;
  assert.equal([tableChoice.disabled, tableChoice.parentElement!.textContent], [true, ' To my table: scan the QR code on it first']);
  assert.ok(site.root.querySelector<HTMLInputElement>('input[value="pickup"]')!.checked);
  assert.ok((site.root.querySelector('#order-table')!.parentElement as HTMLElement).hidden);
});

Checkout('a waiter taking the order types the table; the order goes with their token', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api, session: { ...KITCHEN_SESSION, user: { ...KITCHEN_SESSION.user, role: 'Waiter' } } });
  await fillCart(site);
  assert.is(site.root.querySelector('input[value="table"]')!.parentElement!.textContent, ' To a table (you are taking the order)');
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '12';
  (site.root.querySelector('#order-guests') as HTMLInputElement).value = '4';
  submit(site);
  await settle();
  assert.match(calls.find((call) => call.startsWith('placeOrder'))!, 'placeOrder {"table":12,"guests":4,"items":');
});

const guestsField = (site: ReturnType<typeof mountSite>) => site.root.querySelector<HTMLElement>('.guests-field')!;
const guestsBox = (site: ReturnType<typeof mountSite>) => site.root.querySelector<HTMLInputElement>('#order-guests')!;
const placements = (calls: string[]) => calls.filter((call) => call.startsWith('placeOrder'));

Checkout('how many are at the table, as typed: a whole number from 1 to 50', () => {
  assert.equal(['3', ' 12 ', '1', '50', '050'].map(guestsOf), [3, 12, 1, 50, 50]);
  assert.equal(['', '0', '51', 'tre', '2.5', '-1', '3 4', '1e1', '４'].map(guestsOf), Array(9).fill(undefined));
});

Checkout('the first order of a table’s visit asks how many they are: 0, 51 and letters are refused in the field’s words, the cursor in it, nothing sent; a later order of the visit asks nothing and sends none', async () => {
  visitTable.set({ code: 'pL0k2Wq9XbYv7TnR3sJ1eA', number: 7, label: 'Table 7' });
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api });
  await fillCart(site);
  assert.not.ok(guestsField(site).hidden);
  assert.is(site.root.querySelector('label[for="order-guests"]')!.textContent, 'How many are you?');
  for (const typed of ['', '0', '51', 'tre']) {
    guestsBox(site).value = typed;
    submit(site);
    await settle();
    assert.is(site.root.querySelector('#order-guests-error')!.textContent, 'Type how many you are: a number from 1 to 50.', typed);
    assert.equal([document.activeElement, guestsBox(site).getAttribute('aria-invalid')], [guestsBox(site), 'true']);
  }
  assert.equal(placements(calls), [], 'nothing sent');
  guestsBox(site).value = '3';
  guestsBox(site).dispatchEvent(new Event('input'));
  assert.equal([site.root.querySelector('#order-guests-error')!.textContent, guestsBox(site).hasAttribute('aria-invalid')], ['', false], 'typing clears the refusal');
  submit(site);
  await settle();
  assert.match(placements(calls)[0]!, '{"table":7,"tableCode":"pL0k2Wq9XbYv7TnR3sJ1eA","guests":3,"items":');
  assert.is(visitTable.get()?.guests, 3);
  assert.is(JSON.parse(sessionStorage.getItem('tavola.table')!).guests, 3, 'kept for the tab’s visit');

  await fillCart(site);
  assert.ok(guestsField(site).hidden, 'asked once');
  submit(site);
  await settle();
  assert.match(placements(calls)[1]!, '{"table":7,"tableCode":"pL0k2Wq9XbYv7TnR3sJ1eA","items":');
});

Checkout('choosing pickup at a table hides the question: a pickup order is never asked', async () => {
  visitTable.set({ code: 'pL0k2Wq9XbYv7TnR3sJ1eA', number: 7, label: 'Table 7' });
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api });
  await fillCart(site);
  const pickup = site.root.querySelector<HTMLInputElement>('input[value="pickup"]')!;
  pickup.checked = true;
  pickup.dispatchEvent(new Event('change'));
  assert.ok(guestsField(site).hidden);
  guestsBox(site).value = '4';
  (site.root.querySelector('#order-name') as HTMLInputElement).value = 'Ada';
  (site.root.querySelector('#order-phone') as HTMLInputElement).value = '347 123 4567';
  submit(site);
  await settle();
  assert.match(placements(calls)[0]!, '{"pickupName":"Ada","pickupPhone":"347 123 4567","items":');
  assert.is(visitTable.get()?.guests, undefined, 'the visit’s table has not been asked yet');
});

Checkout('a waiter is asked at their first order at a table: the next order there is not; another table is', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api, session: { ...KITCHEN_SESSION, user: { ...KITCHEN_SESSION.user, role: 'Waiter' } } });
  await fillCart(site);
  const tableBox = site.root.querySelector<HTMLInputElement>('#order-table')!;
  const typeTable = (number: string) => {
    tableBox.value = number;
    tableBox.dispatchEvent(new Event('input'));
  };
  assert.is(site.root.querySelector('label[for="order-guests"]')!.textContent, 'How many are at the table?');
  typeTable('12');
  submit(site);
  await settle();
  assert.is(site.root.querySelector('#order-guests-error')!.textContent, 'Type how many are at the table: a number from 1 to 50.');
  assert.equal(placements(calls), []);
  guestsBox(site).value = '5';
  submit(site);
  await settle();
  assert.match(placements(calls)[0]!, '{"table":12,"guests":5,"items":');

  await fillCart(site);
  typeTable('12');
  assert.ok(guestsField(site).hidden, 'table 12 is one they have ordered at');
  typeTable('13');
  assert.not.ok(guestsField(site).hidden, 'table 13 is not');
  typeTable('12');
  submit(site);
  await settle();
  assert.match(placements(calls)[1]!, '{"table":12,"items":');
});

Checkout('a table code that no longer works: the message, the cart kept, the visit forgets its table and offers pickup', async () => {
  visitTable.set({ code: 'old-code', number: 7, label: 'Table 7' });
  const refusal = new RequestError(403, 'Request failed (HTTP 403)', false, { code: 'table_code_wrong', message: "This is not table 7's code now: scan the QR code on your table again. Your cart is kept." });
  const site = mountSite('/menu', { api: fakeApi({ placeOrder: async () => Promise.reject(refusal) }).api });
  await fillCart(site);
  (site.root.querySelector('#order-guests') as HTMLInputElement).value = '2';
  submit(site);
  await settle();
  assert.is(site.root.querySelector('form.checkout .form-error')!.textContent, "This is not table 7's code now: scan the QR code on your table again. Your cart is kept.");
  assert.is(site.services.cart.get().length, 2);
  assert.is(visitTable.get(), null);
  assert.ok(site.root.querySelector<HTMLInputElement>('input[value="pickup"]')!.checked);
  assert.ok(site.root.querySelector<HTMLElement>('.guests-field')!.hidden, 'pickup is not asked how many');
});

Checkout('opening the cart checks its dishes one by one: one no longer on the menu is dropped, with a note', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api });
  site.services.cart.add({ id: 99, name: 'Old special', priceCents: 1200 });
  await fillCart(site);
  assert.ok(calls.includes('currentDishes 99,1,3'));
  assert.equal(site.services.cart.get().map((item) => item.dishId), [1, 3]);
  assert.match(document.querySelector('dialog')!.textContent!, 'No longer on the menu, so removed: Old special.');
});

Checkout('a pickup order sends the name and the phone number instead of a table', async () => {
  const { api, calls } = fakeApi();
  const site = mountSite('/menu', { api });
  await fillCart(site);
  const pickup = site.root.querySelector<HTMLInputElement>('input[value="pickup"]')!;
  pickup.checked = true;
  pickup.dispatchEvent(new Event('change'));
  assert.ok((site.root.querySelector('#order-table')!.parentElement as HTMLElement).hidden);
  (site.root.querySelector('#order-name') as HTMLInputElement).value = 'Ada';
  (site.root.querySelector('#order-phone') as HTMLInputElement).value = ' 347 123 4567 ';
  assert.ok((site.root.querySelector('#order-phone') as HTMLInputElement).required);
  submit(site);
  await settle();
  assert.match(calls.find((call) => call.startsWith('placeOrder'))!, '{"pickupName":"Ada","pickupPhone":"347 123 4567","items":');
});

Checkout('a failure keeps the cart and says what went wrong; the retry sends the same key', async () => {
  const keys: string[] = [];
  const refusal = new RequestError(400, 'Request failed (HTTP 400)', false, { code: 'invalid_field', message: 'Branzino al forno is sold out right now.' });
  const site = mountSite('/menu', { api: fakeApi({ placeOrder: async (_order, key) => recorded(keys, key, Promise.reject(refusal)) }).api });
  await fillCart(site);
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '7';
  submit(site);
  await settle();
  assert.is(site.root.querySelector('.checkout .form-error')?.textContent, 'Branzino al forno is sold out right now.');
  assert.is(site.services.cart.get().length, 2);
  submit(site);
  await settle();
  assert.is(keys.length, 2);
  assert.is(keys[0], keys[1], 'the same cart is the same order');
  site.services.cart.add({ id: 2, name: 'Diavola', priceCents: 1250 });
  submit(site);
  await settle();
  assert.is.not(keys[2], keys[0], 'another cart is another order');
});

Checkout('a double submit sends one request', async () => {
  let release = () => {};
  const { api, calls } = fakeApi({
    placeOrder: (_order, key) =>
      new Promise((resolve) => {
        release = () => resolve({ ...ORDER_42, items: [] });
        calls.push(`placeOrder ${key}`);
      }),
  });
  const site = mountSite('/menu', { api });
  await fillCart(site);
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '7';
  submit(site);
  submit(site);
  release();
  await settle();
  assert.is(calls.filter((call) => call.startsWith('placeOrder')).length, 1);
});

Checkout('429 and network failures get plain words', async () => {
  const site = mountSite('/menu', { api: fakeApi({ placeOrder: async () => Promise.reject(new RequestError(429, 'Request failed (HTTP 429)')) }).api });
  await fillCart(site);
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '7';
  submit(site);
  await settle();
  assert.is(site.root.querySelector('.checkout .form-error')?.textContent, 'Too many orders in a short time. Please wait a few minutes and try again.');
});

Checkout("a 429 with the server's words shows them (which count was reached: the table's, the phone's, the connection's)", async () => {
  const refusal = new RequestError(429, 'Request failed (HTTP 429)', false, { code: 'too_many_orders', message: 'Too many orders to this table in a short time. Ask a waiter, or try again in 412 seconds.' });
  const site = mountSite('/menu', { api: fakeApi({ placeOrder: async () => Promise.reject(refusal) }).api });
  await fillCart(site);
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '7';
  submit(site);
  await settle();
  assert.is(site.root.querySelector('.checkout .form-error')?.textContent, 'Too many orders to this table in a short time. Ask a waiter, or try again in 412 seconds.');
});

Checkout('a 503 (the database away for a moment) keeps the cart, says to try again, and the retry sends the same key', async () => {
  const keys: (string | undefined)[] = [];
  let down = true;
  const { api } = fakeApi({
    placeOrder: async (_order, key) => {
      keys.push(key);
      if (down) throw new RequestError(503, 'Request failed (HTTP 503)');
      return ORDER_42;
    },
  });
  const site = mountSite('/menu', { api });
  await fillCart(site);
  (site.root.querySelector('#order-table') as HTMLInputElement).value = '7';
  submit(site);
  await settle();
  assert.is(site.root.querySelector('.checkout .form-error')?.textContent, 'We could not take your order just now. Your cart is kept: please try again in a moment.');
  assert.ok(JSON.parse(localStorage.getItem('tavola.cart')!).length > 0, 'the cart is kept');
  down = false;
  submit(site);
  await settle();
  assert.is(keys.length, 2);
  assert.is(keys[0], keys[1]);
});

Checkout.run();

const Remembered = suite('tavola.orders');
Remembered.before.each(() => resetDom());

Remembered('keeps public ids only, newest first, at most 20; anything else stored is dropped', () => {
  localStorage.setItem('tavola.orders', JSON.stringify(['short', 42, ORDER_42.id, { id: 'x' }]));
  const mine = createMyOrders();
  assert.equal(mine.get(), [ORDER_42.id]);
  for (let i = 0; i < 25; i++) mine.remember(`order-${String(i).padStart(16, '0')}`);
  assert.is(mine.get().length, 20);
  assert.is(mine.get()[0], 'order-0000000000000024');
  localStorage.setItem('tavola.orders', '{broken');
  assert.equal(createMyOrders().get(), []);
});

Remembered.run();

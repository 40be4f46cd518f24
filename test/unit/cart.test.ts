import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { countItems, createCart, MAX_QUANTITY } from '../../src/site/diner/cart.js';
import { addChosen, changeLine, checkChoices, lineKey, reconcileCart, setQuantity, totalCents } from '../../src/site/diner/cart-menu.js';
import { formatAge } from '../../src/site/common/format.js';
import { formatPrice, italianPrice } from '../../src/site/common/price.js';

const margherita = { id: 1, name: 'Margherita', priceCents: 1050 };
const tiramisu = { id: 20, name: 'Tiramisù', priceCents: 750 };

const Cart = suite('cart');
Cart.before.each(() => resetDom());

Cart('add puts a dish in once and counts up after that', () => {
  const cart = createCart();
  cart.add(margherita);
  cart.add(margherita);
  cart.add(tiramisu);
  assert.equal(cart.get(), [
    { dishId: 1, name: 'Margherita', priceCents: 1050, quantity: 2 },
    { dishId: 20, name: 'Tiramisù', priceCents: 750, quantity: 1 },
  ]);
  assert.is(countItems(cart.get()), 3);
  assert.is(totalCents(cart.get()), 2850);
});

Cart('a quantity of 0 removes the dish; quantities stay between 0 and the maximum', () => {
  const cart = createCart();
  cart.add(margherita);
  setQuantity(cart, 1, 999);
  assert.is(cart.get()[0]!.quantity, MAX_QUANTITY);
  setQuantity(cart, 1, Number.NaN);
  assert.equal(cart.get(), []);
});

Cart('it is kept under tavola.cart and survives a reload', () => {
  createCart().add(tiramisu);
  assert.equal(JSON.parse(localStorage.getItem('tavola.cart')!), [{ dishId: 20, name: 'Tiramisù', priceCents: 750, quantity: 1 }]);
  assert.is(createCart().get().length, 1);
});

for (const [name, raw] of [
  ['JSON that does not parse', '[{"dishId":'],
  ['an object instead of a list', '{"dishId":1}'],
] as const) {
  Cart(`a stored cart that is ${name} is dropped, not fatal`, () => {
    localStorage.setItem('tavola.cart', raw);
    assert.equal(createCart().get(), []);
    assert.is(localStorage.getItem('tavola.cart'), null);
  });
}

Cart('stored items of the wrong shape are dropped, the good ones kept', () => {
  localStorage.setItem('tavola.cart', JSON.stringify([{ dishId: 'x' }, { dishId: 2, name: 'Diavola', priceCents: 1250, quantity: 2 }, { dishId: 3, name: 'X', priceCents: 1, quantity: 0 }]));
  assert.equal(createCart().get(), [{ dishId: 2, name: 'Diavola', priceCents: 1250, quantity: 2 }]);
});

Cart('dishes no longer on the menu are dropped and named; prices follow the menu', () => {
  const cart = createCart();
  cart.add(margherita);
  cart.add(tiramisu);
  const dropped = reconcileCart(cart, [{ id: 1, name: 'Margherita', priceCents: 1100 }]);
  assert.equal(dropped, ['Tiramisù']);
  assert.equal(cart.get(), [{ dishId: 1, name: 'Margherita', priceCents: 1100, quantity: 1 }]);
});

Cart('a dish with choices is a line of its own: the same choices count up, others and a note make another line', () => {
  const cart = createCart();
  const medium = { ids: [11], text: 'Medium', cents: 0 };
  const rareMushrooms = { ids: [10, 21], text: 'Rare · + Mushrooms', cents: 250 };
  const bistecca = { id: 5, name: 'Bistecca', priceCents: 2400 };
  addChosen(cart, bistecca, { choices: medium });
  addChosen(cart, bistecca, { choices: medium });
  addChosen(cart, bistecca, { choices: rareMushrooms });
  addChosen(cart, bistecca, { choices: medium, note: 'allergic to sesame' });
  cart.add(bistecca);
  assert.equal(cart.get(), [
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 2, choices: medium },
    { dishId: 5, name: 'Bistecca', priceCents: 2650, quantity: 1, choices: rareMushrooms },
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1, choices: medium, note: 'allergic to sesame' },
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1 },
  ]);
  assert.equal(cart.get().map(lineKey), ['5:11:', '5:10.21:', '5:11:allergic to sesame', '5']);
  setQuantity(cart, '5:10.21:', 3);
  assert.is(cart.get()[1]!.quantity, 3);
  assert.is(cart.get()[0]!.quantity, 2, 'the other lines of the dish are left as they were');
  // The menu's new price moves the dish's part; what the choices add stays as chosen (the order prices them again).
  reconcileCart(cart, [{ id: 5, name: 'Bistecca', priceCents: 2500 }]);
  assert.equal(cart.get().map((item) => item.priceCents), [2500, 2750, 2500, 2500]);
  assert.equal(createCart().get(), cart.get(), 'the lines survive a reload as they were');
});

Cart('a line changed keeps its place and quantity; changed to the choices of another line, the two become one', () => {
  const cart = createCart();
  const bistecca = { id: 5, name: 'Bistecca', priceCents: 2400 };
  const rare = { ids: [10], text: 'Rare', cents: 0 };
  const medium = { ids: [11], text: 'Medium', cents: 0 };
  addChosen(cart, bistecca, { choices: rare });
  addChosen(cart, bistecca, { choices: rare });
  addChosen(cart, bistecca, { choices: medium });
  cart.add({ id: 1, name: 'Margherita', priceCents: 1050 });
  changeLine(cart, '5:10:', bistecca, { choices: { ids: [12, 21], text: 'Well done · + Mushrooms', cents: 250 }, note: 'no salt' });
  assert.equal(cart.get().map((item) => [lineKey(item), item.quantity, item.priceCents]), [['5:12.21:no salt', 2, 2650], ['5:11:', 1, 2400], ['1', 1, 1050]]);
  changeLine(cart, '5:11:', bistecca, { choices: { ids: [12, 21], text: 'Well done · + Mushrooms', cents: 250 }, note: 'no salt' });
  assert.equal(cart.get().map((item) => [lineKey(item), item.quantity]), [['5:12.21:no salt', 3], ['1', 1]]);
});

Cart('the choices against the menu now: a line whose option is gone or sold out is said, not dropped; the others take today’s names and prices', () => {
  const cart = createCart();
  const bistecca = { id: 5, name: 'Bistecca', priceCents: 2400 };
  addChosen(cart, bistecca, { choices: { ids: [11, 21], text: 'Medium · Mushrooms', cents: 200 } });
  addChosen(cart, bistecca, { choices: { ids: [12], text: 'Well done', cents: 0 } });
  addChosen(cart, bistecca, { choices: { ids: [10, 22], text: 'Rare · Truffle', cents: 400 } });
  const option = (id: number, name: string, priceCents = 0, available = true) => ({ id, name, priceCents, addsAllergens: [], removesAllergens: [], available });
  const dish = {
    id: 5,
    choices: [
      { id: 1, name: 'How it is cooked', kind: 'choose' as const, min: 1, max: 1, options: [option(10, 'Rare'), option(11, 'Medium')] },
      { id: 2, name: 'Extras', kind: 'choose' as const, min: 0, max: 2, options: [option(21, 'Mushrooms', 250), option(22, 'Truffle', 400, false)] },
    ],
  };
  const problems = checkChoices(cart, [dish]);
  assert.equal([...problems], [
    ['5:12:', 'A choice of this line is no longer on the menu: change or remove it.'],
    ['5:10.22:', 'Truffle is sold out now: change or remove this line.'],
  ]);
  assert.equal(cart.get().map((item) => [lineKey(item), item.priceCents, item.choices!.text, item.quantity]), [
    ['5:11.21:', 2650, 'Medium · Mushrooms', 1],
    ['5:12:', 2400, 'Well done', 1],
    ['5:10.22:', 2800, 'Rare · Truffle', 1],
  ]);
});

Cart('a stored line whose choices are not of the shape written is dropped, the others kept', () => {
  localStorage.setItem('tavola.cart', JSON.stringify([
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1, choices: { ids: 'x', text: 'Medium', cents: 0 } },
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1, choices: { ids: [11], text: 'Medium', cents: 0 }, note: 7 },
    { dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1, choices: { ids: [11], text: 'Medium', cents: 0 } },
  ]));
  assert.equal(createCart().get(), [{ dishId: 5, name: 'Bistecca', priceCents: 2400, quantity: 1, choices: { ids: [11], text: 'Medium', cents: 0 } }]);
});

Cart('a change in another tab reaches this one', () => {
  const cart = createCart();
  localStorage.setItem('tavola.cart', JSON.stringify([{ dishId: 1, name: 'Margherita', priceCents: 1050, quantity: 4 }]));
  window.dispatchEvent(new StorageEvent('storage', { key: 'tavola.cart' }));
  assert.is(countItems(cart.get()), 4);
});

Cart.run();

const Format = suite('formatting');

Format('prices in euros, written as Intl.NumberFormat en-IE writes them', () => {
  assert.is(formatPrice(1450), '€14.50');
  assert.is(formatPrice(250), '€2.50');
  assert.is(formatPrice(123456), '€1,234.56');
  // Written by hand, as Intl writes them (Intl costs a long task on a slow phone: price.ts).
  const intl = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
  for (const cents of [0, 5, 99, 100, 750, 1450, 99999, 100000, 123456, 1234567, 100000000, -250]) assert.is(formatPrice(cents), intl.format(cents / 100), `${cents} cents`);
});

Format('prices in Italian, written as Intl.NumberFormat it-IT writes them (the Italian build’s formatPrice)', () => {
  assert.is(italianPrice(1450), '14,50\u00a0€');
  assert.is(italianPrice(123456), '1234,56\u00a0€');
  assert.is(italianPrice(1234567), '12.345,67\u00a0€');
  const intl = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
  for (const cents of [0, 5, 99, 100, 750, 1450, 99999, 100000, 123456, 1234567, 100000000, -250]) assert.is(italianPrice(cents), intl.format(cents / 100), `${cents} cents`);
});

Format('the age of an order', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  assert.is(formatAge('2026-11-21T11:59:40Z', now), 'just now');
  assert.is(formatAge('2026-11-21T11:48:00Z', now), '12 min ago');
  assert.is(formatAge('2026-11-21T10:55:00Z', now), '1 h 5 min ago');
});

Format.run();

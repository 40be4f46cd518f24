// A dish's choices through the API (on SQLite, and on PostgreSQL in the second API group):
// the owner writes groups of options (a doneness to choose, extras, what can be left out),
// on their versions and into the activity list; a group serves several dishes, each listing
// its groups in its own order; diners read a dish's groups with it, in their language; a
// group that could never be ordered is refused with why; an option taken out of a group is
// kept for the orders that chose it; markup in a name stays text; only the Admin writes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, WAITER, type TestApi } from '../helpers/api.js';
import { pairScreen } from '../helpers/displays.js';

const Choices = suite('a dish’s choices');
let api: TestApi;
let admin: string;

// Each test but the first starts from a menu without choices (the seed's taken away), so that
// the groups it makes are the only ones.
const withoutSeededChoices = async () => {
  await api.db.deleteFrom('dish_choice_groups').execute();
  await api.db.deleteFrom('choice_options').execute();
  await api.db.deleteFrom('choice_groups').execute();
};

Choices.before.each(async () => {
  api = await createTestApi();
  admin = (await api.login(ADMIN)).accessToken;
});

Choices('a fresh menu has real choices: the bistecca’s doneness, the pizzas’ extras, the pasta’s shape, gluten-free pasta, the cacciatora without olives', async () => {
  const { dishes } = await (await api.request('/api/v1/dishes?limit=50')).json();
  const named = (name: string) => dishes.find((dish: { name: string }) => dish.name === name);
  const groupsOf = async (name: string, lang = 'en') =>
    (await dishOf(named(name).id, lang)).choices.map((group: { name: string; kind: string; min: number; max: number; options: { name: string; priceCents: number; addsAllergens: string[]; removesAllergens: string[] }[] }) =>
      `${group.name} (${group.kind} ${group.min}-${group.max}): ${group.options.map((one) => `${one.name} ${one.priceCents}${one.addsAllergens.length ? ` +${one.addsAllergens}` : ''}${one.removesAllergens.length ? ` -${one.removesAllergens}` : ''}`).join(', ')}`,
    );
  assert.equal(await groupsOf('Bistecca ai ferri'), ['How it is cooked (choose 1-1): Rare 0, Medium 0, Well done 0']);
  assert.equal(await groupsOf('Bistecca ai ferri', 'it'), ['Cottura (choose 1-1): Al sangue 0, Media 0, Ben cotta 0']);
  for (const pizza of ['Diavola', 'Quattro formaggi', 'Ortolana']) assert.equal(await groupsOf(pizza), ['Extras (choose 0-3): Buffalo mozzarella 200 +milk, ’Nduja 150, Porcini mushrooms 200, Rocket 50']);
  assert.equal(await groupsOf('Cacio e pepe'), ['Pasta shape (choose 1-1): Tonnarelli 0, Spaghetti 0, Rigatoni 0', 'Gluten-free (choose 0-1): Gluten-free pasta 150 -gluten']);
  assert.equal(await groupsOf('Cacio e pepe', 'it'), ['Formato della pasta (choose 1-1): Tonnarelli 0, Spaghetti 0, Rigatoni 0', 'Senza glutine (choose 0-1): Pasta senza glutine 150 -gluten']);
  assert.equal(await groupsOf('Tagliatelle al ragù'), ['Gluten-free (choose 0-1): Gluten-free pasta 150 -gluten']);
  assert.equal(await groupsOf('Pollo alla cacciatora'), ['Without (without 0-2): Olives 0, Rosemary 0']);
  // A menu card knows which ask first; the other dishes have none (dish 6, the carbonara the docs name, among them).
  const choosing = Object.fromEntries(dishes.filter((dish: { choosing: string }) => dish.choosing !== 'none').map((dish: { name: string; choosing: string }) => [dish.name, dish.choosing]));
  assert.equal(choosing, { 'Tagliatelle al ragù': 'optional', 'Cacio e pepe': 'required', Diavola: 'optional', 'Quattro formaggi': 'optional', Ortolana: 'optional', 'Pollo alla cacciatora': 'optional', 'Bistecca ai ferri': 'required' });
  assert.is(named('Spaghetti alla carbonara').id, 6);
  // Without gluten, the two pastas are listed with the choice that makes them so.
  const free = (await (await api.request('/api/v1/dishes?without=gluten&limit=50')).json()).dishes.filter((dish: { freeWith?: unknown }) => dish.freeWith);
  assert.equal(free.map((dish: { name: string; freeWith: { said: string } }) => [dish.name, dish.freeWith.said]), [
    ['Tagliatelle al ragù', 'Without gluten: choose Gluten-free pasta'],
    ['Cacio e pepe', 'Without gluten: choose Gluten-free pasta'],
  ]);
  // An order of the bistecca names its doneness, or is refused.
  const bistecca = await dishOf(named('Bistecca ai ferri').id);
  const medium = bistecca.choices[0].options[1].id;
  const refused = await expectError(await api.send('POST', '/api/v1/orders', { pickupName: 'Rita', pickupPhone: '+39 347 123 4567', items: [{ dishId: bistecca.id, quantity: 1 }] }), 400, 'invalid_field');
  assert.is(refused.field, 'items.0.choices');
  const placed = await api.send('POST', '/api/v1/orders', { pickupName: 'Rita', pickupPhone: '+39 347 123 4567', items: [{ dishId: bistecca.id, quantity: 1, choices: [medium] }] });
  assert.is(placed.status, 201, await placed.clone().text());
  assert.equal((await placed.json()).items[0].choices.map((one: { group: string; name: string; nameIt: string }) => [one.group, one.name, one.nameIt]), [['How it is cooked', 'Medium', 'Media']]);
});

const option = (name: string, nameIt: string | null, priceCents = 0, fields: Record<string, unknown> = {}) => ({ name, nameIt, priceCents, addsAllergens: [], removesAllergens: [], available: true, ...fields });
const DONENESS = { name: 'How it is cooked', nameIt: 'Cottura', kind: 'choose', min: 1, max: 1, options: [option('Rare', 'Al sangue'), option('Medium', 'Media'), option('Well done', 'Ben cotta')] };
const EXTRAS = { name: 'Extras', nameIt: 'Aggiunte', kind: 'choose', min: 0, max: 3, options: [option('Buffalo mozzarella', '+ bufala', 200, { addsAllergens: ['milk'] }), option('Nduja', '+ ’nduja', 150), option('Gluten-free base', 'Base senza glutine', 150, { removesAllergens: ['gluten'] })] };
const WITHOUT = { name: 'Without', nameIt: 'Senza', kind: 'without', min: 0, max: 2, options: [option('Onion', 'Cipolla'), option('Pecorino', 'Pecorino')] };

async function created(group: Record<string, unknown>) {
  const response = await api.send('POST', '/api/v1/admin/choice-groups', group, admin);
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
}
const dishOf = async (id: number, lang = 'en') => (await api.request(`/api/v1/dishes/${id}`, { headers: { 'Accept-Language': lang } })).json();

Choices('the owner adds groups and a dish lists them in its order; diners read them with the dish, in English and Italian; the menu’s answers are never stale', async () => {
  await withoutSeededChoices();
  const doneness = await created(DONENESS);
  assert.equal([doneness.name, doneness.nameIt, doneness.kind, doneness.min, doneness.max, doneness.version, doneness.dishes], ['How it is cooked', 'Cottura', 'choose', 1, 1, 1, []]);
  assert.equal(doneness.options.map((one: { name: string; nameIt: string; priceCents: number; available: boolean }) => [one.name, one.nameIt, one.priceCents, one.available]), [
    ['Rare', 'Al sangue', 0, true],
    ['Medium', 'Media', 0, true],
    ['Well done', 'Ben cotta', 0, true],
  ]);
  const extras = await created(EXTRAS);
  const before = await api.request('/api/v1/dishes/9');
  const { version, choices } = await before.json();
  assert.equal(choices, []);
  // The dish lists the extras first, then the doneness; its version moves on.
  const listed = await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version, groups: [extras.id, doneness.id] }, admin);
  assert.is(listed.status, 200, await listed.clone().text());
  assert.equal(await listed.json(), { version: version + 1, groups: [extras.id, doneness.id] });
  const english = await dishOf(9);
  assert.is(english.version, version + 1);
  assert.equal(
    english.choices.map((group: { name: string; kind: string; min: number; max: number; options: { name: string; priceCents: number; addsAllergens: string[]; removesAllergens: string[] }[] }) => [group.name, group.kind, group.min, group.max, group.options.map((one) => [one.name, one.priceCents, one.addsAllergens, one.removesAllergens])]),
    [
      ['Extras', 'choose', 0, 3, [['Buffalo mozzarella', 200, ['milk'], []], ['Nduja', 150, [], []], ['Gluten-free base', 150, [], ['gluten']]]],
      ['How it is cooked', 'choose', 1, 1, [['Rare', 0, [], []], ['Medium', 0, [], []], ['Well done', 0, [], []]]],
    ],
  );
  const italian = await dishOf(9, 'it');
  assert.equal(italian.choices.map((group: { name: string; options: { name: string }[] }) => [group.name, group.options.map((one) => one.name)]), [
    ['Aggiunte', ['+ bufala', '+ ’nduja', 'Base senza glutine']],
    ['Cottura', ['Al sangue', 'Media', 'Ben cotta']],
  ]);
  // The same group serves another dish; the owner's list says which dishes list each group.
  const other = await dishOf(10);
  assert.is((await api.send('PUT', '/api/v1/admin/dishes/10/choice-groups', { version: other.version, groups: [doneness.id] }, admin)).status, 200);
  const { groups } = await (await api.authed('/api/v1/admin/choice-groups', admin)).json();
  assert.equal(groups.map((group: { id: number; dishes: number[] }) => [group.id, group.dishes]), [
    [doneness.id, [9, 10]],
    [extras.id, [9]],
  ]);
  // Every Dish says whether it has choices, and whether one must be chosen from: a list reads it for its page.
  const { dishes } = await (await api.request('/api/v1/dishes?limit=50')).json();
  const choosing = (id: number) => dishes.find((dish: { id: number }) => dish.id === id).choosing;
  assert.equal([choosing(9), choosing(10), choosing(11)], ['required', 'required', 'none']);
  assert.is((await dishOf(9)).choosing, 'required');
  const onlyExtras = await dishOf(11);
  assert.is((await api.send('PUT', '/api/v1/admin/dishes/11/choice-groups', { version: onlyExtras.version, groups: [extras.id] }, admin)).status, 200);
  assert.is((await dishOf(11)).choosing, 'optional');
  const listed11 = (await (await api.request('/api/v1/dishes?limit=50')).json()).dishes.find((dish: { id: number }) => dish.id === 11);
  assert.is(listed11.choosing, 'optional', 'a list answer kept from before is not served: the menu moved on');
  // A stale dish version is a 409 with what the dish lists now.
  // The owner's dish page reads a dish's groups in its order, with the version a change is sent on.
  assert.equal(await (await api.authed('/api/v1/admin/dishes/9/choice-groups', admin)).json(), { version: version + 1, groups: [extras.id, doneness.id] });
  assert.equal(await (await api.authed('/api/v1/admin/dishes/12/choice-groups', admin)).json(), { version: (await dishOf(12)).version, groups: [] });
  await expectError(await api.authed('/api/v1/admin/dishes/99999/choice-groups', admin), 404, 'not_found', 'No dish has the id 99999.');
  await expectError(await api.authed('/api/v1/admin/dishes/9/choice-groups', (await api.login(WAITER)).accessToken), 403, 'forbidden');
  const stale = await expectError(await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version, groups: [] }, admin), 409, 'conflict');
  assert.equal(stale.dish, { id: 9, version: version + 1, groups: [extras.id, doneness.id] });
  await expectError(await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version: version + 1, groups: [extras.id, extras.id] }, admin), 400, 'invalid_field', 'A dish lists each group once.');
  await expectError(await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version: version + 1, groups: [999] }, admin), 400, 'invalid_field', 'No group of choices has the id 999.');
  await expectError(await api.send('PUT', '/api/v1/admin/dishes/99999/choice-groups', { version: 1, groups: [] }, admin), 404, 'not_found');
  // The activity list has each change, with who.
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal(entries.slice(0, 5).map((entry: { action: string; subject: string; by: { name: string } }) => [entry.action, entry.subject, entry.by.name]), [
    ['dish.choices_changed', `Dish 11 · ${onlyExtras.name}`, 'Ada Conti'],
    ['dish.choices_changed', `Dish 10 · ${other.name}`, 'Ada Conti'],
    ['dish.choices_changed', `Dish 9 · ${english.name}`, 'Ada Conti'],
    ['choices.created', `Choices ${extras.id} · Extras`, 'Ada Conti'],
    ['choices.created', `Choices ${doneness.id} · How it is cooked`, 'Ada Conti'],
  ]);
});

Choices('a group written whole on its version: options changed by id, new ones added, one left out kept for past orders but no longer listed; a stale version is a 409 with the group as it is', async () => {
  await withoutSeededChoices();
  const group = await created(EXTRAS);
  const dish = await dishOf(9);
  assert.is((await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version: dish.version, groups: [group.id] }, admin)).status, 200);
  const [bufala, nduja] = group.options;
  const change = { ...EXTRAS, version: group.version, options: [{ ...bufala, priceCents: 250, available: false }, option('Mushrooms', 'Funghi', 100)] };
  const written = await api.send('PUT', `/api/v1/admin/choice-groups/${group.id}`, change, admin);
  assert.is(written.status, 200, await written.clone().text());
  const after = await written.json();
  assert.equal([after.version, after.options.map((one: { id: number; name: string; priceCents: number; available: boolean }) => [one.id === bufala.id, one.name, one.priceCents, one.available])], [
    2,
    [
      [true, 'Buffalo mozzarella', 250, false],
      [false, 'Mushrooms', 100, true],
    ],
  ]);
  // The 'nduja is kept for the orders that chose it, but no diner is offered it.
  const kept = await api.db.selectFrom('choice_options').select(['name', 'archived']).where('id', '=', nduja.id).executeTakeFirstOrThrow();
  assert.equal(kept, { name: 'Nduja', archived: 1 });
  assert.equal((await dishOf(9)).choices[0].options.map((one: { name: string; available: boolean }) => [one.name, one.available]), [
    ['Buffalo mozzarella', false],
    ['Mushrooms', true],
  ]);
  const stale = await expectError(await api.send('PUT', `/api/v1/admin/choice-groups/${group.id}`, change, admin), 409, 'conflict', 'Extras was changed by someone else meanwhile. Here it is as it is now.');
  assert.is(stale.group.version, 2);
  // An option of another group is refused, and nothing is written.
  const doneness = await created(DONENESS);
  await expectError(await api.send('PUT', `/api/v1/admin/choice-groups/${group.id}`, { ...EXTRAS, version: 2, options: [{ ...doneness.options[0] }] }, admin), 400, 'invalid_field', `Option ${doneness.options[0].id} is not one of this group’s.`);
  assert.is((await (await api.authed('/api/v1/admin/choice-groups', admin)).json()).groups[0].version, 2);
  await expectError(await api.send('PUT', '/api/v1/admin/choice-groups/999', { ...EXTRAS, version: 1 }, admin), 404, 'not_found', 'No group of choices has the id 999.');
  // One option twice (two names, one id) would make a group of one option that asks for two.
  const twice = await expectError(await api.send('PUT', `/api/v1/admin/choice-groups/${group.id}`, { ...EXTRAS, version: 2, min: 2, options: [{ ...bufala, name: 'A' }, { ...bufala, name: 'B' }] }, admin), 400, 'invalid_field', 'An option is listed twice in this group.');
  assert.is(twice.field, 'options.1.id');
});

Choices('a group that could never be ordered is refused with why; a name with markup stays text; only the Admin writes groups', async () => {
  await withoutSeededChoices();
  const refused = async (group: Record<string, unknown>, field: string, message: string) => {
    const body = await expectError(await api.send('POST', '/api/v1/admin/choice-groups', group, admin), 400, 'invalid_field', message);
    assert.is(body.field, field);
  };
  await refused({ ...DONENESS, min: 2, max: 1 }, 'min', 'A group’s minimum (2) cannot be over its maximum (1).');
  await refused({ ...DONENESS, min: 4, max: 4 }, 'min', 'A group that asks for 4 choices needs at least 4 options.');
  await refused({ ...WITHOUT, min: 1 }, 'min', 'Leaving something out is never required: a “without” group’s minimum is 0.');
  await refused({ ...WITHOUT, options: [option('Onion', 'Cipolla', 50)] }, 'options.0.priceCents', 'Leaving something out costs nothing: a “without” option’s price change is 0.');
  await refused({ ...DONENESS, options: [option('Rare', null), option('rare ', null)] }, 'options.1.name', 'Two options of a group have the same name.');
  await expectError(await api.send('POST', '/api/v1/admin/choice-groups', { ...DONENESS, options: [] }, admin), 400, 'invalid_field');
  await expectError(await api.send('POST', '/api/v1/admin/choice-groups', { ...DONENESS, options: [option('Rare', null, 1.5)] }, admin), 400, 'invalid_field');
  await expectError(await api.send('POST', '/api/v1/admin/choice-groups', { ...DONENESS, options: [option('Rare', null, 0, { addsAllergens: ['sawdust'] })] }, admin), 400, 'invalid_field');
  // In Italian, the owner is told in Italian.
  const italian = await api.request('/api/v1/admin/choice-groups', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'it' }, body: JSON.stringify({ ...DONENESS, min: 2, max: 1 }) });
  await expectError(italian, 400, 'invalid_field', 'Il minimo di un gruppo (2) non può superare il massimo (1).');
  const marked = await created({ ...WITHOUT, name: '<b>Without</b>', options: [option('<img src=x onerror=alert(1)>', null)] });
  assert.equal([marked.name, marked.options[0].name], ['<b>Without</b>', '<img src=x onerror=alert(1)>']);
  for (const account of [WAITER, KITCHEN]) {
    const token = (await api.login(account)).accessToken;
    await expectError(await api.send('POST', '/api/v1/admin/choice-groups', DONENESS, token), 403, 'forbidden', 'Only the Admin can change the menu.');
    await expectError(await api.authed('/api/v1/admin/choice-groups', token), 403, 'forbidden');
  }
  await expectError(await api.send('POST', '/api/v1/admin/choice-groups', DONENESS), 401, 'unauthorized');
});

Choices('an order keeps what was chosen: the server checks each group and prices the line; a later edit of the menu changes no past order; a station’s ticket shows the choices without prices; the bill names them, in Italian in the Italian words (the pre-bill, a moved line, the close) with the same keys', async () => {
  await withoutSeededChoices();
  const doneness = await created(DONENESS);
  const extras = await created(EXTRAS);
  const without = await created(WITHOUT);
  const dish = await dishOf(9);
  assert.is((await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version: dish.version, groups: [doneness.id, extras.id, without.id] }, admin)).status, 200);
  const waiter = (await api.login(WAITER)).accessToken;
  const id = (group: { options: { id: number; name: string }[] }, name: string) => group.options.find((one) => one.name === name)!.id;
  const [rare, medium, bufala, nduja, onion] = [id(doneness, 'Rare'), id(doneness, 'Medium'), id(extras, 'Buffalo mozzarella'), id(extras, 'Nduja'), id(without, 'Onion')];
  const place = (items: unknown[]) => api.send('POST', '/api/v1/orders', { table: 4, items }, waiter);
  const refused = async (items: unknown[], field: string, message?: string) => {
    const body = await expectError(await place(items), 400, 'invalid_field', message);
    assert.is(body.field, field);
  };
  await refused([{ dishId: 9, quantity: 1 }], 'items.0.choices', `Choose How it is cooked for ${dish.name}.`);
  await refused([{ dishId: 9, quantity: 1, choices: [rare, medium] }], 'items.0.choices', `Choose at most 1 of How it is cooked for ${dish.name}.`);
  await refused([{ dishId: 9, quantity: 1, choices: [medium, medium] }], 'items.0.choices', `Medium is chosen twice for ${dish.name}: choose it once.`);
  await refused([{ dishId: 10, quantity: 1, choices: [medium] }], 'items.0.choices');
  await refused([{ dishId: 9, quantity: 1, choices: [medium, 99999] }], 'items.0.choices', `Option 99999 is not one of the choices of ${dish.name}.`);
  await refused([{ dishId: 9, quantity: 1, choices: ['medium'] }], 'items.0.choices.0');
  await refused([{ dishId: 9, quantity: 1, choices: Array.from({ length: 31 }, (_, i) => i + 1) }], 'items.0.choices');
  // 10,000 options in one line: more than any order holds, refused before it is read.
  await expectError(await place([{ dishId: 9, quantity: 1, choices: Array.from({ length: 10_000 }, (_, i) => i + 1) }]), 413, 'body_too_large', 'The request body is larger than 16 KiB.');
  // The bufala is finished: the dish can still be had without it.
  const group = (await (await api.authed('/api/v1/admin/choice-groups', admin)).json()).groups.find((one: { id: number }) => one.id === extras.id);
  const soldOut = { ...EXTRAS, version: group.version, options: group.options.map((one: { name: string }) => (one.name === 'Buffalo mozzarella' ? { ...one, available: false } : one)) };
  assert.is((await api.send('PUT', `/api/v1/admin/choice-groups/${extras.id}`, soldOut, admin)).status, 200);
  await refused([{ dishId: 9, quantity: 1, choices: [medium, bufala] }], 'items.0.choices', `Buffalo mozzarella is sold out right now: choose another for ${dish.name}.`);
  assert.is((await api.send('PUT', `/api/v1/admin/choice-groups/${extras.id}`, { ...soldOut, version: group.version + 1, options: soldOut.options.map((one: { available: boolean }) => ({ ...one, available: true })) }, admin)).status, 200);

  // Medium with the bufala and the 'nduja, no onion, a note; and a rare one, plain: two lines of one dish.
  const placed = await place([
    { dishId: 9, quantity: 2, choices: [nduja, medium, bufala, onion], note: 'Allergic to sesame' },
    { dishId: 9, quantity: 1, choices: [rare] },
  ]);
  assert.is(placed.status, 201, await placed.clone().text());
  const order = await placed.json();
  assert.equal(
    order.items.map((item: { priceCents: number; quantity: number; choices?: { name: string; nameIt: string; group: string; priceCents: number; without: boolean }[]; note?: string }) => [item.quantity, item.priceCents, item.choices?.map((one) => [one.group, one.name, one.nameIt, one.priceCents, one.without]), item.note]),
    [
      [2, dish.priceCents + 350, [['How it is cooked', 'Medium', 'Media', 0, false], ['Extras', 'Buffalo mozzarella', '+ bufala', 200, false], ['Extras', 'Nduja', '+ ’nduja', 150, false], ['Without', 'Onion', 'Cipolla', 0, true]], 'Allergic to sesame'],
      [1, dish.priceCents, [['How it is cooked', 'Rare', 'Al sangue', 0, false]], undefined],
    ],
  );
  assert.is(order.totalCents, 3 * dish.priceCents + 700);
  await expectError(await place([{ dishId: 9, quantity: 1, choices: [rare] }, { dishId: 9, quantity: 2, choices: [rare] }]), 400, 'invalid_field', 'Dish 9 is listed twice: give each dish once, with its quantity.');

  // The owner renames the 'nduja and raises its price: the order keeps both as they were.
  const now = (await (await api.authed('/api/v1/admin/choice-groups', admin)).json()).groups.find((one: { id: number }) => one.id === extras.id);
  assert.is((await api.send('PUT', `/api/v1/admin/choice-groups/${extras.id}`, { ...EXTRAS, version: now.version, options: now.options.map((one: { name: string }) => (one.name === 'Nduja' ? { ...one, name: 'Spicy nduja', priceCents: 300 } : one)) }, admin)).status, 200);
  const again = await (await api.request(`/api/v1/orders/${order.id}`)).json();
  assert.equal([again.items[0].choices[2].name, again.items[0].choices[2].priceCents, again.items[0].priceCents], ['Nduja', 150, dish.priceCents + 350]);
  // That is the diner's copy (no token: what the order page reads): each line's choices in both languages, what was left out, and the line's note.
  assert.equal(
    again.items.map((item: { choices: { name: string; nameIt: string; without: boolean }[]; note?: string }) => [item.choices.map((one) => [one.name, one.nameIt, one.without]), item.note]),
    [
      [[['Medium', 'Media', false], ['Buffalo mozzarella', '+ bufala', false], ['Nduja', '+ ’nduja', false], ['Onion', 'Cipolla', true]], 'Allergic to sesame'],
      [[['Rare', 'Al sangue', false]], undefined],
    ],
  );

  // A station's screen reads the choices and the note, without a price.
  const station = await pairScreen(api, admin, { name: 'Grill', kind: 'station', station: 1 });
  const { orders } = await (await api.authed('/api/v1/orders/queue', station.credential)).json();
  const ticket = orders.find((one: { id: string }) => one.id === order.id);
  assert.equal(ticket.items[0].choices.map((one: Record<string, unknown>) => [one.name, 'priceCents' in one, one.without]), [['Medium', false, false], ['Buffalo mozzarella', false, false], ['Nduja', false, false], ['Onion', false, true]]);
  assert.is(ticket.items[0].note, 'Allergic to sesame');
  assert.not.ok('priceCents' in ticket.items[0]);
  // The table's bill names each line with its choices, a minus for what was left out.
  const bill = await (await api.authed('/api/v1/staff/tables/4/bill', waiter)).json();
  assert.equal(bill.lines.map((line: { name: string; quantity: number; unitCents: number }) => [line.name, line.quantity, line.unitCents]), [
    [`${dish.name} · Medium · Buffalo mozzarella · Nduja · −Onion`, 2, dish.priceCents + 350],
    [`${dish.name} · Rare`, 1, dish.priceCents],
  ]);
  // In Italian, the same lines (the same keys) in the choices' Italian words.
  const inItalian = async (table: number) => (await api.request(`/api/v1/staff/tables/${table}/bill`, { headers: { Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' } })).json();
  const named = (lines: { key: string; name: string; quantity: number }[]) => lines.map((line) => [line.key, line.name, line.quantity]);
  const [medium2, rare1] = bill.lines as { key: string }[];
  assert.equal(named((await inItalian(4)).lines), [
    [medium2!.key, `${dish.name} · Media · + bufala · + ’nduja · −Cipolla`, 2],
    [rare1!.key, `${dish.name} · Al sangue`, 1],
  ]);
  // The pre-bill e-mailed in Italian from an English page says them in Italian too.
  assert.is((await api.send('POST', `/api/v1/staff/bills/${bill.id}/email`, { email: 'ospite@example.com', lang: 'it' }, waiter)).status, 202);
  const preBill = await api.db.selectFrom('outbox').select('text_body').where('kind', '=', 'pre-bill').executeTakeFirstOrThrow();
  assert.match(preBill.text_body, `2 × ${dish.name} · Media · + bufala · + ’nduja · −Cipolla  `);
  assert.match(preBill.text_body, `1 × ${dish.name} · Al sangue  `);
  // One of the medium ones moved from an Italian page to table 5, which had no bill: the same line there, in either language.
  const moved = await api.request(`/api/v1/staff/bills/${bill.id}/line-moves`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' }, body: JSON.stringify({ version: bill.version, line: medium2!.key, quantity: 1, toTable: 5 }) });
  assert.is(moved.status, 200, await moved.clone().text());
  const there = await (await api.authed('/api/v1/staff/tables/5/bill', waiter)).json();
  assert.equal(named(there.lines), [[medium2!.key, `${dish.name} · Medium · Buffalo mozzarella · Nduja · −Onion`, 1]]);
  const thereInItalian = await inItalian(5);
  assert.equal(named(thereInItalian.lines), [[medium2!.key, `${dish.name} · Media · + bufala · + ’nduja · −Cipolla`, 1]]);
  assert.equal(thereInItalian.changes.map((change: { kind: string; name: string }) => [change.kind, change.name]), [['moved', `${dish.name} · Media · + bufala · + ’nduja · −Cipolla`]]);
  // Taken off there on an Italian page, with why: the close lists it in the words of the page that reads it.
  const removed = await api.request(`/api/v1/staff/bills/${there.id}/line-removals`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${waiter}`, 'Accept-Language': 'it' }, body: JSON.stringify({ version: there.version, line: medium2!.key, quantity: 1, reason: 'Piatto sbagliato' }) });
  assert.is(removed.status, 201, await removed.clone().text());
  const close = async (lang: string) => (await api.request('/api/v1/admin/close?date=2026-11-21', { headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': lang } })).json();
  const removedLines = (day: { removed: { table: number; name: string; quantity: number; reason: string }[] }) => day.removed.map((line) => [line.table, line.name, line.quantity, line.reason]);
  assert.equal(removedLines(await close('en')), [[5, `${dish.name} · Medium · Buffalo mozzarella · Nduja · −Onion`, 1, 'Piatto sbagliato']]);
  assert.equal(removedLines(await close('it')), [[5, `${dish.name} · Media · + bufala · + ’nduja · −Cipolla`, 1, 'Piatto sbagliato']]);
});

Choices('the kitchen marks one option sold out (the bufala is finished, the pizza is not): Kitchen staff and a station’s screen, on the group’s version, read at once by diners and orders, recorded with who', async () => {
  await withoutSeededChoices();
  const extras = await created(EXTRAS);
  const dish = await dishOf(9);
  assert.is((await api.send('PUT', '/api/v1/admin/dishes/9/choice-groups', { version: dish.version, groups: [extras.id] }, admin)).status, 200);
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const listed = async (lang = 'en') => (await (await api.request('/api/v1/choice-options', { headers: { Authorization: `Bearer ${kitchen}`, 'Accept-Language': lang } })).json()).options;
  const options = await listed();
  assert.equal(options.map((one: { name: string; group: { name: string }; available: boolean; version: number }) => [one.name, one.group.name, one.available, one.version]), [
    ['Buffalo mozzarella', 'Extras', true, 1],
    ['Nduja', 'Extras', true, 1],
    ['Gluten-free base', 'Extras', true, 1],
  ]);
  assert.equal((await listed('it')).map((one: { name: string; group: { name: string } }) => `${one.name} · ${one.group.name}`), ['+ bufala · Aggiunte', '+ ’nduja · Aggiunte', 'Base senza glutine · Aggiunte']);
  const bufala = options[0];

  // Kitchen staff: sold out, on the group's version; diners read it at once, an order is refused with its name.
  const marked = await api.send('PATCH', `/api/v1/choice-options/${bufala.id}`, { version: 1, available: false }, kitchen);
  assert.is(marked.status, 200, await marked.clone().text());
  assert.equal(await marked.json(), { id: bufala.id, name: 'Buffalo mozzarella', group: { id: extras.id, name: 'Extras' }, available: false, version: 2 });
  assert.equal((await dishOf(9)).choices[0].options.map((one: { name: string; available: boolean }) => [one.name, one.available]), [['Buffalo mozzarella', false], ['Nduja', true], ['Gluten-free base', true]]);
  const waiter = (await api.login(WAITER)).accessToken;
  await expectError(await api.send('POST', '/api/v1/orders', { table: 4, items: [{ dishId: 9, quantity: 1, choices: [bufala.id] }] }, waiter), 400, 'invalid_field', `Buffalo mozzarella is sold out right now: choose another for ${dish.name}.`);
  const plain = await api.send('POST', '/api/v1/orders', { table: 4, items: [{ dishId: 9, quantity: 1 }] }, waiter);
  assert.is(plain.status, 201, 'the dish without it is still there');

  // A stale version is a 409 with the option as it is now; the owner's editor sees the group's new version.
  const stale = await expectError(await api.send('PATCH', `/api/v1/choice-options/${bufala.id}`, { version: 1, available: true }, kitchen), 409, 'conflict', 'Buffalo mozzarella was changed by someone else meanwhile. Here it is as it is now.');
  assert.equal([stale.option.available, stale.option.version], [false, 2]);
  const { groups } = await (await api.authed('/api/v1/admin/choice-groups', admin)).json();
  assert.equal([groups[0].version, groups[0].options[0].available], [2, false]);

  // A station's screen puts it back; a Waiter may not; an unknown or taken-out option is a 404.
  const station = await pairScreen(api, admin, { name: 'Pizza oven', kind: 'station', station: 1 });
  const back = await api.send('PATCH', `/api/v1/choice-options/${bufala.id}`, { version: 2, available: true }, station.credential);
  assert.is(back.status, 200, await back.clone().text());
  assert.is((await back.json()).available, true);
  await expectError(await api.send('PATCH', `/api/v1/choice-options/${bufala.id}`, { version: 3, available: false }, waiter), 403, 'forbidden', 'Only the Admin, Kitchen staff and kitchen screens can mark an option sold out.');
  await expectError(await api.send('PATCH', '/api/v1/choice-options/99999', { version: 1, available: false }, kitchen), 404, 'not_found', 'No option has the id 99999.');
  await expectError(await api.send('PATCH', `/api/v1/choice-options/${bufala.id}`, { version: 3, available: 'no' }, kitchen), 400, 'invalid_field');
  assert.is((await api.request('/api/v1/choice-options')).status, 401);

  // Each change is in the activity list, with who.
  const { entries } = await (await api.authed('/api/v1/admin/activity', admin)).json();
  const onChoices = entries.filter((entry: { action: string }) => entry.action === 'choices.updated');
  assert.equal(onChoices.map((entry: { action: string; subject: string; by: { name: string }; after: { option: string; available: boolean } }) => [entry.action, entry.subject, entry.by.name, entry.after.option, entry.after.available]), [
    ['choices.updated', `Choices ${extras.id} · Extras`, 'Display: Pizza oven', 'Buffalo mozzarella', true],
    ['choices.updated', `Choices ${extras.id} · Extras`, 'Kai Moretti', 'Buffalo mozzarella', false],
  ]);
});

Choices('the allergen filter knows the choices: a dish a choice makes free of them is listed with that choice named; not when it is sold out, nor when a group the diner must choose from brings them back', async () => {
  await withoutSeededChoices();
  const extras = await created(EXTRAS); // its gluten-free base takes gluten away
  const { dishes } = await (await api.request('/api/v1/dishes?limit=50')).json();
  type Listed = { id: number; allergens: string[] | null; traces: string[]; freeWith?: { option: string; allergens: string[]; said: string } };
  // Two dishes with gluten (not as a trace) and nothing else of what is filtered.
  const [pizza, other] = (dishes as Listed[]).filter((dish) => dish.allergens?.includes('gluten') && !dish.allergens.includes('peanuts') && !dish.traces.includes('gluten'));
  const withoutGluten = async (lang = 'en') => ((await (await api.request('/api/v1/dishes?limit=50&without=gluten', { headers: { 'Accept-Language': lang } })).json()).dishes as Listed[]);
  const before = await withoutGluten();
  assert.is(before.some((dish) => dish.id === pizza!.id), false, 'not before it has the choice');
  assert.ok(before.length > 0 && before.every((dish) => dish.freeWith === undefined), 'a dish free of it as it comes names no choice');
  const listed = await dishOf(pizza!.id);
  assert.is((await api.send('PUT', `/api/v1/admin/dishes/${pizza!.id}/choice-groups`, { version: listed.version, groups: [extras.id] }, admin)).status, 200);
  const after = await withoutGluten();
  assert.equal(after.filter((dish) => dish.freeWith !== undefined).map((dish) => [dish.id, dish.freeWith]), [[pizza!.id, { option: 'Gluten-free base', allergens: ['gluten'], said: 'Without gluten: choose Gluten-free base' }]]);
  assert.is(after.length, before.length + 1);
  assert.equal((await withoutGluten('it')).filter((dish) => dish.freeWith !== undefined).map((dish) => dish.freeWith!.said), ['Senza glutine: scegli Base senza glutine']);
  // Free of gluten and peanuts: the choice covers both (it brings no peanuts, the dish has none).
  const both = (await (await api.request('/api/v1/dishes?limit=50&without=gluten,peanuts')).json()).dishes as Listed[];
  assert.equal(both.find((dish) => dish.id === pizza!.id)?.freeWith, { option: 'Gluten-free base', allergens: ['gluten'], said: 'Without gluten: choose Gluten-free base' });
  assert.is(both.some((dish) => dish.id === other!.id), false);
  // Sold out, it makes nothing free.
  const kitchen = (await api.login(KITCHEN)).accessToken;
  const base = extras.options.find((one: { name: string }) => one.name === 'Gluten-free base');
  assert.is((await api.send('PATCH', `/api/v1/choice-options/${base.id}`, { version: extras.version, available: false }, kitchen)).status, 200);
  assert.is((await withoutGluten()).some((dish) => dish.id === pizza!.id), false);
  assert.is((await api.send('PATCH', `/api/v1/choice-options/${base.id}`, { version: extras.version + 1, available: true }, kitchen)).status, 200);
  // A group the diner must choose from whose every option brings gluten back: not free, even with the base.
  const crust = await created({ name: 'Crust', nameIt: 'Crosta', kind: 'choose', min: 1, max: 1, options: [option('Thin', 'Sottile', 0, { addsAllergens: ['gluten'] }), option('Thick', 'Alta', 0, { addsAllergens: ['gluten'] })] });
  const now = await dishOf(pizza!.id);
  assert.is((await api.send('PUT', `/api/v1/admin/dishes/${pizza!.id}/choice-groups`, { version: now.version, groups: [extras.id, crust.id] }, admin)).status, 200);
  assert.is((await withoutGluten()).some((dish) => dish.id === pizza!.id), false);
  // A search filtered the same way knows it too.
  const again = await dishOf(pizza!.id);
  assert.is((await api.send('PUT', `/api/v1/admin/dishes/${pizza!.id}/choice-groups`, { version: again.version, groups: [extras.id] }, admin)).status, 200);
  const words = encodeURIComponent(again.name.split(' ')[0]);
  const found = (await (await api.request(`/api/v1/dishes?q=${words}&without=gluten`)).json()).dishes as Listed[];
  assert.is(found.find((dish) => dish.id === pizza!.id)?.freeWith?.option, 'Gluten-free base');

  // A group that asks for two, with one option free of milk: no order of the dish is free of milk.
  const withoutMilk = async () => ((await (await api.request('/api/v1/dishes?limit=50&without=milk')).json()).dishes as Listed[]);
  const milkFree = (await withoutMilk())[0]!;
  const sauces = await created({ name: 'Sauces', nameIt: 'Salse', kind: 'choose', min: 2, max: 2, options: [option('Tomato', 'Pomodoro'), option('Cream', 'Panna', 0, { addsAllergens: ['milk'] }), option('Butter', 'Burro', 0, { addsAllergens: ['milk'] })] });
  const plain = await dishOf(milkFree.id);
  assert.is((await api.send('PUT', `/api/v1/admin/dishes/${milkFree.id}/choice-groups`, { version: plain.version, groups: [sauces.id] }, admin)).status, 200);
  assert.is((await withoutMilk()).some((dish) => dish.id === milkFree.id), false, 'two must be chosen, one is free of milk');
  const twoFree = { name: sauces.name, nameIt: sauces.nameIt, kind: sauces.kind, min: 2, max: 2, version: sauces.version, options: [...sauces.options, option('Pesto without cheese', 'Pesto senza formaggio')] };
  assert.is((await api.send('PUT', `/api/v1/admin/choice-groups/${sauces.id}`, twoFree, admin)).status, 200);
  assert.is((await withoutMilk()).some((dish) => dish.id === milkFree.id), true, 'two free of milk: it can be had without');

  // Something left out that takes milk away is said as the cart says it: "without Pecorino".
  const cheesy = (dishes as Listed[]).find((dish) => dish.allergens?.includes('milk') && !dish.traces.includes('milk') && dish.id !== pizza!.id)!;
  const leaveOut = await created({ name: 'Without', nameIt: 'Senza', kind: 'without', min: 0, max: 1, options: [option('Pecorino', 'Pecorino', 0, { removesAllergens: ['milk'] })] });
  const cheesyNow = await dishOf(cheesy.id);
  assert.is((await api.send('PUT', `/api/v1/admin/dishes/${cheesy.id}/choice-groups`, { version: cheesyNow.version, groups: [leaveOut.id] }, admin)).status, 200);
  assert.equal((await withoutMilk()).find((dish) => dish.id === cheesy.id)?.freeWith, { option: 'without Pecorino', allergens: ['milk'], said: 'Without milk: choose without Pecorino' });
});

Choices.run();

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN, createTestApi, expectError, KITCHEN, type TestApi } from '../helpers/api.js';
import { fromAcceptLanguage } from '../../src/server/http/language.js';

// The API answers in the language asked: `?lang=`, else Accept-Language, else English;
// with Content-Language and Vary: Accept-Language. Codes stay language-free. The clock is
// 21 November 2026, 13:00 in Rome (a Saturday, open 12–15); Mondays are closed.
let api: TestApi;
const Language = suite('the API answers in the language asked');
Language.before(async () => {
  api = await createTestApi();
});

const get = (path: string, headers: Record<string, string> = {}) => api.request(path, { headers });

Language('?lang=it: Italian sentences, Content-Language it, Vary names Accept-Language', async () => {
  const response = await get('/api/v1/hours?lang=it');
  assert.is(response.status, 200);
  assert.is(response.headers.get('Content-Language'), 'it');
  assert.match(response.headers.get('Vary') ?? '', 'Accept-Language');
  const hours = await response.json();
  assert.is(hours.summary, 'Aperto ora · fino alle 15:00');
  assert.is(hours.weekText, 'Da martedì a domenica, 12:00–15:00 e 19:00–23:00');
});

Language('English stays the spec’s words, by default and when asked', async () => {
  for (const headers of [{}, { 'Accept-Language': 'en-GB,en;q=0.9' }] as Record<string, string>[]) {
    const response = await get('/api/v1/hours', headers);
    assert.is(response.headers.get('Content-Language'), 'en');
    const hours = await response.json();
    assert.is(hours.summary, 'Open now · until 15:00');
    assert.is(hours.weekText, 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00');
  }
});

Language('Accept-Language picks the best-ranked of English and Italian; ?lang wins over it', async () => {
  const cases: [string | undefined, string][] = [
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['it-CH', 'it'],
    ['en-US,it;q=0.5', 'en'],
    ['de-DE,it;q=0.4,en;q=0.3', 'it'],
    ['fr-FR', 'en'],
    ['*', 'en'],
    ['it;q=0', 'en'],
    [undefined, 'en'],
  ];
  for (const [header, expected] of cases) assert.is(fromAcceptLanguage(header), expected, header);
  const response = await get('/api/v1/hours?lang=en', { 'Accept-Language': 'it' });
  assert.is(response.headers.get('Content-Language'), 'en');
});

Language('a malformed Accept-Language is read as far as it can be: never an error', async () => {
  for (const header of ['it;q=abc, ,,;;;', ';;;,,,', 'it;q=', `${'x,'.repeat(5000)}it`, 'it;q=1.5', '-it;q=0.9', 'itx']) {
    const response = await get('/api/v1/categories', { 'Accept-Language': header });
    assert.is(response.status, 200, header);
    assert.is(response.headers.get('Content-Language'), 'en', header);
  }
});

Language('an unknown ?lang is a 400 that names the two languages, and changes nothing', async () => {
  const body = await expectError(await get('/api/v1/categories?lang=fr'), 400, 'invalid_field', 'lang: "fr" is not a language of this API. Use "en" or "it".');
  assert.is(body.field, 'lang');
  await expectError(await get('/api/v1/categories?lang=%3Cscript%3E'), 400, 'invalid_field', 'lang: "<script>" is not a language of this API. Use "en" or "it".');
});

Language('errors are in the language asked; their codes are not', async () => {
  const english = await expectError(await get('/api/v1/dishes/999'), 404, 'not_found', 'No dish has the id "999".');
  const italian = await expectError(await get('/api/v1/dishes/999', { 'Accept-Language': 'it' }), 404, 'not_found', 'Nessun piatto ha l’id "999".');
  assert.is(italian.code, english.code);
  const response = await api.postJson('/api/v1/auth/login', { email: 42, password: 'x' }, { 'Accept-Language': 'it' });
  await expectError(response, 400, 'invalid_field', 'email deve essere un testo.');
});

Language('the menu’s own refusals are in the language asked too (its kept answers are made in it)', async () => {
  await expectError(await get('/api/v1/dishes?without=milk,cheese&lang=it'), 400, 'invalid_field', 'without: "cheese" non è un allergene. I codici sono gluten, crustaceans, eggs, fish, peanuts, soybeans, milk, nuts, celery, mustard, sesame, sulphites, lupin, molluscs.');
  await expectError(await get('/api/v1/dishes/0x1', { 'Accept-Language': 'it' }), 404, 'not_found', 'Nessun piatto ha l’id "0x1".');
  await expectError(await get('/api/v1/dishes?after=9999&lang=it'), 400, 'invalid_field', 'after: nessun piatto ha l’id 9999. Ricomincia dalla prima pagina.');
});

Language('in Italian too: a failed sign-in, a refusal by role, the validator’s words, a bad phone, a stale booking, the days around', async () => {
  const it = { 'Accept-Language': 'it' };
  await expectError(await api.postJson('/api/v1/auth/login', { email: 'ada@tavola.test', password: 'not-the-password' }, it), 401, 'invalid_credentials', 'Questa e-mail e questa password non corrispondono a nessun account.');
  const kitchen = (await api.login(KITCHEN)).accessToken;
  await expectError(await api.request('/api/v1/admin/staff', { headers: { ...it, Authorization: `Bearer ${kitchen}` } }), 403, 'forbidden', 'Solo l’amministratore gestisce gli account del personale.');
  await expectError(await api.request('/api/v1/admin/tables', { headers: { ...it, Authorization: `Bearer ${kitchen}` } }), 403, 'forbidden', 'Solo l’amministratore gestisce i tavoli.');
  const booking = { party: 2, date: '2026-11-27', time: '20:00', name: 'Lia' };
  await expectError(await api.postJson('/api/v1/bookings', { ...booking, phone: '347 765 4322', email: 'not an address' }, it), 400, 'invalid_field', 'email deve essere un indirizzo e-mail.');
  await expectError(await api.postJson('/api/v1/bookings', { ...booking, phone: '347 765 4322', email: 'not an address' }), 400, 'invalid_field', 'email must be an e-mail address.');
  await expectError(await api.postJson('/api/v1/bookings', { ...booking, phone: '12' }, it), 400, 'invalid_field', '“12” non è un numero valido. Per un numero estero aggiungi il prefisso (es. +44 20 7946 0958).');
  const made = await api.postJson('/api/v1/bookings', { ...booking, phone: '347 765 4322' }, it);
  const { key } = await made.json();
  const withKey = (method: string, path: string, body?: unknown) =>
    api.request(path, { method, headers: { 'Booking-Key': key, ...it, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const mine = await (await withKey('GET', '/api/v1/booking')).json();
  assert.is(mine.when, 'venerdì 27 novembre alle 20:00');
  await withKey('PATCH', '/api/v1/booking', { version: mine.version, party: 3 });
  await expectError(await withKey('PATCH', '/api/v1/booking', { version: mine.version, party: 4 }), 409, 'conflict', 'La tua prenotazione è stata modificata nel frattempo: ora è confermata, 3 persone alle 20:00 di venerdì 27 novembre.');
  // A past day is said to be past.
  const past = await (await get('/api/v1/bookings/times?party=2&date=2026-11-20&lang=it')).json();
  assert.match(past.note, /^venerdì 20 novembre è già passato[;,]/);
});

Language('the bookings’ sentences and day labels follow the language', async () => {
  const monday = await (await get('/api/v1/bookings/times?party=2&date=2026-11-23&lang=it')).json();
  assert.is(monday.day.label, 'lunedì 23 novembre');
  assert.is(monday.note, 'Siamo chiusi lunedì 23 novembre; martedì 24 novembre ci sono le 12:00, 12:15, 12:30 e più tardi.');
  const english = await (await get('/api/v1/bookings/times?party=2&date=2026-11-23')).json();
  assert.is(english.note, 'We are closed on Monday 23 November; Tuesday 24 November has 12:00, 12:15, 12:30 and later.');
  await expectError(await get('/api/v1/bookings/times?party=9&date=2026-11-27&lang=it'), 400, 'party_too_large', 'Le prenotazioni online sono per al massimo 8 persone: per 9, chiamaci.');
});

Language('a state inside a sentence is a word of the language asked, of the right gender; its code stays', async () => {
  const made = await api.postJson('/api/v1/bookings', { party: 2, date: '2026-11-27', time: '20:00', name: 'Lia', phone: '347 765 4321' }, { 'Accept-Language': 'it' });
  assert.is(made.status, 201);
  const { key } = await made.json();
  const withKey = (method: string, path: string, body?: unknown) =>
    api.request(path, { method, headers: { 'Booking-Key': key, 'Accept-Language': 'it', ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const booking = await (await withKey('GET', '/api/v1/booking')).json();
  assert.is((await withKey('POST', '/api/v1/booking/cancel', { version: booking.version })).status, 200);
  const again = await expectError(await withKey('POST', '/api/v1/booking/cancel', { version: booking.version + 1 }), 409, 'invalid_transition', 'Questa prenotazione è annullata: non c’è niente da modificare.');
  assert.is(again.booking.status, 'cancelled');
  const english = await api.request('/api/v1/booking/cancel', { method: 'POST', headers: { 'Booking-Key': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ version: booking.version + 1 }) });
  await expectError(english, 409, 'invalid_transition', 'This booking is cancelled: there is nothing to change.');
});

Language('the menu’s kept answers and ETags are per language: one language’s tag never gets the other a 304', async () => {
  const english = await get('/api/v1/dishes/1');
  const italian = await get('/api/v1/dishes/1?lang=it');
  const [en, it] = [english.headers.get('ETag')!, italian.headers.get('ETag')!];
  assert.match(en, /^W\/"menu-\d+-en"$/);
  assert.match(it, /^W\/"menu-\d+-it"$/);
  assert.is((await get('/api/v1/dishes/1?lang=it', { 'If-None-Match': en })).status, 200);
  assert.is((await get('/api/v1/dishes/1?lang=it', { 'If-None-Match': it })).status, 304);
  assert.is((await get('/api/v1/dishes/1', { 'Accept-Language': 'it', 'If-None-Match': it })).status, 304);
  assert.is((await get('/api/v1/dishes/1', { 'If-None-Match': en })).status, 304);
});

Language('a catalog key written as data stays data: a dish named “Sold out” or “{name}” is not translated or filled', async () => {
  for (const name of ['Sold out', '{name} · Roman trattoria', 'Try again']) {
    await api.db.updateTable('dishes').set({ name, name_it: name, version: (eb) => eb('version', '+', 1) }).where('id', '=', 2).execute();
    await api.db.updateTable('menu_version').set({ version: (eb) => eb('version', '+', 1) }).execute();
    const dish = await (await get('/api/v1/dishes/2?lang=it')).json();
    assert.is(dish.name, name);
  }
});

Language('the menu’s words in Italian; a field not translated yet comes in English, named in untranslated', async () => {
  const bruschetta = await (await get('/api/v1/dishes/1?lang=it')).json();
  assert.is(bruschetta.name, 'Bruschetta al pomodoro');
  assert.is(bruschetta.description, 'Pane a lievitazione naturale tostato e strofinato con aglio, con pomodorini datterini, basilico e olio ligure.');
  assert.is(bruschetta.untranslated, undefined);
  const english = await (await get('/api/v1/dishes/1')).json();
  assert.is(english.description, 'Grilled sourdough rubbed with garlic, topped with datterini tomatoes, basil and Ligurian olive oil.');
  assert.is(english.untranslated, undefined);
  await api.db.updateTable('dishes').set({ description_it: null }).where('id', '=', 1).execute();
  await api.db.updateTable('menu_version').set({ version: (eb) => eb('version', '+', 1) }).execute();
  const half = await (await get('/api/v1/dishes/1?lang=it')).json();
  assert.equal([half.name, half.description, half.untranslated], ['Bruschetta al pomodoro', english.description, { description: 'en' }]);
  const categories = (await (await get('/api/v1/categories?lang=it')).json()).categories;
  assert.equal(categories.map((category: { name: string }) => category.name), ['Antipasti', 'Pasta e risotti', 'Pizze', 'Secondi', 'Dolci', 'Bevande']);
});

Language('the owner holds Italian back: Italian answers carry the English words, each marked; letting it go shows the Italian again', async () => {
  const token = (await api.login(ADMIN)).accessToken;
  const restaurant = await (await api.authed('/api/v1/restaurant', token)).json();
  const { guestDataDays: _, italianHeld: __, ...fields } = restaurant;
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', { ...fields, italianHeld: true }, token)).status, 200);
  const held = await (await get('/api/v1/dishes/2?lang=it')).json();
  assert.equal(held.untranslated, { name: 'en', description: 'en' });
  const category = (await (await get('/api/v1/categories?lang=it')).json()).categories[1];
  assert.equal([category.name, category.untranslated], ['Pasta & risotto', { name: 'en', description: 'en' }]);
  const again = await (await api.authed('/api/v1/restaurant', token)).json();
  assert.is(again.italianHeld, true);
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', { ...fields, version: again.version }, token)).status, 200, 'left out, it stays held');
  assert.equal((await (await get('/api/v1/dishes/2?lang=it')).json()).untranslated, { name: 'en', description: 'en' });
  assert.is((await api.send('PUT', '/api/v1/admin/restaurant', { ...fields, version: again.version + 1, italianHeld: false }, token)).status, 200);
  assert.is((await (await get('/api/v1/dishes/3?lang=it')).json()).description, 'Croccanti palle di riso allo zafferano ripiene di ragù e piselli, con una salsa di pomodoro piccante.');
});

Language('search finds dishes by the words of either language, a typo forgiven in both', async () => {
  const names = async (q: string) => (await (await get(`/api/v1/dishes?q=${encodeURIComponent(q)}`)).json()).dishes.map((dish: { id: number }) => dish.id);
  assert.equal(await names('zafferano'), [3], 'Italian: saffron');
  assert.equal(await names('saffron'), [3], 'English');
  assert.equal(await names('zaferano'), [3], 'a letter left out, in Italian');
  assert.equal(await names('piselli ragù'), [3]);
  // The Italian menu's search examples (t('vegan'), t('fish'), t('gluten free') in the Italian build) each find dishes.
  for (const example of ['vegano', 'pesce', 'senza glutine']) assert.ok((await names(example)).length > 0, example);
  assert.equal(await names('piccante'), await names('spicy'));
});

Language('staff in their language: a display the Admin sets to Italian pairs at /it/pair and is told so; a person keeps theirs on My account', async () => {
  const admin = (await api.login(ADMIN)).accessToken;
  const made = await api.send('POST', '/api/v1/admin/displays', { name: 'Forno', kind: 'pass', lang: 'it' }, admin);
  assert.is(made.status, 201);
  const { display, pairing } = await made.json();
  assert.is(display.lang, 'it');
  assert.match(pairing.path, /^\/it\/pair#[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const paired = await (await api.postJson('/api/v1/displays/pair', { code: pairing.code })).json();
  assert.is(paired.display.lang, 'it');
  const me = await (await api.authed('/api/v1/display', paired.credential)).json();
  assert.is(me.lang, 'it');
  const { version } = (await (await api.authed('/api/v1/admin/displays', admin)).json()).displays.find((each: { id: number }) => each.id === display.id);
  const changed = await api.send('PATCH', `/api/v1/admin/displays/${display.id}`, { version, lang: 'en' }, admin);
  assert.is((await changed.json()).lang, 'en');
  assert.is((await (await api.authed('/api/v1/display', paired.credential)).json()).lang, 'en', 'the screen is told at once');
  await expectError(await api.send('PATCH', `/api/v1/admin/displays/${display.id}`, { version: version + 1, lang: 'fr' }, admin), 400, 'invalid_field');

  const kitchen = (await api.login(KITCHEN)).accessToken;
  assert.is((await (await api.authed('/api/v1/profile', kitchen)).json()).lang, null, 'not chosen yet');
  assert.is((await api.send('POST', '/api/v1/profile/language', { lang: 'it' }, kitchen)).status, 200);
  assert.is((await (await api.authed('/api/v1/profile', kitchen)).json()).lang, 'it');
  await expectError(await api.send('POST', '/api/v1/profile/language', { lang: 'de' }, kitchen), 400, 'invalid_field');
  await expectError(await api.send('POST', '/api/v1/profile/language', { lang: 'it' }), 401, 'unauthorized');
});

Language.run();

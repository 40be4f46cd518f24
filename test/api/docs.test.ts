import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestApi } from '../helpers/api.js';

const Docs = suite('API description');

Docs('openapi.json is OpenAPI 3.1 with every endpoint', async () => {
  const api = await createTestApi();
  const document = await (await api.request('/api/v1/openapi.json')).json();
  assert.is(document.openapi, '3.1.0');
  assert.equal(Object.keys(document.paths).sort(), [
    '/admin/activity',
    '/admin/board-settings',
    '/admin/booking-settings',
    '/admin/bookings/off-floor',
    '/admin/categories',
    '/admin/categories/{id}/dishes',
    '/admin/choice-groups',
    '/admin/choice-groups/{id}',
    '/admin/close',
    '/admin/close.csv',
    '/admin/close/{date}/reopen',
    '/admin/day',
    '/admin/day.csv',
    '/admin/dishes/{id}',
    '/admin/dishes/{id}/choice-groups',
    '/admin/displays',
    '/admin/displays/{id}',
    '/admin/displays/{id}/pairing-code',
    '/admin/displays/{id}/unpair',
    '/admin/hours',
    '/admin/menu',
    '/admin/messages',
    '/admin/messages/{id}/send-again',
    '/admin/overview',
    '/admin/restaurant',
    '/admin/staff',
    '/admin/staff/{id}',
    '/admin/staff/{id}/passkeys',
    '/admin/staff/{id}/passkeys/{passkey}',
    '/admin/staff/{id}/password-link',
    '/admin/stations',
    '/admin/stations/{id}',
    '/admin/tables',
    '/admin/tables/{number}',
    '/admin/tables/{number}/code',
    '/auth/login',
    '/auth/me',
    '/auth/passkey-login',
    '/auth/passkey-login/options',
    '/auth/passkeys',
    '/auth/passkeys/options',
    '/auth/passkeys/{id}',
    '/auth/password-link',
    '/auth/refresh',
    '/auth/set-password',
    '/board-settings',
    '/booking',
    '/booking/calendar',
    '/booking/cancel',
    '/bookings',
    '/bookings/rules',
    '/bookings/times',
    '/categories',
    '/categories/{id}',
    '/categories/{id}/move',
    '/choice-options',
    '/choice-options/{id}',
    '/dishes',
    '/dishes/{id}',
    '/dishes/{id}/move',
    '/dishes/{id}/picture',
    '/display',
    '/display/recalls',
    '/displays/pair',
    '/hours',
    '/orders',
    '/orders/events',
    '/orders/queue',
    '/orders/{id}',
    '/orders/{id}/events',
    '/orders/{id}/parts/{station}/done',
    '/orders/{id}/recall',
    '/pickup-board',
    '/pickup-board/events',
    '/pictures/{name}',
    '/profile',
    '/profile/language',
    '/profile/password',
    '/restaurant',
    '/search',
    '/staff/bills',
    '/staff/bills/{id}',
    '/staff/bills/{id}/close',
    '/staff/bills/{id}/discounts',
    '/staff/bills/{id}/email',
    '/staff/bills/{id}/join',
    '/staff/bills/{id}/line-moves',
    '/staff/bills/{id}/line-removals',
    '/staff/bills/{id}/move',
    '/staff/bills/{id}/payments',
    '/staff/bills/{id}/refunds',
    '/staff/bills/{id}/reopen',
    '/staff/bills/{id}/split-by-lines',
    '/staff/bookings',
    '/staff/bookings/events',
    '/staff/bookings/walk-ins',
    '/staff/bookings/{id}',
    '/staff/courses',
    '/staff/tables/now',
    '/staff/tables/{table}/bill',
    '/staff/tables/{table}/courses/{course}/fire',
    '/staff/tables/{table}/orders',
    '/staff/waitlist',
    '/staff/waitlist/{id}',
    '/staff/waitlist/{id}/seat',
    '/table-codes/{code}',
    '/table-codes/{code}/bill',
    '/table-codes/{code}/bill/ask',
  ]);
  assert.equal(document.servers, [{ url: '/api/v1' }]);
});

Docs('the login body in the description is the schema that validates it', async () => {
  const api = await createTestApi();
  const { components } = await (await api.request('/api/v1/openapi.json')).json();
  assert.equal(components.schemas.LoginRequest.required, ['email', 'password']);
  assert.is(components.schemas.LoginRequest.properties.password.maxLength, 1024);
  assert.match(components.schemas.AuthResponse.properties.expiresIn.description, 'in seconds');
  assert.equal(components.securitySchemes.Bearer, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  assert.equal(components.securitySchemes.BookingKey, { type: 'apiKey', in: 'header', name: 'Booking-Key', description: "The secret of a booking's manage link (the part after `/booking#`)." });
});

Docs('the order endpoints are described with their bodies, the stream type and the Idempotency-Key header', async () => {
  const api = await createTestApi();
  const { paths, components } = await (await api.request('/api/v1/openapi.json')).json();
  assert.equal(components.schemas.PlaceOrder.required, ['items']);
  assert.is(components.schemas.PlaceOrder.properties.items.maxItems, 30);
  assert.is(components.schemas.PlaceOrder.properties.note.maxLength, 200);
  assert.equal(components.schemas.OrderStatus.enum, ['held', 'received', 'preparing', 'ready', 'served', 'cancelled']);
  assert.ok(paths['/orders'].post.parameters.some((parameter: { name: string; in: string }) => parameter.name === 'idempotency-key' && parameter.in === 'header'));
  assert.ok(paths['/orders/events'].get.responses['200'].content['text/event-stream']);
  assert.ok(paths['/orders/{id}'].patch.responses['409']);
});

Docs('while the test accounts exist, the description lists their credentials', async () => {
  const api = await createTestApi();
  const { info } = await (await api.request('/api/v1/openapi.json')).json();
  assert.match(info.description, '| Kitchen | `kai@tavola.test` | `tavola-kitchen` |');
  assert.match(info.description, '| Waiter | `wanda@tavola.test` | `tavola-waiter` |');
  assert.match(info.description, '| Student | `stella@tavola.test` | `tavola-student` |');
  assert.match(info.description, '| Admin | `ada@tavola.test` | `tavola-admin` |');
});

Docs('a start without the test accounts lists none', async () => {
  const api = await createTestApi({ testAccounts: false });
  const { info } = await (await api.request('/api/v1/openapi.json')).json();
  assert.not.match(info.description, 'Test accounts');
  assert.not.match(info.description, 'tavola-kitchen');
});

Docs('the interactive docs load only files from this origin', async () => {
  const api = await createTestApi();
  const page = await (await api.request('/api/docs')).text();
  const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(sources, ['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
  for (const source of sources) assert.is((await api.request(source!)).status, 200, source);
  assert.match(await (await api.request('/api/docs/start.js')).text(), "url: '/api/v1/openapi.json'");
});

Docs.run();

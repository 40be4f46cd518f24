/**
 * The restore drill's two halves, shared by the drill on the embedded SQLite
 * (test/reliability) and on PostgreSQL (test/postgres): what is made through the API before
 * the backup, and what must be there after the restore.
 */
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { softAuthenticator, type SoftAuthenticator } from './authenticator.js';
import type { TestSmtp } from './smtp.js';

export interface DrillData {
  /** The booking's manage key, its date and the pickup order's id. */
  key: string;
  tomorrow: string;
  orderId: number;
  /** The dish photo's address and its bytes as served before the backup. */
  image: string;
  picture: Buffer;
  /** The Admin's passkey. */
  authenticator: SoftAuthenticator;
  /** The ids of the messages in the outbox at the backup (none sent: no mail server yet). */
  outbox: number[];
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: any answer of the API, as response.json() gives it
  body: any;
}

/** A call to `base`'s API (JSON in and out). */
export async function call(base: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Answer> {
  const headers = { ...(init.body !== undefined && { 'Content-Type': 'application/json' }), ...(init.token && { Authorization: `Bearer ${init.token}` }) };
  const response = await fetch(`${base}/api/v1${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const signIn = async (base: string) => (await call(base, '/auth/login', { method: 'POST', body: { email: 'ada@tavola.test', password: 'tavola-admin' } })).body.accessToken as string;

/**
 * Through the API: a booking tomorrow with its manage link (the guest's e-mail waits in the
 * outbox: no mail server), a pickup order, a photo of dish 1, and a passkey for the Admin.
 */
export async function makeDrillData(base: string): Promise<DrillData> {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const booked = await call(base, '/bookings', { method: 'POST', body: { party: 2, date: tomorrow, time: '19:30', name: 'Giulia Rossi', phone: '347 123 4567', email: 'giulia@example.com' } });
  assert.is(booked.status, 201, JSON.stringify(booked.body));
  const order = await call(base, '/orders', { method: 'POST', body: { pickupName: 'Marco', pickupPhone: '+39 347 123 4567', items: [{ dishId: 1, quantity: 2 }] } });
  assert.is(order.status, 201, JSON.stringify(order.body));
  const admin = await signIn(base);
  const { version } = (await call(base, '/dishes/1')).body;
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
  const uploaded = await fetch(`${base}/api/v1/dishes/1/picture?version=${version}`, { method: 'PUT', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(photo) });
  assert.is(uploaded.status, 200, await uploaded.clone().text());
  const image = (await uploaded.json()).image as string;
  const picture = Buffer.from(await (await fetch(`${base}${image}`)).arrayBuffer());
  const authenticator = softAuthenticator(base);
  const options = (await call(base, '/auth/passkeys/options', { method: 'POST', body: {}, token: admin })).body;
  const added = await call(base, '/auth/passkeys', { method: 'POST', body: authenticator.register(options), token: admin });
  assert.is(added.status, 201, JSON.stringify(added.body));
  const outbox = (await call(base, '/admin/messages', { token: admin })).body.messages.map((message: { id: number }) => message.id) as number[];
  assert.ok(outbox.length > 0, 'the guest’s e-mail is in the outbox');
  return { key: booked.body.key, tomorrow, orderId: order.body.id, image, picture, authenticator, outbox };
}

/**
 * On the restored server: the manage link opens the booking, the order and the photo are
 * there, the Admin signs in with the passkey, and the outbox sends what it had not sent
 * through `smtp`, each message once.
 */
export async function checkDrillData(base: string, made: DrillData, smtp: TestSmtp): Promise<void> {
  const manage = await fetch(`${base}/api/v1/booking`, { headers: { 'Booking-Key': made.key } });
  const booking = await manage.json();
  assert.equal([manage.status, booking.name, booking.date, booking.time], [200, 'Giulia Rossi', made.tomorrow, '19:30'], 'the manage link works: the secret came back with the database');
  const again = await call(base, `/orders/${made.orderId}`);
  assert.equal([again.status, again.body.items.map((item: { quantity: number }) => item.quantity)], [200, [2]]);
  assert.equal(Buffer.from(await (await fetch(`${base}${made.image}`)).arrayBuffer()), made.picture, 'the photo, byte for byte');
  // The passkey: a new challenge, answered for this address (the port changed; the site's name did not).
  const options = (await call(base, '/auth/passkey-login/options', { method: 'POST', body: {} })).body;
  const passkeyed = await call(base, '/auth/passkey-login', { method: 'POST', body: made.authenticator.signIn(options, base) });
  assert.is(passkeyed.status, 200, JSON.stringify(passkeyed.body));
  const me = await call(base, '/auth/me', { token: passkeyed.body.accessToken });
  assert.equal([me.body.email, me.body.role], ['ada@tavola.test', 'Admin']);

  const token = await signIn(base);
  const messages = async () => (await call(base, '/admin/messages', { token })).body.messages as { id: number; state: string }[];
  assert.equal((await messages()).map((message) => message.id), made.outbox);
  const sent = await smtp.waitFor(made.outbox.length, 15_000);
  assert.equal(
    sent.map((message) => message.envelopeTo[0]),
    made.outbox.map(() => 'giulia@example.com'),
  );
  assert.match(sent[0]!.mail.subject ?? '', /Giulia|booking|table/i);
  // And nothing twice: what was sent is marked so, and no more arrives.
  for (let waited = 0; waited < 2000; waited += 100) {
    if ((await messages()).every((message) => message.state === 'sent')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal((await messages()).map((message) => message.state), made.outbox.map(() => 'sent'));
  assert.is(smtp.received.length, made.outbox.length);
}

// Guests' e-mails through a real SMTP server in process (smtp-server), read back with
// mailparser: what each booking change sends (words, link, calendar file), the outbox's
// retries and refusals (4xx, 5xx, a silent server, a dropped connection, a server down for
// a day), once-only with two workers on one database, a header-injection attempt, the
// Admin's outbox page, and the guests' details leaving with their messages. The booking
// clock is the test's (Saturday 21 November 2026, 13:00 in Rome); the mailer's runs on
// from it in real time, so its short retries (30 ms) come by themselves. Its time-out (1.5 s)
// and lease (10 s) are long enough that a slow moment on a busy machine is never taken for
// a server that went quiet (which would send a message twice).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import ICAL from 'ical.js';
import { ADMIN, createTestApi, expectError, WAITER, type TestApi } from '../helpers/api.js';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp.js';
import { createMailer, writeMessage, type Mailer } from '../../src/server/mail/index.js';
import { markSent } from '../../src/server/mail/outbox.js';
import { embeddedHandle } from '../../src/server/db/embedded-handle.js';
import { createBooker, writeDueReminders } from '../../src/server/bookings/index.js';
import { sweepBookingData } from '../../src/server/bookings/data-sweep.js';
import type { Db } from '../../src/server/db/schema.js';
import { SECRET } from '../helpers/api.js';
import { readConfig, type Config as Settings } from '../../src/server/config.js';

const pick = ({ smtpUrl, mailFrom, smtpTimeoutSeconds, reminderHours }: Settings) => ({ smtpUrl, mailFrom, smtpTimeoutSeconds, reminderHours });

const FRIDAY = '2026-11-27';
const ORIGIN = 'https://tavola.example';
let api: TestApi;
let smtp: TestSmtp;
let mailers: Mailer[] = [];

function mailerOn(db: Db, clock: () => number, timing: { leaseMs?: number } = {}) {
  const started = performance.now();
  const mailer = createMailer({ db, clock: () => clock() + Math.round(performance.now() - started), smtp: { url: smtp.url, from: 'bookings@tavola.test', timeoutMs: 1500 }, firstRetryMs: 30, longestWaitMs: 200, pollMs: 30, leaseMs: 10_000, ...timing });
  mailers.push(mailer);
  return mailer;
}

async function setUp() {
  smtp = await startTestSmtp();
  api = await createTestApi({ publicOrigin: ORIGIN, bookingLimits: { client: 1000, windowMs: 60_000 }, mail: (db, clock) => mailerOn(db, clock) });
}
async function tearDown() {
  await Promise.all(mailers.map((mailer) => mailer.stop()));
  mailers = [];
  await smtp.stop();
}

const guest = (over: Record<string, unknown> = {}) => ({ party: 2, date: FRIDAY, time: '19:30', name: 'Giulia Rossi', phone: '347 123 4567', email: 'giulia@example.com', ...over });
async function book(over: Record<string, unknown> = {}) {
  const response = await api.postJson('/api/v1/bookings', guest(over));
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as { booking: { version: number }; key: string };
}
const withKey = (key: string, method: string, path: string, body?: unknown) =>
  api.request(path, { method, headers: { 'Booking-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
const outbox = () => api.db.selectFrom('outbox').selectAll().orderBy('id').execute();
/** Waits until no message is waiting or being sent (the worker is done, one way or the other). */
async function settled(ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    const open = await api.db.selectFrom('outbox').select('id').where('state', 'in', ['waiting', 'sending']).execute();
    if (!open.length) return outbox();
    if (Date.now() > until) throw new Error(`${open.length} messages still waiting after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const Content = suite('what a guest receives');
Content.before.each(setUp);
Content.after.each(tearDown);

Content('a booking made: in the restaurant’s name, both parts, the manage link that works, the calendar file; the Message-ID written with it', async () => {
  const { key } = await book({ note: 'A high chair, please' });
  const { mail, envelopeTo } = (await smtp.waitFor(1))[0]!;
  const [row] = await settled();
  assert.equal([row!.state, row!.tries, row!.kind], ['sent', 1, 'booking-made']);
  assert.is(mail.messageId, row!.message_id);
  assert.match(row!.message_id, /^<[0-9a-f-]{36}@tavola\.test>$/);
  assert.equal(mail.from?.value, [{ name: 'Tavola', address: 'bookings@tavola.test' }]);
  assert.equal(envelopeTo, ['giulia@example.com']);
  assert.is(mail.subject, 'Your table at Tavola: Friday 27 November at 19:30');
  assert.is(
    mail.text?.trim(),
    [
      'Dear Giulia Rossi,',
      '',
      'your table is booked.',
      '',
      '  Friday 27 November at 19:30',
      '  2 people',
      '  Your note: A high chair, please',
      '',
      'You can change or cancel it online until 2 hours before.',
      '',
      `Your booking: ${ORIGIN}/booking#${key}`,
      '',
      'The booking is attached as a calendar file (booking.ics).',
      '',
      'Best wishes,',
      'Tavola',
      'Via dei Serpenti 42, 00184 Roma RM, Italia',
      '06 1234 5678',
    ].join('\n'),
  );
  assert.match(String(mail.html), `<a href="${ORIGIN}/booking#${key}">See, change or cancel your booking</a>`);
  assert.not.match(mail.html as string, /<img|src=|url\(/, 'nothing to load from elsewhere');
  const [ics] = mail.attachments;
  assert.equal([ics!.filename, ics!.contentType], ['booking.ics', 'text/calendar']);
  const event = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  assert.is(event.getFirstPropertyValue('dtstart')!.toString(), '2026-11-27T19:30:00');
  assert.is(event.getFirstPropertyValue('url'), `${ORIGIN}/booking#${key}`);
  // The link in the e-mail opens the booking.
  assert.is((await withKey(key, 'GET', '/api/v1/booking')).status, 200);
});

Content('a booking made in Italian: its e-mails in Italian, whoever changes it later, and the link to the Italian page', async () => {
  const response = await api.postJson('/api/v1/bookings', guest({ note: 'Un seggiolone, per favore' }), { 'Accept-Language': 'it-IT,it;q=0.9' });
  assert.is(response.status, 201);
  const { key } = await response.json();
  const { mail } = (await smtp.waitFor(1))[0]!;
  assert.is(mail.subject, 'Il tuo tavolo da Tavola: venerdì 27 novembre alle 19:30');
  assert.is(
    mail.text?.trim(),
    [
      'Ciao Giulia Rossi,',
      '',
      'il tuo tavolo è prenotato.',
      '',
      '  venerdì 27 novembre alle 19:30',
      '  2 persone',
      '  La tua nota: Un seggiolone, per favore',
      '',
      'Puoi modificare o annullare la prenotazione online fino a 2 ore prima.',
      '',
      `La tua prenotazione: ${ORIGIN}/it/booking#${key}`,
      '',
      'La prenotazione è allegata come file di calendario (booking.ics).',
      '',
      'Un saluto,',
      'Tavola',
      'Via dei Serpenti 42, 00184 Roma RM, Italia',
      '06 1234 5678',
    ].join('\n'),
  );
  assert.match(String(mail.html), '<html lang="it">');
  assert.match(String(mail.html), `<a href="${ORIGIN}/it/booking#${key}">Vedi, modifica o annulla la tua prenotazione</a>`);
  const event = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  assert.is(event.getFirstPropertyValue('summary'), 'Tavolo per 2 da Tavola');
  // Cancelled later from a page that asks in English: the guest still reads Italian.
  const booking = await (await withKey(key, 'GET', '/api/v1/booking')).json();
  assert.is((await withKey(key, 'POST', '/api/v1/booking/cancel', { version: booking.version })).status, 200);
  const [, cancelled] = await smtp.waitFor(2);
  assert.is(cancelled!.mail.subject, 'Annullato: il tuo tavolo per venerdì 27 novembre alle 19:30');
});

Content('no e-mail address, nothing written; a wrong one is refused before anything is booked', async () => {
  await book({ email: '' });
  assert.equal(await outbox(), []);
  await expectError(await api.postJson('/api/v1/bookings', guest({ email: 'giulia@example.com\r\nBcc: x@y.z' })), 400, 'invalid_field');
  await expectError(await api.postJson('/api/v1/bookings', guest({ name: 'a@b.c\r\nBcc: x@y.z' })), 400, 'invalid_field');
  assert.equal(await outbox(), []);
});

Content('a header in a name never becomes a header: the message goes to its one address', async () => {
  await api.db.transaction().execute((trx) =>
    writeMessage(trx, { kind: 'test', bookingId: null, to: { name: 'Eve\r\nBcc: x@y.z', address: 'eve@example.com' }, subject: 'Hello\r\nBcc: x@y.z', text: 'Hi', html: '<p>Hi</p>' }, api.clock.now, 'tavola.test'),
  );
  mailers[0]!.poke();
  const { mail, envelopeTo } = (await smtp.waitFor(1))[0]!;
  assert.equal(envelopeTo, ['eve@example.com']);
  assert.is(mail.bcc, undefined);
  assert.is(mail.headers.get('bcc'), undefined);
  assert.equal(mail.to && !Array.isArray(mail.to) && mail.to.value.map((to: { address?: string }) => to.address), ['eve@example.com']);
});

Content('change, cancel, request, accept, decline and a cancellation by us each say so; the calendar file comes with a confirmation or a change', async () => {
  const { key } = await book();
  await smtp.waitFor(1);
  assert.is((await withKey(key, 'PATCH', '/api/v1/booking', { version: 1, party: 3 })).status, 200);
  await smtp.waitFor(2);
  assert.is((await withKey(key, 'POST', '/api/v1/booking/cancel', { version: 2 })).status, 200);
  await smtp.waitFor(3);
  const admin = (await api.login(ADMIN)).accessToken;
  const settings = await (await api.authed('/api/v1/admin/booking-settings', admin)).json();
  assert.is((await api.send('PUT', '/api/v1/admin/booking-settings', { ...settings, needsApproval: true }, admin)).status, 200);
  await book({ name: 'Anna Neri', email: 'anna@example.com', phone: '347 765 4321' });
  await book({ name: 'Bruno Sala', email: 'bruno@example.com', phone: '347 111 2222', time: '20:00' });
  await smtp.waitFor(5);
  const requests = (await api.db.selectFrom('bookings').select(['id', 'name']).where('status', '=', 'requested').orderBy('id').execute()).map((row) => row.id);
  const waiter = (await api.login(WAITER)).accessToken;
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${requests[0]}`, { version: 1, status: 'confirmed' }, waiter)).status, 200);
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${requests[1]}`, { version: 1, status: 'declined' }, waiter)).status, 200);
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${requests[0]}`, { version: 2, time: '21:00' }, waiter)).status, 200);
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${requests[0]}`, { version: 3, table: 9 }, waiter)).status, 200); // a table moved: nothing to tell
  assert.is((await api.send('PATCH', `/api/v1/staff/bookings/${requests[0]}`, { version: 4, status: 'cancelled' }, waiter)).status, 200);
  await smtp.waitFor(9);
  await settled();
  // Each guest's in the order written (the worker sends different bookings' side by side).
  const got = smtp.received.map(({ mail, envelopeTo }) => [envelopeTo[0], mail.subject, mail.attachments.length]);
  const byGuest = (list: unknown[][]) => [...list].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  assert.equal(byGuest(got), byGuest([
    ['giulia@example.com', 'Your table at Tavola: Friday 27 November at 19:30', 1],
    ['giulia@example.com', 'Changed: your table at Tavola, Friday 27 November at 19:30', 1],
    ['giulia@example.com', 'Cancelled: your table for Friday 27 November at 19:30', 0],
    ['anna@example.com', 'We have your request for Friday 27 November at 19:30', 0],
    ['bruno@example.com', 'We have your request for Friday 27 November at 20:00', 0],
    ['anna@example.com', 'Confirmed: your table at Tavola, Friday 27 November at 19:30', 1],
    ['bruno@example.com', 'We cannot take your booking for Friday 27 November at 20:00', 0],
    ['anna@example.com', 'Changed: your table at Tavola, Friday 27 November at 21:00', 1],
    ['anna@example.com', 'We had to cancel your table for Friday 27 November at 21:00', 0],
  ]));
  const text = (subject: string) => smtp.received.find(({ mail }) => mail.subject?.startsWith(subject))!.mail.text!;
  // Each names its booking; a change says what it was.
  assert.match(text('Changed: your table at Tavola, Friday 27 November at 19:30'), '\n  Friday 27 November at 19:30\n  3 people\n  Before the change: Friday 27 November at 19:30, 2 people.\n');
  assert.match(text('Changed: your table at Tavola, Friday 27 November at 21:00'), '\n  Friday 27 November at 21:00\n  2 people\n  Before the change: Friday 27 November at 19:30, 2 people.\n');
  assert.match(text('Cancelled: your table for Friday 27 November at 19:30'), 'your booking is cancelled, as you asked. We hope to see you another time.\n\n  Friday 27 November at 19:30\n  3 people\n');
  assert.match(text('We had to cancel'), '\n  Friday 27 November at 21:00\n  2 people\n');
  // The restaurant's messages carry the guest's link too, made again from the booking's salt.
  assert.match(text('Confirmed:'), new RegExp(`Your booking: ${ORIGIN}/booking#[A-Za-z0-9_-]{22}\n`));
  assert.match(text('We had to cancel'), 'we had to cancel your booking. Please call us on 06 1234 5678 and we will find you another table.');
});

Content('the reminder: once, a day before, for a booking made before then; not for one made later, nor cancelled', async () => {
  await book();
  await book({ name: 'Late Planner', email: 'late@example.com', phone: '347 222 3333', time: '20:00' });
  const { key } = await book({ name: 'Changed Mind', email: 'mind@example.com', phone: '347 444 5555', time: '20:30' });
  assert.is((await withKey(key, 'POST', '/api/v1/booking/cancel', { version: 1 })).status, 200);
  await smtp.waitFor(4);
  const booker = createBooker({ db: api.db, clock: () => api.clock.now, timeZone: 'Europe/Rome', phoneRegion: 'IT', secret: SECRET, mailer: mailers[0]!, mailOrigin: ORIGIN, reminderMs: 24 * 3_600_000 });
  const thursday = Date.UTC(2026, 10, 26, 18, 29); // 19:29 in Rome: the 19:30 booking is a day and a minute away
  assert.is(await writeDueReminders(booker, thursday), 0);
  // The 20:00 guest booked only now (Thursday 19:31, less than a day before): no reminder for them.
  await api.db.updateTable('bookings').set({ reminder_written: 1 }).where('name', '=', 'Late Planner').execute();
  api.clock.now = thursday + 60_000;
  assert.is(await writeDueReminders(booker, api.clock.now), 1);
  assert.is(await writeDueReminders(booker, api.clock.now + 60_000), 0, 'written once');
  await smtp.waitFor(5);
  const reminder = smtp.received[4]!.mail;
  assert.is(reminder.subject, 'See you Friday 27 November at 19:30');
  assert.match(reminder.text!, 'a reminder of your table with us.');
  assert.match(reminder.text!, new RegExp(`Your booking: ${ORIGIN}/booking#[A-Za-z0-9_-]{22}`));
});

Content('a booking made less than a day before gets no reminder at all', async () => {
  api.clock.now = Date.UTC(2026, 10, 26, 19, 0); // Thursday 20:00 in Rome
  await book();
  const [row] = await api.db.selectFrom('bookings').select('reminder_written').execute();
  assert.is(row!.reminder_written, 1);
});

Content.run();

const Faults = suite('when the mail server misbehaves');
Faults.before.each(setUp);
Faults.after.each(tearDown);

Faults('“try later” (451) is tried again until it goes, once', async () => {
  smtp.behave('later', 2);
  await book();
  const [row] = await settled();
  assert.equal([row!.state, row!.tries, row!.last_error], ['sent', 3, null]);
  assert.is(smtp.received.length, 1);
});

Faults('a refused address (550) fails at once with the server’s words, shown to the Admin; sent again once it is fixed', async () => {
  smtp.refuseAddress('nobody@example.com');
  await book({ email: 'nobody@example.com' });
  const [row] = await settled();
  assert.equal([row!.state, row!.tries], ['failed', 1]);
  assert.match(row!.last_error!, /^The mail server refused it: 550 5\.1\.1 <nobody@example\.com>: Recipient address rejected: no such mailbox/);
  const admin = (await api.login(ADMIN)).accessToken;
  const page = await (await api.authed('/api/v1/admin/messages', admin)).json();
  assert.equal([page.mailServer, page.messages.length, page.messages[0].state, page.messages[0].stateText, page.messages[0].to], [true, 1, 'failed', 'Not sent: given up', { name: 'Giulia Rossi', address: 'nobody@example.com' }]);
  assert.is(page.messages[0].lastError, row!.last_error);
  // The Admin sends it again on the version seen; a stale version is a 409.
  await expectError(await api.send('POST', `/api/v1/admin/messages/${row!.id}/send-again`, { version: 1 }, admin), 409, 'conflict', `Message ${row!.id} changed meanwhile: it is now “Not sent: given up”.`);
  smtp.refuseAddress('other@example.com');
  const again = await api.send('POST', `/api/v1/admin/messages/${row!.id}/send-again`, { version: row!.version }, admin);
  assert.is(again.status, 200);
  assert.is((await settled())[0]!.state, 'failed', 'still refused');
  const activity = await (await api.authed('/api/v1/admin/activity', admin)).json();
  assert.equal([activity.entries[0].action, activity.entries[0].by.name], ['message.sent_again', 'Ada Conti']);
  await expectError(await api.send('POST', `/api/v1/admin/messages/${row!.id}/send-again`, { version: 1 }, (await api.login(WAITER)).accessToken), 403, 'forbidden', 'Only the Admin can see and resend guests’ e-mails.');
});

Faults('a message refused (554) fails; a silent server and a dropped connection are tried again, and the message arrives once with its Message-ID', async () => {
  smtp.behave('refuse', 1);
  await book();
  let rows = await settled();
  assert.equal([rows[0]!.state, rows[0]!.last_error], ['failed', 'The mail server refused it: 554 5.7.1 Message refused']);
  smtp.behave('silent', 1);
  await book({ name: 'Silvia Muta', email: 'silvia@example.com', phone: '347 000 1111', time: '20:00' });
  rows = await settled();
  assert.equal([rows[1]!.state, rows[1]!.tries], ['sent', 2]);
  smtp.behave('drop', 1);
  await book({ name: 'Dario Rotto', email: 'dario@example.com', phone: '347 000 2222', time: '20:30' });
  rows = await settled();
  assert.equal([rows[2]!.state, rows[2]!.tries], ['sent', 2]);
  assert.equal(smtp.received.map(({ mail }) => mail.messageId), [rows[1]!.message_id, rows[2]!.message_id]);
});

Faults('a server down: the booking is made all the same; tried with growing waits, given up a day after with the reason kept', async () => {
  await smtp.stop();
  await book();
  const until = Date.now() + 3000;
  let row = (await outbox())[0]!;
  while (row.tries < 3 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    row = (await outbox())[0]!;
  }
  assert.equal([row.state === 'failed', row.tries >= 3], [false, true]);
  assert.match(row.last_error!, 'The mail server could not be reached or dropped the connection');
  api.clock.now += 24 * 3_600_000; // a day later, still down
  mailers[0]!.poke();
  row = (await settled())[0]!;
  assert.is(row.state, 'failed');
  assert.match(row.last_error!, /^Given up/);
  await smtp.start();
});

Faults.run();

const Once = suite('each message once, with two workers on one database');
Once.before.each(setUp);
Once.after.each(tearDown);

Once('two workers, 30 bookings: 30 messages, each received once', async () => {
  mailerOn(api.db, () => api.clock.now); // a second worker, as another process would run
  for (let i = 0; i < 30; i++) await book({ name: `Guest ${i}`, email: `guest${i}@example.com`, phone: `347 100 ${String(1000 + i)}`, time: ['19:00', '19:30', '20:00', '20:30', '21:00'][i % 5], party: 1 + (i % 2) });
  await smtp.waitFor(30);
  const rows = await settled();
  assert.is(rows.filter((row) => row.state === 'sent').length, 30);
  const ids = smtp.received.map(({ mail }) => mail.messageId);
  assert.is(new Set(ids).size, 30);
  assert.is(ids.length, 30);
});

Once('a process that took a message and died: once its lease ends another sends it, with the same Message-ID', async () => {
  await Promise.all(mailers.map((mailer) => mailer.stop()));
  mailers = [];
  await book();
  // What a process killed mid-send leaves: the message taken, its lease running.
  await api.db.updateTable('outbox').set({ state: 'sending', tries: 1, claimed_until_ms: api.clock.now + 200 }).execute();
  mailerOn(api.db, () => api.clock.now);
  const { mail } = (await smtp.waitFor(1))[0]!;
  const [row] = await settled();
  assert.equal([row!.state, row!.tries, mail.messageId], ['sent', 2, row!.message_id]);
});

Once('a message the server took is marked sent at once on SQLite, before the queries waiting for the database (a kill -9 then cannot send it again); on PostgreSQL once written', async () => {
  await Promise.all(mailers.map((mailer) => mailer.stop()));
  mailers = [];
  await book();
  await api.db.updateTable('outbox').set({ state: 'sending', tries: 1, claimed_until_ms: api.clock.now + 10_000 }).execute();
  const { id } = await api.db.selectFrom('outbox').select('id').executeTakeFirstOrThrow();
  const state = async () => (await api.db.selectFrom('outbox').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
  // A hundred reads ask for the database first: they wait in line for their turns.
  const reads = Array.from({ length: 100 }, () => api.db.selectFrom('dishes').select('id').execute());
  const marked = markSent(api.db, id, api.clock.now);
  const sqlite = embeddedHandle(api.db);
  if (sqlite) assert.is((sqlite.prepare('select state from outbox where id = ?').get(id) as { state: string }).state, 'sent', 'written before the line moved');
  await Promise.all([marked, ...reads]);
  assert.is(await state(), 'sent');
});

Once.run();

const Config = suite('the mail settings');

Config('SMTP_URL, MAIL_FROM and the links’ origin are checked at start, each with what to write', () => {
  assert.equal(pick(readConfig({})), { smtpUrl: '', mailFrom: 'bookings@localhost', smtpTimeoutSeconds: 30, reminderHours: 24 });
  assert.equal(pick(readConfig({ SMTP_URL: 'smtp://u:p@mail.example:587', MAIL_FROM: 'bookings@tavola.example', SMTP_TIMEOUT_SECONDS: '5', MAIL_REMINDER_HOURS: '48' })), { smtpUrl: 'smtp://u:p@mail.example:587', mailFrom: 'bookings@tavola.example', smtpTimeoutSeconds: 5, reminderHours: 48 });
  assert.throws(() => readConfig({ SMTP_URL: 'mail.example:587', MAIL_FROM: 'bookings@tavola.example' }), /SMTP_URL must start with smtp:\/\/ \(or smtps:\/\/\)/);
  assert.throws(() => readConfig({ SMTP_URL: 'smtp://mail.example' }), /MAIL_FROM must be the address guests' e-mails come from/);
  assert.throws(() => readConfig({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'bookings@tavola.example', NODE_ENV: 'production' }), /PUBLIC_ORIGIN must be set with SMTP_URL in production/);
  assert.is(readConfig({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'bookings@tavola.example', NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://tavola.example' }).smtpUrl, 'smtp://mail.example');
  assert.throws(() => readConfig({ MAIL_REMINDER_HOURS: '0' }), /MAIL_REMINDER_HOURS must be a whole number from 1 to 1000000/);
});

Config.run();

const Admin = suite('the outbox without a mail server, and the guests’ details leaving');
Admin.before.each(async () => {
  smtp = await startTestSmtp();
  api = await createTestApi({ publicOrigin: ORIGIN });
});
Admin.after.each(tearDown);

Admin('no SMTP_URL: nothing is sent, the Admin reads each message marked as not sent', async () => {
  await book();
  const admin = (await api.login(ADMIN)).accessToken;
  const page = await (await api.authed('/api/v1/admin/messages', admin)).json();
  assert.equal([page.mailServer, page.next, page.messages.length], [false, null, 1]);
  const [message] = page.messages;
  assert.equal([message.state, message.stateText, message.kind, message.tries, message.subject], ['waiting', 'Not sent: no mail server set (SMTP_URL)', 'booking-made', 0, 'Your table at Tavola: Friday 27 November at 19:30']);
  assert.match(message.text, 'Dear Giulia Rossi,\n\nyour table is booked.');
  await expectError(await api.authed('/api/v1/admin/messages?state=lost', admin), 400, 'invalid_field');
  assert.equal((await (await api.authed('/api/v1/admin/messages?state=sent', admin)).json()).messages, []);
  assert.is(smtp.received.length, 0);
});

Admin('send again: bad input and messages that cannot go again are refused, saying why, and change nothing', async () => {
  await book();
  const admin = (await api.login(ADMIN)).accessToken;
  const [row] = await outbox();
  const url = `/api/v1/admin/messages/${row!.id}/send-again`;
  const raw = (body: string, type = 'application/json') => api.request(url, { method: 'POST', headers: { Authorization: `Bearer ${admin}`, 'Content-Type': type }, body });
  await expectError(await raw('{"version": 1,'), 400, 'malformed_json', 'The request body is not valid JSON.');
  await expectError(await raw('version=1', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  await expectError(await raw('{"version": "1"}'), 400, 'invalid_field');
  await expectError(await raw('{"version": 1, "to": "x@y.z"}'), 400, 'invalid_field');
  await expectError(await api.send('POST', '/api/v1/admin/messages/999/send-again', { version: 1 }, admin), 404, 'not_found', 'There is no message 999.');
  await expectError(await api.send('POST', '/api/v1/admin/messages/abc/send-again', { version: 1 }, admin), 400, 'invalid_field');
  await expectError(await api.authed('/api/v1/admin/messages', 'not-a-token'), 401, 'unauthorized');
  await api.db.updateTable('outbox').set({ state: 'sent', sent_ms: api.clock.now }).execute();
  const sent = await expectError(await api.send('POST', url, { version: 1 }, admin), 409, 'invalid_transition', `Message ${row!.id} is sent already: there is nothing to send again.`);
  assert.is(sent.current.state, 'sent');
  assert.equal((await outbox()).map((each) => [each.state, each.version, each.tries]), [['sent', 1, 0]], 'nothing changed');
});

Admin('a booking’s messages leave with its guest’s details after BOOKING_DATA_DAYS', async () => {
  await book();
  assert.is((await outbox()).length, 1);
  assert.is(await sweepBookingData(api.db, Date.UTC(2026, 11, 28, 12), 30, 'Europe/Rome'), 1);
  assert.equal(await outbox(), []);
  const [row] = await api.db.selectFrom('bookings').select(['email', 'key_salt', 'key_hash']).execute();
  assert.equal(row, { email: null, key_salt: null, key_hash: null });
});

Admin.run();

// Bookings at scale, SQLite and PostgreSQL in turn, each a server process of its own on a
// floor of 100 tables with 300 bookings on the day measured (scale-data.ts):
// - the free times of that day for a party of 4 (GET /bookings/times, which also reads the
//   three days either side), autocannon with 10 connections;
// - 50 guests racing for the same evening of the next day (no bookings yet): each sends
//   bookings one after another (a time from 19:00 to 21:00, a party of 2 to 6, each with a
//   phone number and an address of its own: a guest books at most 10 times in 15 minutes) until it has had `perClient` answers. Answers per
//   second, the p99 of an answer, the bookings made, and the double bookings found
//   afterwards in the day's list the staff read (two bookings holding one table at
//   overlapping times): there must be none;
// - two waiters paying the same bill at once, 200 rounds (payRace, below): never more taken
//   than the total, no payment lost, the other waiter always told;
// - 50 hosts and waiters on tables 1 to 20 that join in pairs along a row (1+2, 2+3…): each
//   seats walk-ins at a table or two joined, seats a party booked for later early, or moves
//   it, one act after another, until it has had `perHost` answers. The seated, the refused,
//   and the moments a table held two parties in the day the staff read (joined stays count
//   on each of their tables): there must be none.
import { addDays, today } from '../../src/server/bookings/slots.js';
import { startPostgres } from '../helpers/postgres-cluster.mjs';
import { bundle, load, serve, step, type Dialect, type ScaleLoad } from './scale.js';

export interface RaceFigures {
  answersPerSecond: number;
  p99: number;
  made: number;
  refused: number;
  doubleBookings: number;
}

export interface HostRaceFigures {
  answersPerSecond: number;
  p99: number;
  seated: number;
  refused: number;
  twoParties: number;
}

export interface PayRaceFigures {
  rounds: number;
  /** Rounds where the bill took more than its total: must be 0. */
  overpaid: number;
  /** Payments answered 201 that the bill does not list: must be 0. */
  lost: number;
  /** Rounds whose other waiter was not told (a 409 with the bill as it is): must be 0. */
  untold: number;
  p99: number;
}

export type BookingFigures = Record<Dialect, { availability: ScaleLoad; race: RaceFigures; hosts: HostRaceFigures; pay: PayRaceFigures }>;

const TIMES = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00'];

async function race(url: string, date: string, clients: number, perClient: number): Promise<RaceFigures> {
  const latencies: number[] = [];
  let [made, refused] = [0, 0];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        const body = { party: 2 + ((client + i) % 5), date, time: TIMES[(client * 7 + i) % TIMES.length], name: `Racer ${client}`, phone: `+39 348 ${String(client * 100 + i).padStart(7, '0')}` };
        const sent = performance.now();
        const answer = await fetch(`${url}/api/v1/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${client}.${i >> 8}.${i & 255}` }, body: JSON.stringify(body) });
        latencies.push(performance.now() - sent);
        await answer.body?.cancel();
        if (answer.status === 201) made++;
        else if (answer.status === 409) refused++;
        else throw new Error(`a booking answered ${answer.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { answersPerSecond: Math.round(latencies.length / seconds), p99: Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1]! * 10) / 10, made, refused, doubleBookings: await doubleBookings(url, date) };
}

const signIn = async (url: string, email: string, password: string) =>
  ((await (await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })).json()) as { accessToken: string }).accessToken;

interface HeldStay {
  id: number;
  version: number;
  name: string;
  tables: number[];
  status: string;
  startsAt: string;
  endsAt: string;
}

async function dayOf(url: string, date: string): Promise<HeldStay[]> {
  const token = await signIn(url, 'ada@tavola.test', 'tavola-admin');
  const day = (await (await fetch(`${url}/api/v1/staff/bookings?date=${date}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { bookings: HeldStay[] };
  return day.bookings.filter((booking) => booking.tables.length > 0 && (booking.status === 'confirmed' || booking.status === 'arrived'));
}

/** Pairs of stays holding one table at overlapping times, in the day as the staff read it (a joined stay on each of its tables). */
async function doubleBookings(url: string, date: string): Promise<number> {
  const holding = await dayOf(url, date);
  let pairs = 0;
  for (const [i, one] of holding.entries()) {
    for (const other of holding.slice(i + 1)) if (one.tables.some((table) => other.tables.includes(table)) && one.startsAt < other.endsAt && other.startsAt < one.endsAt) pairs++;
  }
  return pairs;
}

/**
 * 50 hosts and waiters on tables 1 to 20 (joined in pairs along a row): walk-ins at one table
 * or two joined, a later booking seated early or moved to one joined pair, at once. Today, on
 * the server's clock; the tables' joins are set first by the Admin.
 */
async function hostRace(url: string, hosts: number, perHost: number): Promise<HostRaceFigures> {
  const admin = await signIn(url, 'ada@tavola.test', 'tavola-admin');
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const { tables } = (await call(admin, 'GET', '/admin/tables')).body as { tables: { number: number; version: number }[] };
  for (const table of tables.filter((each) => each.number < 20)) await call(admin, 'PATCH', `/admin/tables/${table.number}`, { version: table.version, joinsWith: [table.number + 1] });
  const { date, services } = (await call(admin, 'GET', '/staff/bookings')).body as { date: string; services: { endsAt: string }[] };
  // A party booked at each table for the last time of the day's last service: seated early, or moved, in the race.
  const lastTime = new Date(Date.parse(services.at(-1)?.endsAt ?? new Date().toISOString()) - 2 * 3_600_000).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });
  const later: HeldStay[] = [];
  for (let table = 1; table <= 20; table++) {
    const made = await call(admin, 'POST', '/staff/bookings', { party: 2, date, time: lastTime, name: `Later ${table}`, table });
    if (made.status === 201) later.push(made.body as unknown as HeldStay);
  }
  // Ada and Wanda, signed in once each (an account keeps a few sessions): the hosts take turns with their tokens.
  const waiter = await signIn(url, 'wanda@tavola.test', 'tavola-waiter');
  const people = Array.from({ length: hosts }, (_, host) => (host % 2 ? waiter : admin));
  const latencies: number[] = [];
  let [seated, refused] = [0, 0];
  const started = performance.now();
  await Promise.all(
    people.map(async (token, host) => {
      for (let i = 0; i < perHost; i++) {
        const table = 1 + ((host * 7 + i * 3) % 20);
        const booking = later[(host + i) % later.length];
        const act = (host + i) % 4;
        const sent = performance.now();
        const answer =
          act === 0
            ? await call(token, 'POST', '/staff/bookings/walk-ins', { party: 2, table, minutes: 30, name: `Walk-in ${host}.${i}` })
            : act === 1 && table < 20
              ? await call(token, 'POST', '/staff/bookings/walk-ins', { party: 6, tables: [table, table + 1], minutes: 30, name: `Join ${host}.${i}` })
              : act === 2 && booking
                ? await call(token, 'PATCH', `/staff/bookings/${booking.id}`, { version: booking.version, status: 'arrived' })
                : booking && table < 20
                  ? await call(token, 'PATCH', `/staff/bookings/${booking.id}`, { version: booking.version, tables: [table, table + 1] })
                  : await call(token, 'POST', '/staff/bookings/walk-ins', { party: 2, table, minutes: 30, name: `Walk-in ${host}.${i}` });
        latencies.push(performance.now() - sent);
        if (answer.status === 200 || answer.status === 201) seated++;
        else if (answer.status === 409) refused++;
        else throw new Error(`a host's act answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { answersPerSecond: Math.round(latencies.length / seconds), p99: Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1]! * 10) / 10, seated, refused, twoParties: await doubleBookings(url, date) };
}

/**
 * Two waiters paying the same bill at the same moment, `rounds` times: each round a table
 * (50 to 59 in turn, away from the hosts' race) orders, then Ada and Wanda both send the
 * whole of what remains at once. One is taken; the other must be told (409 with the bill as
 * it is). Afterwards each bill is read: paid more than its total, or missing a payment that
 * was answered 201, counts against it.
 */
async function payRace(url: string, rounds: number): Promise<PayRaceFigures> {
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${url}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    // biome-ignore lint/suspicious/noExplicitAny: a bill or a payment as the API answers it; the race reads a few of its fields
    return { status: answer.status, body: (await answer.json()) as Record<string, any> };
  };
  let tokens: string[] = [];
  let [overpaid, lost, untold] = [0, 0, 0];
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // An access token lasts two minutes: both sign in again every 50 rounds.
    if (round % 50 === 0) tokens = [await signIn(url, 'ada@tavola.test', 'tavola-admin'), await signIn(url, 'wanda@tavola.test', 'tavola-waiter')];
    const table = 50 + (round % 10);
    const placed = await call(tokens[1]!, 'POST', '/orders', { table, items: [{ dishId: 1, quantity: 1 + (round % 3) }] });
    if (placed.status !== 201) throw new Error(`an order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
    const bill = (await call(tokens[1]!, 'GET', `/staff/tables/${table}/bill`)).body;
    const sent = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const answer = await call(token, 'POST', `/staff/bills/${bill.id}/payments`, { version: bill.version, amountCents: bill.remainingCents, method: i ? 'card' : 'cash' });
        latencies.push(performance.now() - sent);
        return answer;
      }),
    );
    const after = (await call(tokens[1]!, 'GET', `/staff/bills/${bill.id}`)).body;
    if (after.paidCents > after.totalCents) overpaid++;
    for (const answer of answers.filter((one) => one.status === 201)) if (!after.payments.some((payment: { id: number }) => payment.id === answer.body.payment.id)) lost++;
    if (answers.filter((one) => one.status === 409 && one.body.bill).length !== 1 || answers.filter((one) => one.status === 201).length !== 1) untold++;
  }
  latencies.sort((a, b) => a - b);
  return { rounds, overpaid, lost, untold, p99: Math.round(latencies[Math.ceil(latencies.length * 0.99) - 1]! * 10) / 10 };
}

export async function measureBookings({ seconds = 2, clients = 50, perClient = 20, hosts = 50, perHost = 10, payRounds = 200 } = {}): Promise<BookingFigures> {
  await bundle();
  const postgres = await startPostgres();
  // A week ahead in Rome (inside the horizon); the race takes the day after it.
  const date = addDays(today(Date.now(), 'Europe/Rome'), 7);
  try {
    const result = {} as BookingFigures;
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const { line: where } = await step(['prepare-bookings', dialect, date, postgres.url]);
      const server = await serve(dialect, where, 'off');
      try {
        const availability = await load(`${server.url}/api/v1/bookings/times?party=4&date=${date}`, {}, seconds, 10);
        result[dialect] = { availability, race: await race(server.url, addDays(date, 1), clients, perClient), hosts: await hostRace(server.url, hosts, perHost), pay: await payRace(server.url, payRounds) };
      } finally {
        server.child.kill();
      }
    }
    return result;
  } finally {
    postgres.stop();
  }
}

// Bookings at scale, SQLite and PostgreSQL in turn, each a server process of its own on a
// floor of 100 tables with 300 bookings on the day measured (scale-data.ts):
// - the free times of that day for a party of 4 (GET /bookings/times, which also reads the
//   three days either side), autocannon with 10 connections;
// - 50 guests racing for the same evening of the next day (no bookings yet): each sends
//   bookings one after another (a time from 19:00 to 21:00, a party of 2 to 6, each with a
//   phone number and an address of its own: a guest books at most 10 times in 15 minutes) until it has had `perClient` answers. Answers per
//   second, the p99 of an answer, the bookings made, and the double bookings found
//   afterwards in the day's list the staff read (two bookings holding one table at
//   overlapping times): there must be none.
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

export type BookingFigures = Record<Dialect, { availability: ScaleLoad; race: RaceFigures }>;

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

/** Pairs of bookings holding one table at overlapping times, in the day as the staff read it. */
async function doubleBookings(url: string, date: string): Promise<number> {
  const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@tavola.test', password: 'tavola-admin' }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const day = (await (await fetch(`${url}/api/v1/staff/bookings?date=${date}`, { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as { bookings: { table: number | null; status: string; startsAt: string; endsAt: string }[] };
  const holding = day.bookings.filter((booking) => booking.table !== null && (booking.status === 'confirmed' || booking.status === 'arrived'));
  let pairs = 0;
  for (const [i, one] of holding.entries()) {
    for (const other of holding.slice(i + 1)) if (one.table === other.table && one.startsAt < other.endsAt && other.startsAt < one.endsAt) pairs++;
  }
  return pairs;
}

export async function measureBookings({ seconds = 2, clients = 50, perClient = 20 } = {}): Promise<BookingFigures> {
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
        result[dialect] = { availability, race: await race(server.url, addDays(date, 1), clients, perClient) };
      } finally {
        server.child.kill();
      }
    }
    return result;
  } finally {
    postgres.stop();
  }
}

// The table-stays race (issue 67): a table holds one party and one open bill from its first
// order or seat until its bill is paid (src/server/db/table-now.ts). Hosts seat walk-ins at
// tables 1 to 20 (some saying they are the guests already eating there, `sameGuests`), guests
// order from their table's QR code (two phones a table), and waiters pay (in full and in parts;
// a stale version is retried from the bill the 409 answers; some payments sent twice with one
// Idempotency-Key, at once or after the answer), all at the same time, through every server
// process given: two on one PostgreSQL, or one on SQLite (SQLite is for one process:
// docs/operations.md).
//
// The race runs in rounds. Within a round everyone acts at once, one act after another with no
// pause; between rounds every server's clock (TEST_CLOCK=on) moves 11 minutes on, all by the
// same amount, so that parties outstay their time (keeping their table while their bill is
// open), a table paid for is free for a new party (a stay holds its table a minute at least),
// and the order limits' 10-minute windows begin again. The clocks start at noon of the next day
// in Rome, so the race is the same at any hour.
//
// While a round runs, samplers read the floor as the staff do, through each process in turn:
// GET /staff/tables/now, /staff/bookings and /staff/bills. A moment with two parties at one
// table is (a) two seated, unfinished stays at one table in one answer of /staff/bookings whose
// holds meet (a hold runs from the stay's start to its end, or on while its bill is open), or
// (b) a table that /staff/tables/now showed holding party A, then B, then A again, each answer
// wholly after the one before (a party's hold is one stretch of time, so A held the table while
// B was shown there). Two open bills at one table in one answer of /staff/bills count too.
//
// After the race the database's rows are read: no two seated, unfinished stays whose holds meet
// at one table; no two open bills at one table; every payment answered 201 is there once, with
// its bill and amount, and nothing else was taken; every Idempotency-Key sent again was answered
// with the same payment; no bill took more than its total, and a paid bill took exactly its
// total (an order never lands on a bill just paid); every order answered 201 is there, on a bill
// of its own table or of the stay that held it. Every answer is one the API documents for the
// act (a 5xx, or anything else, is listed with what was sent). Any sign of two parties lists what
// was sent and answered at those tables, in order.
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, openPostgres, type Db } from '../../src/server/db/database.js';
import { serverBuilt } from '../helpers/built.js';
import { newPostgresDatabase } from '../helpers/database.js';
import { startPostgres } from '../helpers/postgres-cluster.mjs';
import { startServer, stopServer } from '../helpers/server-process.js';
import { seededRandom } from '../reliability/random.js';

export interface RaceSizes {
  /** Tables 1 to this many race. */
  tables: number;
  rounds: number;
  hosts: number;
  /** Guests' phones ordering at each table. */
  phonesPerTable: number;
  waiters: number;
  /** Orders of each phone in a round. */
  ordersPerRound: number;
  /** Acts of each host and waiter in a round. */
  actsPerRound: number;
  /** The race stops acting after this long (the acts not taken are not counted). */
  deadlineSeconds: number;
  /** The randomness (tables, parties, amounts…); a new one each run unless given. */
  seed?: number;
}

/** A test's race: 4 rounds on 20 tables. */
export const TEST_SIZES: RaceSizes = { tables: 20, rounds: 4, hosts: 4, phonesPerTable: 2, waiters: 6, ordersPerRound: 2, actsPerRound: 5, deadlineSeconds: 120 };
/** The bench's: 8 rounds, more of everyone. */
export const BENCH_SIZES: RaceSizes = { tables: 20, rounds: 8, hosts: 6, phonesPerTable: 2, waiters: 8, ordersPerRound: 3, actsPerRound: 6, deadlineSeconds: 300 };

const KINDS = ['order', 'walk-in', 'bill read', 'payment', 'tables now', 'bookings', 'open bills'] as const;
export type Kind = (typeof KINDS)[number];

export interface Latency {
  count: number;
  p50: number;
  p99: number;
}

/** What must be 0. */
export interface Zeros {
  /** Answers of /staff/bookings with two seated parties holding one table, and A-B-A sequences on /staff/tables/now. */
  twoPartiesSeen: number;
  /** Answers of /staff/bills with two open bills at one table. */
  twoOpenBillsSeen: number;
  /** Pairs of seated, unfinished stays holding one table at once, in the rows after the race. */
  twoPartiesInRows: number;
  /** Pairs of stays holding a table over the same minutes ([start, end)), confirmed or seated: what the database itself refuses. */
  overlappingHolds: number;
  /** Tables with more than one open bill in the rows. */
  twoOpenBills: number;
  /** Payments answered 201 that the rows do not hold (or hold on another bill, or for another amount). */
  paymentsLost: number;
  /** Payments in the rows that no answer gave. */
  paymentsUnanswered: number;
  /** An Idempotency-Key sent again and answered otherwise than the first time (another payment, or another status). */
  keyAnsweredOtherwise: number;
  /** Bills that took more than their total. */
  overpaid: number;
  /** Paid bills whose payments are not exactly their total (an order landed on them after they were paid). */
  paidBillsOff: number;
  /** Orders answered 201 that the rows do not hold, or hold at another table, and orders in the rows nobody was answered. */
  ordersLost: number;
  /** Orders on a bill that is neither their table's nor that of a stay holding their table. */
  ordersElsewhere: number;
  /** Answers the API does not document for the act (a 5xx among them). */
  unexpected: number;
}

/** Every promise kept: what a run's zeros must equal. */
export const NONE: Zeros = { twoPartiesSeen: 0, twoOpenBillsSeen: 0, twoPartiesInRows: 0, overlappingHolds: 0, twoOpenBills: 0, paymentsLost: 0, paymentsUnanswered: 0, keyAnsweredOtherwise: 0, overpaid: 0, paidBillsOff: 0, ordersLost: 0, ordersElsewhere: 0, unexpected: 0 };

export interface TableStaysFigures {
  seed: number;
  servers: number;
  sizes: RaceSizes;
  /** Seconds the rounds took (the clocks' moves and sign-ins between them left out). */
  seconds: number;
  /** True when the deadline stopped the acts before all were taken. */
  cutShort: boolean;
  orders: { placed: number; refusedPaid: number };
  seatings: { seated: number; asTheGuests: number; sameGuestsAsked: number; refused: Record<string, number> };
  payments: { taken: number; inFull: number; inParts: number; staleRetried: number; keyRetries: number; closedRefused: number; nothingOpen: number };
  samples: { tablesNow: number; bookings: number; openBills: number };
  /** Answers 503 `database_unavailable` (no database connection free in time) that were asked again. */
  busy: number;
  latency: Record<Kind, Latency>;
  zeros: Zeros;
  /** What broke a promise, with what was sent and answered at those tables (empty when all is well). */
  evidence: string[];
}

const ROUND_MS = 11 * 60_000;
const ADMIN = { email: 'ada@tavola.test', password: 'tavola-admin' };
const WAITER = { email: 'wanda@tavola.test', password: 'tavola-waiter' };
const COVER_CENTS = 250;
/** A 503 `database_unavailable` is asked again this many times, this long apart. */
const BUSY_RETRIES = 5;
const BUSY_PAUSE_MS = 300;

// biome-ignore lint/suspicious/noExplicitAny: an answer of the API as JSON; the race reads a few of its fields
type Json = Record<string, any>;
interface Answer {
  status: number;
  body: Json;
  ms: number;
  sent: number;
  received: number;
}
interface BillSeen {
  id: number;
  version: number;
  remainingCents: number;
}
/** One request of the race as it went: for the evidence of a broken promise. */
interface Entry {
  at: number;
  server: number;
  who: string;
  table: number;
  what: string;
  answer: string;
}

/** Servers for the race, as `npm start` runs them: `processes` of them on `databaseUrl`, or one on a SQLite folder of its own. Answers their addresses, a handle on their database to read the rows with, and how to stop them. */
export interface RaceServers {
  bases: string[];
  /** Their database, to read the rows with. */
  db: Db;
  /** What they logged as errors (a 500's cause). */
  errors: () => string[];
}

export async function serveForRace({ databaseUrl, processes = 1 }: { databaseUrl?: string; processes?: number }): Promise<RaceServers & { stop: () => Promise<void> }> {
  await serverBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'tavola-table-stays-'));
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    OPEN_ALL_HOURS: 'on',
    TEST_CLOCK: 'on',
    // Each phone at its own address behind the proxy (one table's phones share the table's order limit).
    TRUST_PROXY: 'on',
    JWT_SECRET: 'table-stays-race-secret-table-stays-race',
    DATA_DIR: join(dir, 'data'),
    SITE_DIR: join(dir, 'no-site'),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  const started = await Promise.allSettled(Array.from({ length: processes }, () => startServer([process.execPath, 'dist/server/main.mjs'], env)));
  const children: ChildProcess[] = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.child] : []));
  const stop = async () => {
    await Promise.all(children.map(stopServer));
    rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const bases = started.map((result) => (result as PromiseFulfilledResult<{ base: string }>).value.base);
  // What each server logs as an error (a 500's cause): its log lines of level 50 and over.
  const logged: string[] = [];
  for (const [server, child] of children.entries()) {
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) if (/"level":(5|6)\d/.test(line) && logged.length < 50) logged.push(`server ${server}: ${logLine(line)}`);
    });
  }
  const db = databaseUrl ? openPostgres(databaseUrl, { poolSize: 2 }) : openDatabase(join(dir, 'data'));
  return {
    bases,
    db,
    errors: () => [...logged],
    stop: async () => {
      await db.destroy();
      await stop();
    },
  };
}

/** A server's log line as one short line: its message, the error's, and where in our code it was thrown. */
function logLine(line: string): string {
  try {
    const { msg, err } = JSON.parse(line) as { msg?: string; err?: { message?: string; code?: string; stack?: string } };
    const where = (err?.stack ?? '').split('\n').filter((frame) => frame.includes('main.mjs') || frame.includes('/src/')).slice(0, 4).map((frame) => frame.trim());
    return [msg, err && `${err.message}${err.code ? ` (${err.code})` : ''}`, where.join(' | ')].filter(Boolean).join(': ');
  } catch {
    return line.slice(0, 500);
  }
}

const quantile = (sorted: number[], q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]! * 10) / 10 : 0);

/** Runs the race against `servers` (every process of one database, which begins empty: no service under way). */
export async function raceTableStays({ bases, db, errors }: RaceServers, sizes: RaceSizes): Promise<TableStaysFigures> {
  const seed = sizes.seed ?? Math.floor(Math.random() * 2 ** 32);
  const started = performance.now();
  const journal: Entry[] = [];
  const latencies = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  const unexpected: string[] = [];
  const evidence: string[] = [];
  const evidenceTables = new Set<number>();

  let busy = 0;
  /** One request; a 503 `database_unavailable` (the pool had no connection in time: nothing was written) is sent again after a pause, as the answer asks, the same request with the same key. */
  async function call(server: number, method: string, path: string, { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const first = performance.now();
    for (let attempt = 0; ; attempt++) {
      const sent = performance.now();
      const response = await fetch(`${bases[server]}/api${path}`, {
        method,
        headers: { ...(body !== undefined && { 'Content-Type': 'application/json' }), ...(token && { Authorization: `Bearer ${token}` }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const received = performance.now();
      let parsed: Json = {};
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        parsed = { text: text.slice(0, 300) };
      }
      if (response.status === 503 && parsed.code === 'database_unavailable' && attempt < BUSY_RETRIES) {
        busy++;
        await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
        continue;
      }
      return { status: response.status, body: parsed, ms: received - first, sent, received };
    }
  }
  const note = (server: number, who: string, table: number, what: string, answer: Answer) =>
    journal.push({ at: Math.round(answer.sent - started), server, who, table, what, answer: `${answer.status}${answer.body.code ? ` ${answer.body.code}` : ''}${answer.body.id !== undefined ? ` id ${answer.body.id}` : ''}` });
  const strange = (who: string, what: string, answer: Answer, table?: number) => {
    unexpected.push(`${who}: ${what} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    if (table !== undefined) evidenceTables.add(table);
  };
  const signIn = async (server: number, account: { email: string; password: string }) => {
    const answer = await call(server, 'POST', '/v1/auth/login', { body: account });
    if (answer.status !== 200) throw new Error(`signing in as ${account.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.accessToken as string;
  };

  // The floor, the menu and the cover charge, as the Admin and a guest read them.
  let admin = await signIn(0, ADMIN);
  const floor = (await call(0, 'GET', '/v1/admin/tables', { token: admin })).body.tables as { number: number; seats: number; code: string; active: boolean }[];
  const racing = floor.filter((table) => table.number <= sizes.tables && table.active);
  if (racing.length !== sizes.tables) throw new Error(`the floor has ${racing.length} of tables 1 to ${sizes.tables} on it`);
  const dishes = ((await call(0, 'GET', '/v1/dishes?limit=50')).body.dishes as { id: number; available: boolean; choosing: string }[]).filter((dish) => dish.available && dish.choosing === 'none').map((dish) => dish.id);
  const { guestDataDays: _, ...restaurant } = (await call(0, 'GET', '/v1/restaurant')).body;
  const covered = await call(0, 'PUT', '/v1/admin/restaurant', { token: admin, body: { ...restaurant, coverCents: COVER_CENTS } });
  if (covered.status !== 200) throw new Error(`the cover charge answered ${covered.status}: ${JSON.stringify(covered.body)}`);
  // Every clock to noon of the next day in Rome, by the same amount.
  const { timeZone } = (await call(0, 'GET', '/v1/bookings/rules')).body as { timeZone: string };
  const { now } = (await call(0, 'POST', '/test/clock', { body: { advanceMs: 0 } })).body as { now: string };
  const [hours, minutes, seconds] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(Date.parse(now)).split(':').map(Number) as [number, number, number];
  const moveClocks = async (ms: number) => {
    for (const [server] of bases.entries()) {
      const moved = await call(server, 'POST', '/test/clock', { body: { advanceMs: ms } });
      if (moved.status !== 200) throw new Error(`moving the clock answered ${moved.status}: ${JSON.stringify(moved.body)} (the server needs TEST_CLOCK=on)`);
    }
  };
  await moveClocks((36 * 3600 - hours * 3600 - minutes * 60 - seconds) * 1000);

  const counts = {
    orders: { placed: 0, refusedPaid: 0 },
    seatings: { seated: 0, asTheGuests: 0, sameGuestsAsked: 0, refused: {} as Record<string, number> },
    payments: { taken: 0, inFull: 0, inParts: 0, staleRetried: 0, keyRetries: 0, closedRefused: 0, nothingOpen: 0 },
    samples: { tablesNow: 0, bookings: 0, openBills: 0 },
  };
  const placedOrders = new Map<string, number>(); // public id → table
  const paid = new Map<number, { bill: number; amount: number; key: string }>(); // payment id → what was answered
  let keyAnsweredOtherwise = 0;
  const billsSeen = new Map<number, BillSeen>(); // table → its bill on the last /tables/now read
  const tableObservations = new Map<number, { sent: number; received: number; stay: number | null }[]>();
  let twoPartiesAnswers = 0;
  let twoOpenBillsSeen = 0;
  let cutShort = false;
  const deadline = started + sizes.deadlineSeconds * 1000;
  const inTime = () => {
    if (performance.now() < deadline) return true;
    cutShort = true;
    return false;
  };
  const tokens = { admin, waiter: '' };

  /** A guest's phone at `table`: orders one to three dishes from its QR code; the first order of a phone may say how many are at the table. */
  async function phone(table: (typeof racing)[number], index: number, random: () => number, server: number, round: number) {
    const who = `phone ${table.number}.${index}`;
    for (let act = 0; act < sizes.ordersPerRound && inTime(); act++) {
      const lines = 1 + Math.floor(random() * 2);
      const items = [...new Set(Array.from({ length: lines }, () => dishes[Math.floor(random() * dishes.length)]!))].map((dishId) => ({ dishId, quantity: 1 + Math.floor(random() * 2) }));
      const guests = round === 0 && act === 0 && random() < 0.5 ? 1 + Math.floor(random() * table.seats) : undefined;
      const body = { table: table.number, tableCode: table.code, items, ...(guests && { guests }) };
      const answer = await call(server, 'POST', '/v1/orders', { body, headers: { 'X-Forwarded-For': `10.${table.number}.${index}.${1 + round}`, 'Idempotency-Key': randomUUID() } });
      latencies.order.push(answer.ms);
      note(server, who, table.number, `order ${items.map((item) => `${item.quantity}×${item.dishId}`).join(' ')}${guests ? ` guests ${guests}` : ''}`, answer);
      if (answer.status === 201) {
        counts.orders.placed++;
        placedOrders.set(answer.body.id, table.number);
      } else if (answer.status === 409 && answer.body.code === 'bill_paid') counts.orders.refusedPaid++;
      else strange(who, `POST /v1/orders ${JSON.stringify(body)}`, answer, table.number);
    }
  }

  /** A host seats walk-ins at tables chosen at random, sometimes as the guests already there. */
  async function host(index: number, random: () => number, server: number, round: number) {
    const who = `host ${index}`;
    for (let act = 0; act < sizes.actsPerRound && inTime(); act++) {
      const table = racing[Math.floor(random() * racing.length)]!;
      const sameGuests = random() < 0.4;
      const body = { party: 1 + Math.floor(random() * table.seats), table: table.number, minutes: random() < 0.5 ? 15 : 30, name: `Walk-in ${round}.${index}.${act}`, ...(sameGuests && { sameGuests }) };
      const answer = await call(server, 'POST', '/v1/staff/bookings/walk-ins', { token: index % 2 ? tokens.waiter : tokens.admin, body });
      latencies['walk-in'].push(answer.ms);
      note(server, who, table.number, `walk-in party ${body.party}${sameGuests ? ' sameGuests' : ''}`, answer);
      if (sameGuests) counts.seatings.sameGuestsAsked++;
      if (answer.status === 201) {
        // Seated as the guests already there: their stay, its version moved on; a new stay is at version 1.
        if (answer.body.version > 1) counts.seatings.asTheGuests++;
        else counts.seatings.seated++;
      } else if (answer.status === 409 && typeof answer.body.code === 'string') counts.seatings.refused[answer.body.code] = (counts.seatings.refused[answer.body.code] ?? 0) + 1;
      else strange(who, `POST /v1/staff/bookings/walk-ins ${JSON.stringify(body)}`, answer, table.number);
    }
  }

  /** Sends one payment; with `twice`, sends it again with the same key (at once, or after the answer): both must answer the same. */
  async function pay(server: number, who: string, table: number, token: string, billId: number, body: Json, twice: 'at once' | 'after' | null): Promise<Answer> {
    const key = randomUUID();
    const send = () => call(server, 'POST', `/v1/staff/bills/${billId}/payments`, { token, body, headers: { 'Idempotency-Key': key } });
    const what = `pay bill ${billId} v${body.version} ${body.amountCents}${twice ? ` (sent twice, ${twice})` : ''}`;
    let answers: Answer[];
    if (twice === 'at once') answers = await Promise.all([send(), send()]);
    else if (twice === 'after') answers = [await send(), await send()];
    else answers = [await send()];
    for (const answer of answers) {
      latencies.payment.push(answer.ms);
      note(server, who, table, what, answer);
      // Taken, or refused as documented: the bill changed meanwhile (with it as it is now), or it is paid.
      const documented = answer.status === 201 || (answer.status === 409 && ((answer.body.code === 'conflict' && answer.body.bill) || answer.body.code === 'bill_closed'));
      if (!documented) strange(who, `POST /v1/staff/bills/${billId}/payments ${JSON.stringify(body)}${twice ? ` (sent twice, ${twice})` : ''}`, answer, table);
    }
    if (twice) {
      counts.payments.keyRetries++;
      const [first, again] = answers as [Answer, Answer];
      if (first.status !== again.status || (first.status === 201 && first.body.payment?.id !== again.body.payment?.id)) {
        keyAnsweredOtherwise++;
        evidenceTables.add(table);
        evidence.push(`${who}: ${what} with one Idempotency-Key: answered ${first.status} ${JSON.stringify(first.body).slice(0, 200)} and ${again.status} ${JSON.stringify(again.body).slice(0, 200)}`);
      }
    }
    for (const answer of answers) {
      if (answer.status !== 201) continue;
      const { payment } = answer.body;
      const before = paid.get(payment.id);
      if (before && (before.key !== key || before.bill !== billId || before.amount !== payment.amountCents)) {
        keyAnsweredOtherwise++;
        evidence.push(`${who}: payment ${payment.id} answered for key ${key} on bill ${billId}, and before for key ${before.key} on bill ${before.bill}`);
      }
      paid.set(payment.id, { bill: billId, amount: payment.amountCents, key });
    }
    return answers[0]!;
  }

  /** A waiter at a table chosen at random: reads its bill (or takes it from the floor as last read, perhaps stale), pays all or part of it, and retries a stale version from the 409's bill. */
  async function waiter(index: number, random: () => number, server: number) {
    const who = `waiter ${index}`;
    const token = () => (index % 2 ? tokens.admin : tokens.waiter);
    for (let act = 0; act < sizes.actsPerRound && inTime(); act++) {
      const table = racing[Math.floor(random() * racing.length)]!.number;
      let bill: BillSeen | undefined = random() < 0.4 ? billsSeen.get(table) : undefined;
      if (!bill) {
        const read = await call(server, 'GET', `/v1/staff/tables/${table}/bill`, { token: token() });
        latencies['bill read'].push(read.ms);
        note(server, who, table, 'read the bill', read);
        if (read.status === 404 && read.body.code === 'no_bill') {
          counts.payments.nothingOpen++;
          continue;
        }
        if (read.status !== 200) {
          strange(who, `GET /v1/staff/tables/${table}/bill`, read, table);
          continue;
        }
        bill = read.body as BillSeen;
      }
      const inFull = random() < 0.5;
      let part = Math.max(1, Math.floor(bill.remainingCents * (0.2 + 0.5 * random())));
      const method = random() < 0.5 ? 'card' : 'cash';
      const twice = random() < 0.25 ? (random() < 0.5 ? 'at once' : 'after') : null;
      for (let attempt = 0; attempt < 4; attempt++) {
        if (bill.remainingCents <= 0) break;
        part = Math.min(part, bill.remainingCents);
        const body = { version: bill.version, amountCents: inFull ? bill.remainingCents : part, method };
        const answer = await pay(server, who, table, token(), bill.id, body, attempt === 0 ? twice : null);
        if (answer.status === 201) {
          counts.payments.taken++;
          if (answer.body.bill.status === 'paid') counts.payments.inFull++;
          else counts.payments.inParts++;
          break;
        }
        if (answer.status === 409 && answer.body.code === 'conflict' && answer.body.bill) {
          counts.payments.staleRetried++;
          bill = answer.body.bill as BillSeen;
          continue;
        }
        if (answer.status === 409 && answer.body.code === 'bill_closed') counts.payments.closedRefused++;
        break; // anything else is listed by pay()
      }
    }
  }

  /** Reads the floor as the staff do, through `server`, until told to stop; checks each answer on its own. */
  async function sampler(server: number, stopped: () => boolean) {
    while (!stopped()) {
      const now = await call(server, 'GET', '/v1/staff/tables/now', { token: tokens.admin });
      latencies['tables now'].push(now.ms);
      if (now.status !== 200) strange('sampler', 'GET /v1/staff/tables/now', now);
      else {
        counts.samples.tablesNow++;
        for (const table of now.body.tables as { number: number; stay: { id: number } | null; bill: BillSeen | null }[]) {
          if (table.number > sizes.tables) continue;
          if (!tableObservations.has(table.number)) tableObservations.set(table.number, []);
          tableObservations.get(table.number)!.push({ sent: now.sent, received: now.received, stay: table.stay?.id ?? null });
          if (table.bill) billsSeen.set(table.number, { id: table.bill.id, version: table.bill.version, remainingCents: table.bill.remainingCents });
          else billsSeen.delete(table.number);
        }
      }
      const day = await call(server, 'GET', '/v1/staff/bookings', { token: tokens.admin });
      latencies.bookings.push(day.ms);
      if (day.status !== 200) strange('sampler', 'GET /v1/staff/bookings', day);
      else {
        counts.samples.bookings++;
        const pairs = twoPartiesIn(day.body.bookings);
        if (pairs.length) {
          twoPartiesAnswers++;
          for (const pair of pairs) {
            evidenceTables.add(pair.table);
            evidence.push(`GET /staff/bookings (server ${server}, at ${day.body.now}): table ${pair.table} held by stays ${pair.stays.map((stay) => JSON.stringify(stay)).join(' and ')}`);
          }
        }
      }
      const bills = await call(server, 'GET', '/v1/staff/bills', { token: tokens.admin });
      latencies['open bills'].push(bills.ms);
      if (bills.status !== 200) strange('sampler', 'GET /v1/staff/bills', bills);
      else {
        counts.samples.openBills++;
        const byTable = new Map<number, number[]>();
        for (const bill of bills.body.bills as { id: number; table: number | null }[]) if (bill.table !== null) byTable.set(bill.table, [...(byTable.get(bill.table) ?? []), bill.id]);
        const doubled = [...byTable].filter(([, ids]) => ids.length > 1);
        if (doubled.length) {
          twoOpenBillsSeen++;
          for (const [table, ids] of doubled) {
            evidenceTables.add(table);
            evidence.push(`GET /staff/bills (server ${server}): table ${table} with open bills ${ids.join(' and ')}`);
          }
        }
      }
    }
  }

  let racingMs = 0;
  for (let round = 0; round < sizes.rounds && inTime(); round++) {
    if (round > 0) await moveClocks(ROUND_MS);
    // An access token lasts two minutes of the server's clock: signed in again each round.
    tokens.admin = admin = await signIn(0, ADMIN);
    tokens.waiter = await signIn(bases.length - 1, WAITER);
    const roundStart = performance.now();
    const streams = (n: number) => seededRandom(seed + round * 1_000 + n);
    let done = false;
    const samplers = bases.map((_, server) => sampler(server, () => done));
    let actor = 0;
    const on = () => actor++ % bases.length;
    await Promise.all([
      ...racing.flatMap((table) => Array.from({ length: sizes.phonesPerTable }, (_, index) => phone(table, index, streams(100 + table.number * 10 + index), on(), round))),
      ...Array.from({ length: sizes.hosts }, (_, index) => host(index, streams(index), on(), round)),
      ...Array.from({ length: sizes.waiters }, (_, index) => waiter(index, streams(50 + index), on())),
    ]).finally(() => {
      done = true;
    });
    await Promise.all(samplers);
    racingMs += performance.now() - roundStart;
  }

  // A-B-A on /staff/tables/now: A shown, then B (asked after A's answer came), then A again (asked after B's came).
  let abaSeen = 0;
  for (const [table, seen] of tableObservations) {
    const first = new Map<number, number>(); // stay → the earliest answer's arrival showing it
    const last = new Map<number, number>(); // stay → the latest request's sending showing it
    for (const one of seen) {
      if (one.stay === null) continue;
      first.set(one.stay, Math.min(first.get(one.stay) ?? Number.POSITIVE_INFINITY, one.received));
      last.set(one.stay, Math.max(last.get(one.stay) ?? Number.NEGATIVE_INFINITY, one.sent));
    }
    for (const middle of seen) {
      if (middle.stay === null) continue;
      const around = [...first.keys()].find((stay) => stay !== middle.stay && first.get(stay)! < middle.sent && last.get(stay)! > middle.received);
      if (around === undefined) continue;
      abaSeen++;
      evidenceTables.add(table);
      evidence.push(`GET /staff/tables/now: table ${table} showed stay ${around}, then stay ${middle.stay} (asked ${Math.round(middle.sent - started)} ms in), then stay ${around} again`);
    }
  }

  const rows = await checkRows(db, { placedOrders, paid });
  for (const line of rows.evidence) evidence.push(line);
  for (const table of rows.tables) evidenceTables.add(table);
  if (unexpected.length) evidence.push(...unexpected.slice(0, 30).map((line) => `unexpected answer: ${line}`));
  if (evidence.length) evidence.push(...errors().map((line) => `logged by ${line}`));
  if (evidenceTables.size) {
    evidence.push(`what was sent and answered at tables ${[...evidenceTables].sort((a, b) => a - b).join(', ')}, in order (ms from the start, server, who):`);
    for (const entry of journal.filter((one) => evidenceTables.has(one.table)).sort((a, b) => a.at - b.at).slice(0, 400)) evidence.push(`  ${entry.at} ms s${entry.server} ${entry.who} table ${entry.table}: ${entry.what} → ${entry.answer}`);
  }

  const latency = Object.fromEntries(
    KINDS.map((kind) => {
      const sorted = [...latencies[kind]].sort((a, b) => a - b);
      return [kind, { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) }];
    }),
  ) as Record<Kind, Latency>;
  return {
    seed,
    servers: bases.length,
    sizes: { ...sizes, seed },
    seconds: Math.round(racingMs / 100) / 10,
    cutShort,
    ...counts,
    busy,
    latency,
    zeros: {
      twoPartiesSeen: twoPartiesAnswers + abaSeen,
      twoOpenBillsSeen,
      ...rows.zeros,
      keyAnsweredOtherwise,
      unexpected: unexpected.length,
    },
    evidence,
  };
}

interface SeenStay {
  id: number;
  status: string;
  tables: number[];
  startsAt: string;
  endsAt: string;
  finishedAt: string | null;
  billOpenCents: number | null;
}

/** Pairs of seated, unfinished stays at one table in one answer of /staff/bookings whose holds meet (a hold runs on past the stay's end while its bill is open). */
function twoPartiesIn(stays: SeenStay[]): { table: number; stays: SeenStay[] }[] {
  const seated = stays.filter((stay) => stay.status === 'arrived' && stay.finishedAt === null);
  const hold = (stay: SeenStay) => [Date.parse(stay.startsAt), stay.billOpenCents !== null ? Number.POSITIVE_INFINITY : Date.parse(stay.endsAt)] as const;
  const found: { table: number; stays: SeenStay[] }[] = [];
  for (const [i, one] of seated.entries()) {
    for (const other of seated.slice(i + 1)) {
      const [a, b] = [hold(one), hold(other)];
      const table = one.tables.find((number) => other.tables.includes(number));
      if (table !== undefined && a[0] < b[1] && b[0] < a[1]) found.push({ table, stays: [one, other] });
    }
  }
  return found;
}

/** The database's rows after the race, against what was answered. */
async function checkRows(db: Db, answered: { placedOrders: Map<string, number>; paid: Map<number, { bill: number; amount: number; key: string }> }) {
  const [bills, payments, orders, items, discounts, changes, stays, held] = await Promise.all([
    db.selectFrom('bills').select(['id', 'table_number', 'booking_id', 'status', 'covers', 'cover_cents']).execute(),
    db.selectFrom('payments').select(['id', 'bill_id', 'amount_cents', 'idempotency_key']).execute(),
    db.selectFrom('orders').select(['id', 'public_id', 'table_number', 'bill_id', 'status']).execute(),
    db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select(['orders.bill_id', 'orders.status', 'order_items.quantity', 'order_items.price_cents']).execute(),
    db.selectFrom('bill_discounts').select(['bill_id', 'amount_cents']).execute(),
    db.selectFrom('bill_line_changes').select(['bill_id', 'quantity', 'unit_cents']).execute(),
    db.selectFrom('bookings').select(['id', 'status', 'starts_ms', 'ends_ms', 'finished_at']).execute(),
    db.selectFrom('booking_tables').select(['booking_id', 'table_number', 'status', 'starts_ms', 'ends_ms']).execute(),
  ]);
  const evidence: string[] = [];
  const tables = new Set<number>();
  const add = (map: Map<number, number>, key: number | null, cents: number) => key !== null && map.set(key, (map.get(key) ?? 0) + cents);

  // Two open bills at one table.
  const openAt = new Map<number, number[]>();
  for (const bill of bills) if (bill.status === 'open' && bill.table_number !== null) openAt.set(bill.table_number, [...(openAt.get(bill.table_number) ?? []), bill.id]);
  const twoOpenBills = [...openAt].filter(([table, ids]) => {
    if (ids.length < 2) return false;
    tables.add(table);
    evidence.push(`rows: table ${table} has open bills ${ids.join(' and ')}`);
    return true;
  }).length;

  // Seated, unfinished stays whose holds meet at one table (on past their end while their own bill is open).
  const openOf = new Set(bills.filter((bill) => bill.status === 'open' && bill.booking_id !== null).map((bill) => bill.booking_id!));
  const stay = new Map(stays.map((row) => [row.id, row]));
  const seatedAt = new Map<number, { id: number; from: number; to: number }[]>();
  for (const row of held) {
    const booking = stay.get(row.booking_id)!;
    if (booking.status !== 'arrived' || booking.finished_at !== null) continue;
    const to = openOf.has(booking.id) ? Number.POSITIVE_INFINITY : Number(booking.ends_ms);
    seatedAt.set(row.table_number, [...(seatedAt.get(row.table_number) ?? []), { id: booking.id, from: Number(booking.starts_ms), to }]);
  }
  let twoPartiesInRows = 0;
  for (const [table, list] of seatedAt) {
    for (const [i, one] of list.entries()) {
      for (const other of list.slice(i + 1)) {
        if (one.from < other.to && other.from < one.to) {
          twoPartiesInRows++;
          tables.add(table);
          evidence.push(`rows: table ${table} held at once by seated stays ${one.id} (from ${new Date(one.from).toISOString()}${one.to === Number.POSITIVE_INFINITY ? ', its bill open' : ` to ${new Date(one.to).toISOString()}`}) and ${other.id} (from ${new Date(other.from).toISOString()}${other.to === Number.POSITIVE_INFINITY ? ', its bill open' : ` to ${new Date(other.to).toISOString()}`})`);
        }
      }
    }
  }
  // Holds over the same minutes (confirmed or seated): the exclusion constraint's, or the trigger's, rule.
  let overlappingHolds = 0;
  const holding = held.filter((row) => row.status === 'confirmed' || row.status === 'arrived');
  for (const [i, one] of holding.entries()) {
    for (const other of holding.slice(i + 1)) {
      if (one.table_number === other.table_number && one.booking_id !== other.booking_id && Number(one.starts_ms) < Number(other.ends_ms) && Number(other.starts_ms) < Number(one.ends_ms)) {
        overlappingHolds++;
        tables.add(one.table_number);
        evidence.push(`rows: table ${one.table_number} held by stays ${one.booking_id} and ${other.booking_id} over the same minutes`);
      }
    }
  }

  // Payments: each answered one there once, as answered; none nobody was answered.
  const rowOf = new Map(payments.map((row) => [row.id, row]));
  let paymentsLost = 0;
  for (const [id, was] of answered.paid) {
    const row = rowOf.get(id);
    if (row && row.bill_id === was.bill && row.amount_cents === was.amount && row.idempotency_key === was.key) continue;
    paymentsLost++;
    evidence.push(`rows: payment ${id} (${was.amount} on bill ${was.bill}) answered 201 is ${row ? `there as ${JSON.stringify(row)}` : 'not there'}`);
  }
  const paymentsUnanswered = payments.filter((row) => {
    if (answered.paid.has(row.id)) return false;
    evidence.push(`rows: payment ${row.id} (${row.amount_cents} on bill ${row.bill_id}) was answered to nobody`);
    return true;
  }).length;

  // Each bill's total, as its rows make it; what its payments took.
  const dishes = new Map<number, number>();
  for (const item of items) if (item.status !== 'cancelled') add(dishes, item.bill_id, item.quantity * item.price_cents);
  const off = new Map<number, number>();
  for (const discount of discounts) add(off, discount.bill_id, discount.amount_cents);
  const changed = new Map<number, number>();
  for (const change of changes) add(changed, change.bill_id, change.quantity * change.unit_cents);
  const took = new Map<number, number>();
  for (const payment of payments) add(took, payment.bill_id, payment.amount_cents);
  let [overpaid, paidBillsOff] = [0, 0];
  for (const bill of bills) {
    const total = (dishes.get(bill.id) ?? 0) + (changed.get(bill.id) ?? 0) + (bill.covers ?? 0) * bill.cover_cents - (off.get(bill.id) ?? 0);
    const taken = took.get(bill.id) ?? 0;
    if (taken > total) {
      overpaid++;
      if (bill.table_number !== null) tables.add(bill.table_number);
      evidence.push(`rows: bill ${bill.id} (table ${bill.table_number}, ${bill.status}) took ${taken} of a total of ${total}`);
    }
    if (bill.status === 'paid' && taken !== total) {
      paidBillsOff++;
      if (bill.table_number !== null) tables.add(bill.table_number);
      evidence.push(`rows: bill ${bill.id} (table ${bill.table_number}) is paid with ${taken} taken of a total of ${total}`);
    }
  }

  // Orders: each answered one there, at its table, on its table's bill or that of the stay holding its table.
  const billOf = new Map(bills.map((bill) => [bill.id, bill]));
  const stayTables = new Map<number, Set<number>>();
  for (const row of held) stayTables.set(row.booking_id, new Set([...(stayTables.get(row.booking_id) ?? []), row.table_number]));
  const atTables = orders.filter((order) => order.table_number !== null);
  const byPublicId = new Map(atTables.map((order) => [order.public_id, order]));
  let ordersLost = 0;
  for (const [publicId, table] of answered.placedOrders) {
    if (byPublicId.get(publicId)?.table_number === table) continue;
    ordersLost++;
    tables.add(table);
    evidence.push(`rows: order ${publicId} answered 201 at table ${table} is ${byPublicId.has(publicId) ? `at table ${byPublicId.get(publicId)!.table_number}` : 'not there'}`);
  }
  for (const order of atTables) {
    if (answered.placedOrders.has(order.public_id)) continue;
    ordersLost++;
    evidence.push(`rows: order ${order.id} at table ${order.table_number} was answered to nobody`);
  }
  let ordersElsewhere = 0;
  for (const order of atTables) {
    const bill = order.bill_id === null ? undefined : billOf.get(order.bill_id);
    if (bill && (bill.table_number === order.table_number || (bill.booking_id !== null && stayTables.get(bill.booking_id)?.has(order.table_number!)))) continue;
    ordersElsewhere++;
    tables.add(order.table_number!);
    evidence.push(`rows: order ${order.id} at table ${order.table_number} is on bill ${order.bill_id} (${bill ? `table ${bill.table_number}, stay ${bill.booking_id}` : 'none'})`);
  }
  return { zeros: { twoPartiesInRows, overlappingHolds, twoOpenBills, paymentsLost, paymentsUnanswered, overpaid, paidBillsOff, ordersLost, ordersElsewhere }, evidence, tables };
}

export type TableStaysBench = Record<'sqlite' | 'postgres', TableStaysFigures>;

/** The bench's row: the race on SQLite (one server process), then on PostgreSQL (two processes on one database of a throwaway server). */
export async function measureTableStays(sizes: RaceSizes = BENCH_SIZES): Promise<TableStaysBench> {
  const result = {} as TableStaysBench;
  const sqlite = await serveForRace({});
  try {
    result.sqlite = await raceTableStays(sqlite, sizes);
  } finally {
    await sqlite.stop();
  }
  const postgres = await startPostgres();
  try {
    const two = await serveForRace({ databaseUrl: await newPostgresDatabase(postgres.url), processes: 2 });
    try {
      result.postgres = await raceTableStays(two, sizes);
    } finally {
      await two.stop();
    }
  } finally {
    postgres.stop();
  }
  return result;
}

/** The figures in a few lines, for a test's output: the seed, what the race reached, and each kind's p50 and p99. */
export function describeRace(name: string, figures: TableStaysFigures): string {
  const { orders, seatings, payments, samples, latency } = figures;
  const refused = Object.entries(seatings.refused).map(([code, count]) => `${count} ${code}`).join(', ') || 'none';
  return [
    `${name}: seed ${figures.seed}, ${figures.servers} server process${figures.servers > 1 ? 'es' : ''}, ${figures.sizes.rounds} rounds on ${figures.sizes.tables} tables in ${figures.seconds} s${figures.cutShort ? ' (cut short by the deadline)' : ''}`,
    `  orders: ${orders.placed} placed, ${orders.refusedPaid} refused (bill paid)`,
    `  seatings: ${seatings.seated} seated, ${seatings.asTheGuests} as the guests there (of ${seatings.sameGuestsAsked} asked with sameGuests); refused: ${refused}`,
    `  payments: ${payments.taken} taken (${payments.inFull} in full, ${payments.inParts} in part), ${payments.staleRetried} stale versions retried, ${payments.keyRetries} sent twice with one key, ${payments.closedRefused} refused (bill closed), ${payments.nothingOpen} tables with nothing open`,
    `  samples: ${samples.tablesNow} of /staff/tables/now, ${samples.bookings} of /staff/bookings, ${samples.openBills} of /staff/bills; ${figures.busy} answers 503 (no database connection in time) asked again`,
    `  ms p50/p99: ${KINDS.map((kind) => `${kind} ${latency[kind].p50}/${latency[kind].p99} (${latency[kind].count})`).join(', ')}`,
    `  zeros: ${JSON.stringify(figures.zeros)}`,
  ].join('\n');
}

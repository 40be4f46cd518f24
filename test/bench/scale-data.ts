// Grows a seeded database to a size for the scale benchmark and the index tests: made-up
// dishes spread over the six categories (names, descriptions and tags drawn from a fixed
// vocabulary with a seeded generator, so every run has the same menu) and open orders of
// two or three lines each. Written in batches, as plain rows: no events.
import { keepPaidVat } from '../../src/server/db/paid-bill-vat.js';
import { rememberWords } from '../../src/server/menu/search-words.js';
import { dayOf, instantOf } from '../../src/server/restaurant/opening-hours.js';
import type { Db } from '../../src/server/db/schema.js';
import { searchText } from '../../src/server/menu/search.js';

const FIRST = ['Smoky', 'Golden', 'Rustic', 'Tuscan', 'Wild', 'Crispy', 'Slow-cooked', 'Lemony', 'Garden', 'Fiery', 'Creamy', 'Roman', 'Sicilian', 'Herbed', 'Charred', 'Sweet'];
const SECOND = ['tagliatelle', 'gnocchi', 'focaccia', 'risotto', 'polenta', 'arancini', 'ravioli', 'lasagne', 'calzone', 'frittata', 'crostata', 'cannoli', 'panzanella', 'minestrone', 'saltimbocca', 'bruschetta'];
const WITH = ['porcini', 'pecorino', 'basil', 'saffron', 'pistachio', 'anchovies', 'truffle', 'ricotta', 'fennel', 'capers', 'chilli', 'walnuts', 'lemon', 'rosemary', 'mozzarella', 'aubergine'];
const TAGS = ['vegetarian', 'vegan', 'gluten-free', 'spicy', 'contains-nuts', 'contains-fish'];

/** A small seeded generator (mulberry32): the same sequence on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BATCH = 500;

/** Adds dishes until the menu has `total`. */
export async function growMenu(db: Db, total: number): Promise<void> {
  const categories = await db.selectFrom('categories').select(['id', 'slug', 'name']).orderBy('position').execute();
  const have = Number((await db.selectFrom('dishes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const next = random(12345);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  for (let made = have; made < total; ) {
    const rows = [];
    for (const end = Math.min(total, made + BATCH); made < end; made++) {
      const category = categories[made % categories.length]!;
      const name = `${pick(FIRST)} ${pick(SECOND)} with ${pick(WITH)}`;
      const description = `${pick(SECOND)} of the house, ${pick(WITH)} and ${pick(WITH)}, finished with ${pick(WITH)}. Dish ${made + 1}.`;
      const tags = TAGS.filter(() => next() < 0.15);
      rows.push({
        category_id: category.id,
        name,
        description,
        price_cents: 500 + Math.floor(next() * 2500),
        tags: JSON.stringify(tags),
        image: '/images/dishes/margherita.svg',
        featured: next() < 0.01 ? 1 : 0,
        search_text: searchText({ name, description, tags }, category),
      });
    }
    await db.insertInto('dishes').values(rows).execute();
    await rememberWords(db, rows.map((row) => row.search_text).join(' ')); // as the owner's edits do
  }
}

/** Adds open orders (received, preparing or ready) until there are `total`. */
export async function openOrders(db: Db, total: number, now = Date.now()): Promise<void> {
  const dishes = await menuDishes(db);
  const have = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('status', 'in', ['received', 'preparing', 'ready']).executeTakeFirstOrThrow()).n);
  const next = random(54321);
  for (let made = have; made < total; ) {
    const orders = [];
    const lines: Lines = [];
    for (const end = Math.min(total, made + BATCH); made < end; made++) {
      const chosen = [0, 1, 2].slice(0, 2 + Math.floor(next() * 2)).map((i) => dishes[(made * 3 + i * 7) % dishes.length]!);
      const quantities = chosen.map(() => 1 + Math.floor(next() * 3));
      const at = new Date(now - (total - made) * 1000).toISOString();
      orders.push({
        public_id: `bench${String(made).padStart(17, '0')}`,
        table_number: 1 + (made % 24),
        pickup_name: null,
        status: (['received', 'preparing', 'ready'] as const)[made % 3]!,
        note: '',
        total_cents: chosen.reduce((sum, dish, i) => sum + dish.price_cents * quantities[i]!, 0),
        version: 1,
        idempotency_key: null,
        request_hash: null,
        created_at: at,
        updated_at: at,
        placed_ms: Date.parse(at),
      });
      lines.push({ dishes: chosen, quantities });
    }
    // Matched by public id: neither database promises RETURNING's rows in VALUES order.
    const ids = new Map((await db.insertInto('orders').values(orders).returning(['id', 'public_id']).execute()).map((row) => [row.public_id, row.id]));
    await writeLines(db, orders, lines, ids);
  }
}

/** The first 26 dishes with the station that cooks each. */
const menuDishes = (db: Db) =>
  db.selectFrom('dishes').innerJoin('categories', 'categories.id', 'dishes.category_id').select(['dishes.id', 'dishes.name', 'dishes.price_cents', 'categories.station_id']).orderBy('dishes.id').limit(26).execute();

type Lines = { dishes: Awaited<ReturnType<typeof menuDishes>>; quantities: number[] }[];

/** The orders' lines, and a part for each station with dishes in an order (done once the order is ready). */
async function writeLines(db: Db, orders: { public_id: string; status: string; updated_at: string }[], lines: Lines, ids: Map<string, number>) {
  const rows = orders.flatMap((order, i) => lines[i]!.dishes.map((dish, j) => ({ order_id: ids.get(order.public_id)!, dish_id: dish.id, name: dish.name, price_cents: dish.price_cents, quantity: lines[i]!.quantities[j]!, station_id: dish.station_id })));
  await db.insertInto('order_items').values(rows).execute();
  const parts = orders.flatMap((order, i) =>
    [...new Set(lines[i]!.dishes.map((dish) => dish.station_id))].map((station) => ({ order_id: ids.get(order.public_id)!, station_id: station, done_at: ['ready', 'served'].includes(order.status) ? order.updated_at : null })),
  );
  await db.insertInto('order_parts').values(parts).execute();
}

/** The day the day's-numbers benchmark asks for (Europe/Rome); a week before has as many orders. */
export const DAY = '2026-11-20';

/**
 * Adds `total` orders placed over one restaurant day (`start` to `end`, ms), as a day of
 * service ends: most served, some cancelled, the last ones still open; each with two or
 * three lines, ready some minutes after it was placed and served a few after that.
 */
export async function dayOfOrders(db: Db, total: number, start: number, end: number, prefix: string): Promise<void> {
  const dishes = await menuDishes(db);
  const next = random(777);
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let made = 0; made < total; ) {
    const orders = [];
    const lines: Lines = [];
    for (const stop = Math.min(total, made + BATCH); made < stop; made++) {
      const chosen = [0, 1, 2].slice(0, 2 + Math.floor(next() * 2)).map((i) => dishes[(made * 3 + i * 7) % dishes.length]!);
      const quantities = chosen.map(() => 1 + Math.floor(next() * 3));
      const placed = start + Math.floor(((end - start) * made) / total);
      const status = made > total * 0.97 ? 'received' : made % 10 === 0 ? 'cancelled' : 'served';
      const ready = status === 'served' ? placed + (8 + Math.floor(next() * 25)) * 60_000 : null;
      const served = (1 + Math.floor(next() * 8)) * 60_000;
      orders.push({
        public_id: `${prefix}${String(made).padStart(22 - prefix.length, '0')}`,
        table_number: 1 + (made % 24),
        pickup_name: null,
        status,
        note: '',
        total_cents: chosen.reduce((sum, dish, i) => sum + dish.price_cents * quantities[i]!, 0),
        version: 1,
        idempotency_key: null,
        request_hash: null,
        created_at: iso(placed),
        updated_at: iso(placed),
        placed_ms: placed,
        ready_at: ready === null ? null : iso(ready),
        served_at: ready === null ? null : iso(ready + served),
        ready_after_s: ready === null ? null : (ready - placed) / 1000,
        served_after_s: ready === null ? null : served / 1000,
      });
      lines.push({ dishes: chosen, quantities });
    }
    const ids = new Map((await db.insertInto('orders').values(orders).returning(['id', 'public_id']).execute()).map((row) => [row.public_id, row.id]));
    await writeLines(db, orders, lines, ids);
  }
}

/**
 * The day's orders paid: each served order placed from `start` to `end` a bill of its own
 * (its id the order's), paid in full 45 minutes after it was placed; the first ones in two
 * payments, until `payments` payments are written (cash and card in turn, a tip on every
 * fourth), each with its VAT kept as a paid bill's is. The close of that day then reads
 * them (GET /admin/close).
 */
export async function dayOfPayments(db: Db, start: number, end: number, payments: number): Promise<number> {
  const served = await db.selectFrom('orders').select(['id', 'total_cents', 'placed_ms']).where('placed_ms', '>=', start).where('placed_ms', '<', end).where('status', '=', 'served').orderBy('id').execute();
  const twice = Math.max(0, Math.min(served.length, payments - served.length));
  let written = 0;
  for (let from = 0; from < served.length; from += BATCH) {
    const batch = served.slice(from, from + BATCH);
    const paidAt = (order: (typeof batch)[number]) => Math.min(Number(order.placed_ms) + 45 * 60_000, end - 1);
    await db.insertInto('bills').values(batch.map((order) => ({ id: order.id, table_number: null, booking_id: null, status: 'paid' as const, covers: 2, cover_cents: 0, opened_ms: Number(order.placed_ms), closed_ms: paidAt(order) }))).execute();
    const rows = batch.flatMap((order, i) => {
      const split = from + i < twice;
      const first = split ? Math.floor(order.total_cents / 2) : order.total_cents;
      const pay = (amount: number, n: number) => ({ bill_id: order.id, amount_cents: amount, tip_cents: (from + i + n) % 4 === 0 ? 100 : 0, method: (from + i + n) % 2 ? ('card' as const) : ('cash' as const), method_name: null, tendered_cents: null, taken_by: null, taken_by_name: 'Bench', at_ms: paidAt(order), idempotency_key: null, request_hash: null });
      return split ? [pay(first, 0), pay(order.total_cents - first, 1)] : [pay(first, 0)];
    });
    await db.insertInto('payments').values(rows).execute();
    written += rows.length;
  }
  await db.updateTable('orders').set((eb) => ({ bill_id: eb.ref('id') })).where('placed_ms', '>=', start).where('placed_ms', '<', end).where('status', '=', 'served').execute();
  // Each bill's VAT by rate, kept as the app keeps it when a bill is paid.
  await keepPaidVat(db, served.map((order) => order.id));
  return written;
}

/**
 * The floor of a large restaurant on `date`: 100 tables (2, 4, 6 and 8 seats, 25 each)
 * and 300 bookings, three a table (lunch at 12:00, 18:00 and 20:30, two hours each, in
 * Rome's time), written straight into the database.
 */
export async function bookedFloor(db: Db, date: string): Promise<void> {
  const known = new Set((await db.selectFrom('dining_tables').select('number').execute()).map((row) => row.number));
  for (let number = 1; number <= 100; number++) {
    const seats = [2, 4, 6, 8][number % 4]!;
    if (known.has(number)) await db.updateTable('dining_tables').set({ seats, active: 1 }).where('number', '=', number).execute();
    else await db.insertInto('dining_tables').values({ number, label: `Table ${number}`, seats, code: `bench-table-${number}` }).execute();
  }
  const bookings = [];
  for (let number = 1; number <= 100; number++) {
    for (const time of ['12:00', '18:00', '20:30']) {
      const starts = instantOf(dayOf(date), Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), 'Europe/Rome');
      bookings.push({ status: 'confirmed', party: 2, date, time, starts_ms: starts, ends_ms: starts + 7_200_000, table_number: number, name: `Bench ${number} ${time}`, phone: `+3934700${String(bookings.length).padStart(5, '0')}`, source: 'staff' as const, created_at: date, updated_at: date });
    }
  }
  for (let i = 0; i < bookings.length; i += 100) await db.insertInto('bookings').values(bookings.slice(i, i + 100)).execute();
}

// A table's order taken by course (issue 69): the waiter sends every course at once; what is
// at once (drinks) and the first course go to the kitchen now, each later course is an order
// of its own, held, until the waiter fires it ("marcia il secondo"). One order per course, so
// each course is a ticket of its own on the kitchen's screens, with its parts per station,
// and the bill has every line from the start (the guests have ordered them).
//
// Firing is a move of each held order of that course at the table from held to received,
// on its version: two waiters firing at once fire it once (the second is told who fired it).
import { createHash, randomBytes } from 'node:crypto';
import { heldCourses } from '../../shared/courses.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect.js';
import { openBillFor } from '../bills/index.js';
import { ApiError } from '../http/errors.js';
import { t } from '../http/language.js';
import { courseWords } from './course-words.js';
import { checkTable, type LineRequest, priceLines, refuseDoubles, refuseWhenClosed } from './place.js';
import { changeOrder, findOrderByNumber, insertOrder, type OrderView, type StoredEvent } from './store.js';

export interface CourseLine extends LineRequest {
  /** The line's course; absent: its category's. */
  course?: number;
  /** The guest's seat, from 1; absent: not said. */
  seat?: number;
}

export interface CourseOrderRequest {
  items: CourseLine[];
  /** How many are at the table, when the waiter says it (the cover charge counts them). */
  guests?: number;
}

export interface ByCourseOptions {
  key: string | null;
  takenBy: { id: number; name: string };
  now: number;
  timeZone: string;
}

/** The orders of one send, by course (what went now first), with their events; `replayed`: sent before under the same key. */
export type SentByCourse = { orders: OrderView[]; events: StoredEvent[]; replayed: boolean };

/** The key each course's order is kept under: the send's, with its course. */
const keyOf = (key: string, course: number) => `${key}#${course}`;

/** Places a table's order by course: one order per course, the first (and what is at once) received, the later ones held. */
export async function placeByCourse(db: Db, table: number, request: CourseOrderRequest, options: ByCourseOptions): Promise<SentByCourse> {
  refuseDoubles(request.items);
  const requestHash = options.key && createHash('sha256').update(JSON.stringify({ table, ...request })).digest('base64url');
  try {
    return await writeByCourse(db, table, request, requestHash, options);
  } catch (error) {
    // The same key sent twice at once: the other one wrote first; answer what it placed.
    const before = options.key && isUniqueViolation(error) ? await sentBefore(db, options.key, requestHash!) : undefined;
    if (!before) throw error;
    return before;
  }
}

function writeByCourse(db: Db, table: number, { items, guests }: CourseOrderRequest, requestHash: string | null, { key, takenBy, now, timeZone }: ByCourseOptions) {
  return db.transaction().execute(async (trx): Promise<SentByCourse> => {
    if (key) {
      const before = await sentBefore(trx, key, requestHash!);
      if (before) return before;
    }
    await refuseWhenClosed(trx, now, timeZone);
    await checkTable(trx, table, undefined, true);
    const priced = await priceLines(trx, items);
    const courses = new Map<number, typeof priced>();
    for (const [i, { categoryCourse, ...line }] of priced.entries()) {
      const course = items[i]!.course ?? categoryCourse;
      const seat = items[i]!.seat;
      courses.set(course, [...(courses.get(course) ?? []), { ...line, categoryCourse, ...(seat !== undefined && { seat }) }]);
    }
    const held = heldCourses(courses.keys());
    const { billId } = await openBillFor(trx, table, now, timeZone, guests);
    const at = new Date(now).toISOString();
    const orders: OrderView[] = [];
    const events: StoredEvent[] = [];
    for (const course of [...courses.keys()].sort((a, b) => a - b)) {
      const placed = await insertOrder(trx, {
        publicId: randomBytes(16).toString('base64url'),
        table,
        pickupName: null,
        pickupPhone: null,
        note: '',
        status: held.has(course) ? 'held' : 'received',
        items: courses.get(course)!.map(({ categoryCourse: _, ...line }) => line),
        idempotencyKey: key && keyOf(key, course),
        requestHash,
        at,
        takenBy,
        billId,
        course,
      });
      orders.push(placed.order);
      events.push(placed.event);
    }
    return { orders, events, replayed: false };
  });
}

/** What a send under `key` placed, if it was sent before: the same request answers it again, another is a 409. */
async function sentBefore(db: Db, key: string, requestHash: string): Promise<SentByCourse | undefined> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'request_hash'])
    .where('idempotency_key', 'in', [0, 1, 2, 3, 4].map((course) => keyOf(key, course)))
    .orderBy('id')
    .execute();
  if (!rows.length) return undefined;
  if (rows.some((row) => row.request_hash !== requestHash)) {
    throw new ApiError(409, 'idempotency_conflict', t('This Idempotency-Key was already used for a different order. Use a new key for a new order.'));
  }
  const orders: OrderView[] = [];
  for (const row of rows) orders.push((await findOrderByNumber(db, row.id))!);
  return { orders, events: [], replayed: true };
}

export interface Fired {
  orders: OrderView[];
  events: StoredEvent[];
}

/**
 * Fires the held orders of `course` at `table` (those on its open bill): each moves from held
 * to received on its version. None held: a 409 `nothing_held` that says whether it was fired
 * already (by whom, when) or was never held.
 */
export function fireCourse(db: Db, table: number, course: number, { by, now }: { by: string; now: number }): Promise<Fired> {
  return db.transaction().execute(async (trx) => {
    const heldOnes = await ofCourseAt(trx, table, course).select(['orders.id', 'orders.version']).where('orders.status', '=', 'held').orderBy('orders.id').execute();
    const at = new Date(now).toISOString();
    const orders: OrderView[] = [];
    const events: StoredEvent[] = [];
    for (const order of heldOnes) {
      const changed = await changeOrder(trx, { number: order.id, version: order.version, at, by }, { from: 'held', to: 'received' });
      if (!changed) continue; // fired meanwhile by another waiter: once is enough
      orders.push(changed.order);
      events.push(changed.event);
    }
    if (!orders.length) throw await nothingHeld(trx, table, course);
    return { orders, events };
  });
}

/** The orders of `course` on the open bill at `table`. */
const ofCourseAt = (db: Db, table: number, course: number) =>
  db.selectFrom('orders').innerJoin('bills', 'bills.id', 'orders.bill_id').where('orders.table_number', '=', table).where('bills.status', '=', 'open').where('orders.course', '=', course);

/** Why nothing was fired: the course went already (who fired it, when), or the table holds none of it. */
async function nothingHeld(db: Db, table: number, course: number): Promise<ApiError> {
  const name = courseWords(course);
  const fired = await ofCourseAt(db, table, course).select(['orders.fired_ms', 'orders.moved_by']).where('orders.fired_ms', 'is not', null).orderBy('orders.fired_ms', 'desc').executeTakeFirst();
  if (fired) {
    return new ApiError(409, 'nothing_held', t('{course} for table {table}: fired already, by {by}.', { course: name, table, by: fired.moved_by ?? '' }), { more: { firedAt: new Date(Number(fired.fired_ms)).toISOString() } });
  }
  return new ApiError(409, 'nothing_held', t('Table {table} has no {course} held.', { table, course: name }));
}

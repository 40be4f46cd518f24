// The waiter's pad's calls: the course of each category, a table's order sent by course, and
// a held course fired (the Tables page fires too).
import type { Http } from '../../core/http.js';
import type { Order } from '../../shared/order-states.js';
import type { sendBody } from './pad-lines.js';

export function createPadApi(http: Http) {
  return {
    /** The course of each category's dishes, by slug. */
    courses: (signal?: AbortSignal) => http.get<{ categories: { slug: string; course: number }[] }>('/staff/courses', { signal }).then(({ categories }) => new Map(categories.map((each) => [each.slug, each.course]))),
    /** Every course of the table's order in one send, under a key that makes a retry answer the same orders. */
    send: (table: number, body: ReturnType<typeof sendBody>, key: string) => http.post<{ orders: Order[] }>(`/staff/tables/${table}/orders`, body, { headers: { 'Idempotency-Key': key } }),
    /** A held course fired: its orders, now received. */
    fire: (table: number, course: number) => http.post<{ orders: Order[] }>(`/staff/tables/${table}/courses/${course}/fire`, {}),
  };
}

export type PadApi = ReturnType<typeof createPadApi>;

// The calls the waiter's Tables page and a table's bill make (the API's /staff/tables and /staff/bills).
import type { Http } from '../../core/http.js';
import type { Bill, Payment, PaymentMethod, TableNow } from '../../shared/bills.js';

export interface NewPayment {
  amountCents: number;
  tipCents?: number;
  method: PaymentMethod;
  methodName?: string;
  tenderedCents?: number;
}

/** How long the open bills the Tables page read are drawn at once on a table's page (the API's answer follows). */
const KNOWN_MS = 60_000;

export function createBillsApi(http: Http, now: () => number = Date.now) {
  /** The open bills last read, by table (a joined bill under each of its tables), and when. */
  let known: { at: number; byTable: Map<number, Bill> } = { at: 0, byTable: new Map() };
  return {
    open: (signal?: AbortSignal) =>
      http.get<{ bills: Bill[] }>('/staff/bills', { signal }).then(({ bills }) => {
        const byTable = new Map<number, Bill>();
        for (const bill of bills) for (const table of [bill.table, ...bill.joined.map((one) => one.table)]) if (table !== null) byTable.set(table, bill);
        known = { at: now(), byTable };
        return bills;
      }),
    /** The table's open bill as the last list of open bills had it, if that was read in the last minute; else undefined. */
    known: (table: number): Bill | undefined => (now() - known.at < KNOWN_MS ? known.byTable.get(table) : undefined),
    /** Every table on the floor now (the party there, its open bill, or the last bill paid at it), and the server's time. */
    now: (signal?: AbortSignal) => http.get<{ tables: TableNow[]; now: string }>('/staff/tables/now', { signal }),
    /** The table's open bill; with nothing open there, a 404 `no_bill` whose body names `lastBill` (or null). */
    ofTable: (table: number, signal?: AbortSignal) => http.get<Bill>(`/staff/tables/${table}/bill`, { signal }),
    /** A bill by its id, open or paid (the last bill paid at a table, to read again). */
    one: (id: number, signal?: AbortSignal) => http.get<Bill>(`/staff/bills/${id}`, { signal }),
    /** The party and its bill to `toTable` (they moved): the bill as it is there. */
    move: (bill: Bill, toTable: number) => http.post<Bill>(`/staff/bills/${bill.id}/move`, { version: bill.version, toTable }),
    /** An open bill owing nothing, closed (the table freed). */
    close: (bill: Bill) => http.post<Bill>(`/staff/bills/${bill.id}/close`, { version: bill.version }),
    /** A paid bill open again, with why (the Admin's). */
    reopen: (bill: Bill, reason: string) => http.post<Bill>(`/staff/bills/${bill.id}/reopen`, { version: bill.version, reason }),
    /** Money given back on a paid bill, with why and how (the Admin's). */
    refund: (bill: Bill, refund: { amountCents: number; reason: string; method: PaymentMethod }) => http.post<Bill>(`/staff/bills/${bill.id}/refunds`, { version: bill.version, ...refund }),
    /** The bill with what remains split evenly in `ways` shares. */
    split: (bill: Bill, ways: number, signal?: AbortSignal) => http.get<Bill & { shares: number[] }>(`/staff/bills/${bill.id}?ways=${ways}`, { signal }),
    /** Each guest's share, from how many of each line each had (not written: each share is then paid). */
    splitByLines: (bill: Bill, lines: number[][]) => http.post<{ shares: number[]; bill: Bill }>(`/staff/bills/${bill.id}/split-by-lines`, { version: bill.version, lines }),
    discount: (bill: Bill, amountCents: number, reason: string) => http.post<Bill>(`/staff/bills/${bill.id}/discounts`, { version: bill.version, amountCents, reason }),
    /** `other`'s orders, payments and discounts onto `bill` (a party spread over two tables). */
    join: (bill: Bill, other: Bill) => http.post<Bill>(`/staff/bills/${bill.id}/join`, { version: bill.version, other: other.id, otherVersion: other.version }),
    /** `quantity` of the line `line` (its key) to `toTable`'s bill: both bills as they are then. */
    moveLine: (bill: Bill, line: string, quantity: number, toTable: number) => http.post<{ bill: Bill; to: Bill }>(`/staff/bills/${bill.id}/line-moves`, { version: bill.version, line, quantity, toTable }),
    removeLine: (bill: Bill, line: string, quantity: number, reason: string) => http.post<Bill>(`/staff/bills/${bill.id}/line-removals`, { version: bill.version, line, quantity, reason }),
    /** The pre-bill to `email` through the outbox, in `lang`. */
    email: (bill: Bill, email: string, lang: 'en' | 'it') => http.post<Bill>(`/staff/bills/${bill.id}/email`, { email, lang }),
    covers: (bill: Bill, covers: number) => http.patch<Bill>(`/staff/bills/${bill.id}`, { version: bill.version, covers }),
    /** `key` stays the same for every try of one payment: a retry after a lost answer is not taken twice. */
    pay: (bill: Bill, payment: NewPayment, key: string) => http.post<{ bill: Bill; payment: Payment }>(`/staff/bills/${bill.id}/payments`, { version: bill.version, ...payment }, { headers: { 'Idempotency-Key': key } }),
  };
}

export type BillsApi = ReturnType<typeof createBillsApi>;

/**
 * A table's bill as the API sends it, and the arithmetic of money on it: every amount is
 * in integer cents, every price includes its VAT (as menus in Italy show them). One
 * definition, read by the server (which computes and enforces it) and by the pages.
 */

/** A bill joined to another (a party spread over two tables) lives on in that one: `joinedInto`. */
export const BILL_STATUSES = ['open', 'paid', 'joined'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Food served at the table in Italy: 10 %, kept in hundredths of a percent. */
export const DEFAULT_VAT_BP = 1000;
/** The most ways a bill is split evenly. */
export const MOST_SHARES = 20;

export interface BillLine {
  /** Names the line in a move or a removal: the dish, its price, VAT rate and name as ordered. */
  key: string;
  dishId: number;
  /** As it was ordered. */
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  vatBp: number;
}

export interface Payment {
  id: number;
  amountCents: number;
  tipCents: number;
  method: PaymentMethod;
  /** What an `other` method is ("voucher"), or null. */
  methodName: string | null;
  /** Why money was given back: a refund has a negative amount and its reason. */
  reason: string | null;
  /** Cash handed over, and the change given back from it (null for a card). */
  tenderedCents: number | null;
  changeCents: number | null;
  takenBy: string;
  at: string;
}

export interface Bill {
  id: number;
  /** Null for a pickup order's bill. */
  table: number | null;
  /** The stay it belongs to, and its guest's name, when the table had one seated. */
  bookingId: number | null;
  guest: string | null;
  status: BillStatus;
  /** The bill it was joined to, once joined. */
  joinedInto: number | null;
  /** The bills joined to it: their tables and stays, which it is the bill of now. */
  joined: { id: number; table: number | null; bookingId: number | null }[];
  openedAt: string;
  closedAt: string | null;
  /** When a guest at the table asked for the bill (from its QR code's page), or null. */
  askedAt: string | null;
  /** The orders on it, by number. */
  orders: number[];
  /** The dishes, the same dish at the same price on one line, in the order first ordered; with the changes below. */
  lines: BillLine[];
  /** Lines moved here or away (the guests moved) and taken off (with why), oldest first. */
  changes: BillLineChange[];
  /** Guests the cover charge counts (null: not known yet), the charge per guest, and their product. */
  covers: number | null;
  coverCents: number;
  coverTotalCents: number;
  /** Amounts taken off, each with why and who. */
  discounts: { id: number; amountCents: number; reason: string; by: string; at: string }[];
  discountCents: number;
  /** The lines and the cover charge, less the discounts. */
  totalCents: number;
  /** The VAT inside the total, by rate, highest rate first. */
  vat: { rateBp: number; grossCents: number; vatCents: number }[];
  paidCents: number;
  tipsCents: number;
  remainingCents: number;
  payments: Payment[];
  version: number;
}

/** A bill's line changed by hand: `quantity` is less (negative) or more (a move arriving). */
export interface BillLineChange {
  id: number;
  kind: 'moved' | 'removed';
  name: string;
  quantity: number;
  unitCents: number;
  /** The bill it went to or came from, and its table (a move). */
  otherBill: number | null;
  otherTable: number | null;
  /** Why it was taken off (a removal). */
  reason: string | null;
  /** The kitchen had started it when it was taken off (the Admin's, then). */
  started: boolean;
  by: string;
  at: string;
}

/** The key of a bill's line: the same dish at the same price, rate and name is one line. */
export const lineKey = (line: { dishId: number; unitCents: number; vatBp: number; name: string }) => `${line.dishId}:${line.unitCents}:${line.vatBp}:${line.name}`;
/** The line's name as ordered (in English, whatever language the bill was read in): what its key ends with. */
export const orderedName = (key: string) => key.split(':').slice(3).join(':');

/** A day's money as the Admin closes it (`/admin/close`): what was taken, how, and what is still open. */
export interface DayClose {
  /** The restaurant's date, and the instants its day runs from and to. */
  date: string;
  from: string;
  to: string;
  /**
   * Payments taken that day, by method (a refund would count against its method): card, cash,
   * then each other method by its name (`methodName`, trimmed; the same name in any letter case
   * is one row, named as first written), the unnamed last; null for card and cash.
   */
  methods: { method: PaymentMethod; methodName: string | null; count: number; amountCents: number; tipsCents: number }[];
  takenCents: number;
  tipsCents: number;
  /** Bills paid in full that day, their guests, and what they came to per guest (null with no guest counted). */
  bills: number;
  covers: number;
  averagePerCoverCents: number | null;
  /** The VAT inside the bills paid that day, by rate. */
  vat: Bill['vat'];
  /** Discounts given that day: on which bill, how much, why and who. */
  discounts: { billId: number; table: number | null; amountCents: number; reason: string; by: string; at: string }[];
  /** Lines taken off bills that day: which, how many, what they came to, why and who. */
  removed: { billId: number; table: number | null; name: string; quantity: number; amountCents: number; started: boolean; reason: string; by: string; at: string }[];
  /** Money given back that day (a negative sum), with why. */
  refunds: { billId: number; table: number | null; amountCents: number; reason: string; by: string; at: string }[];
  /** Bills not paid yet (any day), to settle or carry. */
  openBills: { id: number; table: number | null; openedAt: string; totalCents: number; remainingCents: number }[];
  /** Cash the drawer should hold: the cash payments and their tips. */
  expectedCashCents: number;
  /** Once the Admin has closed the day: the cash counted, what was expected, the difference, who and when. */
  closed: { countedCashCents: number; expectedCashCents: number; differenceCents: number; by: string; at: string } | null;
}

/** A table's bill as its guests read it (the table's QR code): what they owe, without who took what. */
export type GuestBill = Pick<Bill, 'table' | 'status' | 'closedAt' | 'askedAt' | 'lines' | 'covers' | 'coverCents' | 'coverTotalCents' | 'discountCents' | 'totalCents' | 'vat' | 'paidCents' | 'tipsCents' | 'remainingCents'>;

/**
 * `totalCents` in `ways` shares that add up to it exactly and differ by a cent at most, the
 * larger ones first: €100.00 in 3 is 33.34 + 33.33 + 33.33.
 */
export function splitEvenly(totalCents: number, ways: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`splitEvenly: ${totalCents} is not a whole number of cents`);
  if (!Number.isInteger(ways) || ways < 1) throw new RangeError(`splitEvenly: ${ways} is not a number of shares`);
  const base = Math.floor(totalCents / ways);
  const extra = totalCents - base * ways;
  return Array.from({ length: ways }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * `totalCents` shared out in proportion to `weights` (whole numbers, not all 0), to the cent
 * and adding up exactly: each gets its share rounded down, and the cents left over go to
 * those whose shares were cut the most (the earlier first on a tie). A bottle shared by two
 * is [1, 1]; a line of three dishes split 1 + 2 is [1, 2].
 */
export function shareOut(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!weights.every((weight) => Number.isInteger(weight) && weight >= 0) || sum === 0) throw new RangeError(`shareOut: ${weights} are not whole weights, some above 0`);
  const exact = weights.map((weight) => (totalCents * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => [value - shares[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/**
 * A bill split by what each guest had: `lines[i]` weighs `bill.lines[i]` among the guests
 * (each a whole number; a line nobody had is refused by the caller), the cover charge split
 * evenly. That gives each guest what they had; what remains of the bill (after its discounts,
 * refunds and the payments already taken) is then shared out in proportion to it, so the
 * shares add up to `remainingCents` exactly: a discount or a payment lightens every guest alike.
 */
export function splitByLines(bill: { lines: readonly Pick<BillLine, 'totalCents'>[]; coverTotalCents: number; remainingCents: number }, lines: readonly (readonly number[])[]): number[] {
  const guests = lines[0]?.length ?? 0;
  const had = splitEvenly(bill.coverTotalCents, Math.max(guests, 1)).slice(0, guests);
  bill.lines.forEach((line, i) => {
    for (const [guest, cents] of shareOut(line.totalCents, lines[i]!).entries()) had[guest]! += cents;
  });
  const remaining = Math.max(bill.remainingCents, 0);
  return had.some((cents) => cents > 0) ? shareOut(remaining, had) : splitEvenly(remaining, Math.max(guests, 1)).slice(0, guests);
}

/** The VAT inside a price that includes it at `rateBp` hundredths of a percent, to the nearest cent (half up). */
export const vatInside = (grossCents: number, rateBp: number): number => Math.round((grossCents * rateBp) / (10_000 + rateBp));

/**
 * The lines' and the cover charge's VAT by rate, highest rate first; the cover charge is taxed
 * as food. A discount comes off each rate in proportion to what it holds (to the cent). A rate
 * whose lines come to nothing (their dishes all moved away or taken off) is not listed: the
 * paid bills' VAT kept for the day's close (db/paid-bill-vat.ts, summed by rate from the
 * orders and the changes) then says what the bill said.
 */
export function vatByRate(lines: readonly Pick<BillLine, 'vatBp' | 'totalCents'>[], coverTotalCents: number, discountCents = 0): Bill['vat'] {
  const gross = new Map<number, number>();
  for (const line of lines) gross.set(line.vatBp, (gross.get(line.vatBp) ?? 0) + line.totalCents);
  if (coverTotalCents) gross.set(DEFAULT_VAT_BP, (gross.get(DEFAULT_VAT_BP) ?? 0) + coverTotalCents);
  const rates = [...gross].filter(([, cents]) => cents !== 0).sort(([a], [b]) => b - a);
  const off = discountCents > 0 && rates.some(([, cents]) => cents > 0) ? shareOut(discountCents, rates.map(([, cents]) => cents)) : rates.map(() => 0);
  return rates.map(([rateBp, cents], i) => {
    const grossCents = cents - off[i]!;
    return { rateBp, grossCents, vatCents: vatInside(grossCents, rateBp) };
  });
}

/**
 * A table as the Tables page and the bill's page read it now (GET /staff/tables/now): the
 * party there and its open bill (db/table-now.ts, the one answer every screen asks), or, with
 * nothing there, the last bill paid at it.
 */
export interface TableNow {
  number: number;
  seats: number;
  /** The party at the table now, or null. `partyKnown` false: nobody has said how many they are. */
  stay: { id: number; name: string; party: number; partyKnown: boolean; openedByOrder: boolean; seatedAt: string | null; endsAt: string } | null;
  /** Its open bill, or null: what it owes, the guests its cover charge counts (null: not known) and the charge per guest. */
  bill: { id: number; version: number; totalCents: number; remainingCents: number; covers: number | null; coverCents: number; askedAt: string | null; orders: number; held: number[] } | null;
  /** With nothing open there: the last bill paid at the table (its page reprints it, refunds it, reopens it), or null. */
  lastBill: { id: number; closedAt: string; totalCents: number } | null;
}

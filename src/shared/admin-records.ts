import type { Place, TableShape } from './floor-plan.js';
import type { Allergen } from './allergens.js';
import type { Covers } from './booking-records.js';

/**
 * The owner's records as the API sends them: the menu as the editor sees it, the activity
 * list, staff accounts, tables and the day's numbers. One definition, read by the server
 * (which builds them) and by the admin pages (which show and edit them).
 */

export interface AdminCategory {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** In Italian; null while not translated (Italian pages then show the English, marked). */
  nameIt: string | null;
  descriptionIt: string | null;
  /** True when the English changed after the Italian was written: the owner is asked to review the Italian. */
  italianToReview: boolean;
  position: number;
  version: number;
  /** Dishes on the menu (archived ones not counted). */
  dishCount: number;
  /** The station that cooks its dishes (see GET /board-settings for their names). */
  station: number;
  /** Its dishes' VAT rate, in hundredths of a percent (1000: 10 %), copied onto each dish ordered. */
  vatBp: number;
  /** The course of its dishes (courses.ts). */
  course: number;
}

export interface AdminDish {
  id: number;
  name: string;
  description: string;
  /** In Italian; null while not translated (Italian pages then show the English, marked). */
  nameIt: string | null;
  descriptionIt: string | null;
  /** True when the English changed after the Italian was written: the owner is asked to review the Italian. */
  italianToReview: boolean;
  priceCents: number;
  categoryId: number;
  tags: string[];
  /** What it contains; null while not filled in (the menu says to ask the staff). */
  allergens: Allergen[] | null;
  /** What it may contain traces of. */
  traces: Allergen[];
  featured: boolean;
  available: boolean;
  archived: boolean;
  image: string;
  /** True when `image` is an uploaded picture, false for a drawn one. */
  uploaded: boolean;
  version: number;
}

/** What an editor sets on a dish (the rest the server keeps). */
export type DishFields = Omit<AdminDish, 'id' | 'image' | 'uploaded' | 'version' | 'italianToReview'>;

/** A change to a dish: its fields, and `italianReviewed` to say its Italian still holds after the English changed. */
export type DishChange = Partial<DishFields> & { italianReviewed?: boolean };

export interface ActivityEntry {
  id: number;
  at: string;
  /** A person (a user's id), or a paired display (its id; its name is "Display: Pass"). */
  by: { id: number; name: string; kind: 'person' | 'display' };
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** The roles an account can hold; the API's `Role` schema is made from this list. */
export const ROLES = ['Admin', 'Waiter', 'Kitchen', 'Student'] as const;
export type Role = (typeof ROLES)[number];

export interface StaffMember {
  id: number;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  /** False while an invited account has not set its password yet (or after a reset). */
  hasPassword: boolean;
  lastSignIn: string | null;
  version: number;
}

/** What an Admin hands over: the link's address on this site, once, and when it stops working. */
export interface PasswordLink {
  path: string;
  expiresAt: string;
}

export interface DiningTable {
  number: number;
  label: string;
  seats: number;
  active: boolean;
  /** The secret its QR code carries. Only the Admin's answers hold it. */
  code: string;
  /** The tables it may be pushed together with for a larger party, by number. */
  joinsWith: number[];
  /** Its place on the floor plan (a column and a row), or null until the owner places it. */
  plan: Place | null;
  shape: TableShape;
  version: number;
}

/** One day's numbers, in the restaurant's time zone. */
export interface DayFigures {
  date: string;
  /** The day's first and last instant + 1 ms, ISO 8601. */
  from: string;
  to: string;
  placed: number;
  served: number;
  cancelled: number;
  /** The served orders' totals. */
  takingsCents: number;
  /** The money taken that day: its payments (refunds negative). */
  takenCents: number;
  /** Takings over served orders, rounded to the cent; null with none served. */
  averageTicketCents: number | null;
  /** Orders placed in each hour of the day, by the wall clock (`hour` "02" twice on a day the clocks go back). */
  perHour: { hour: string; orders: number }[];
  /** The dishes ordered most (cancelled orders left out), at most ten, named as the menu names them now. */
  topDishes: { dishId: number; name: string; quantity: number }[];
  /** Median minutes, rounded to one decimal; null with no such order. */
  medianMinutes: { receivedToReady: number | null; readyToServed: number | null };
  covers: Covers;
}

/** A day's numbers beside the same weekday a week before. */
export interface DayWithWeekBefore extends DayFigures {
  timeZone: string;
  weekBefore: DayFigures;
}

/** A guest's e-mail in the outbox, as GET /admin/messages answers it. */
export interface OutboxMessage {
  id: number;
  kind: string;
  bookingId: number | null;
  to: { name: string; address: string };
  subject: string;
  /** The plain-text part, as the guest reads it. */
  text: string;
  state: 'waiting' | 'sending' | 'sent' | 'failed';
  /** In words: "Sent 27 Nov, 19:02", "Not sent: no mail server set (SMTP_URL)"… */
  stateText: string;
  tries: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextTryAt: string | null;
  version: number;
}

/**
 * Today at a glance (`GET /admin/overview`), at `at`: the figures the owner's overview shows,
 * each of which links to its page.
 */
export interface Overview {
  /** The restaurant's date and the instant the figures are of. */
  date: string;
  at: string;
  /** The restaurant's, for the times on its wall clock. */
  timeZone: string;
  covers: Covers;
  /** Orders not yet served or cancelled, by state (any day's). */
  openOrders: { received: number; preparing: number; ready: number };
  /** Served orders placed today until now, and on the same weekday a week before until the same time. */
  /** Served orders' totals (`cents`) and the money taken in payments (`takenCents`), each beside the same weekday a week before until the same time. */
  takings: { cents: number; weekBeforeCents: number; weekBeforeDate: string; takenCents: number; weekBeforeTakenCents: number };
  /** Dishes on the menu the kitchen has marked sold out (at most 20 named; `count` is all). */
  soldOut: { count: number; dishes: { id: number; name: string }[] };
  /** Paired screens: how many have their stream open now, and those that have gone quiet (paired, stream closed). */
  screens: { paired: number; online: number; quiet: { id: number; name: string; lastSeenAt: string | null }[] };
  /** Today's next bookings from now, confirmed and not yet arrived, by time (at most 5). */
  nextBookings: { id: number; time: string; party: number; name: string; table: number | null }[];
}

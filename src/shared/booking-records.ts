import type { Place, TableShape } from './floor-plan.js';
/**
 * Table bookings as the API sends them: the owner's rules, the free times of a day, a
 * booking as its guest sees it (through the private manage link) and as the staff do.
 * One definition, read by the server (which builds them) and by the pages.
 */

/** requested: waits for the staff to accept it (holds no table); confirmed: holds its table; the rest are over. */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'arrived', 'no_show', 'cancelled', 'declined'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The statuses that hold a table: two of them never overlap on one table (the database refuses it). */
export const HOLDING_STATUSES: readonly BookingStatus[] = ['confirmed', 'arrived'];

export interface BookingSettings {
  /** A free time every so many minutes from the start of each service. */
  intervalMinutes: number;
  /** How long a table is held; the last time of a service is this long before it closes. */
  stayMinutes: number;
  /** Online bookings at least this long ahead. */
  leadMinutes: number;
  /** Online bookings at most this many days ahead. */
  horizonDays: number;
  /** A guest may change or cancel online until this long before. */
  cancelCutoffMinutes: number;
  /** The largest party that books online (larger ones call). */
  largestParty: number;
  /** At most so many parties, and so many guests, start in one quarter hour (0: no limit). */
  pacingParties: number;
  pacingSeats: number;
  /** Online bookings are requests until the staff accept them. */
  needsApproval: boolean;
  /** A party not come this many minutes after its time is shown late. */
  lateMinutes: number;
  version: number;
}

export interface FreeTime {
  /** `HH:MM` in the restaurant's time zone, as the guest chose it. */
  time: string;
  /** The instant it starts. */
  startsAt: string;
}

/** Why a day has no free time for the party, or null when it has some. */
export type DayState = 'free' | 'full' | 'closed' | 'past' | 'too_far';

export interface DayAvailability {
  date: string;
  /** "Friday 4 December". */
  label: string;
  state: DayState;
  times: FreeTime[];
}

export interface Availability {
  party: number;
  timeZone: string;
  /** The day asked for, with every free time. */
  day: DayAvailability;
  /** The days around it (three before, three after, within the horizon), for "Fully booked on Friday; Saturday has 19:30 and 21:00". */
  around: DayAvailability[];
  /** That sentence, or null when the day asked for has free times. */
  note: string | null;
}

export interface GuestBooking {
  status: BookingStatus;
  party: number;
  date: string;
  time: string;
  /** "Friday 4 December at 19:30". */
  when: string;
  startsAt: string;
  endsAt: string;
  name: string;
  /** In international form (E.164, for a tel: link): "+393471234567". */
  phone: string;
  /** As people write it: "347 123 4567" in the restaurant's country, "+44 20 7946 0958" from another. */
  phoneText: string;
  email: string;
  note: string;
  /** Until when the guest may change or cancel it online (null once it is over). */
  changeableUntil: string | null;
  version: number;
}

export interface StaffBooking extends GuestBooking {
  id: number;
  /** Its table, or null while it holds none (requested, or over); the first of its tables when joined. */
  table: number | null;
  /** Every table it holds: one, or the tables joined for it (its `table` first); none while requested. */
  tables: number[];
  source: 'online' | 'staff';
  createdAt: string;
  /** True when its table is off the floor: it must be moved. */
  tableOffFloor: boolean;
  /** When the party sat down (marked arrived), and when it left: its table was freed then. */
  seatedAt: string | null;
  finishedAt: string | null;
  /** Seated at the door without a booking. */
  walkIn: boolean;
  /** When a guest at its table asked for the bill (from the table's QR code), while its bill is open; else null. */
  billAskedAt: string | null;
  /** When the stay's bill was paid in full (its own, or the one it was joined to); else null. */
  billPaidAt: string | null;
  /** What the seated party's open bill owes now (its own, or the one it was joined to); null with no bill open. */
  billOpenCents: number | null;
  /** False while nobody has said how many they are (a stay an order opened): `party` counts 1 then. */
  partyKnown: boolean;
  /** Guests who sat down and ordered with nobody seating them: the table is theirs from that order. */
  openedByOrder: boolean;
}

/** A table on the floor, as the host stand draws it. */
export interface FloorTable {
  number: number;
  seats: number;
  /** The tables on the floor it may be joined to (the owner's pairs). */
  joinsWith: number[];
  /** Its place on the floor plan, or null until the owner places it (shared/floor-plan.ts places it then). */
  plan: Place | null;
  shape: TableShape;
}

/** Tables the owner lets the host push together, and the seats they make. */
export interface TableJoin {
  tables: number[];
  seats: number;
}

/** A service of the day: when the doors open and close. */
export interface Service {
  startsAt: string;
  endsAt: string;
}

/** A day of bookings as the staff and the host stand read it. */
export interface DayOfBookings {
  date: string;
  /** "Friday 4 December". */
  label: string;
  /** Every booking of the day (any status), by time. */
  bookings: StaffBooking[];
  covers: Covers;
  /** The tables on the floor, by number. */
  tables: FloorTable[];
  /** Every join of them the owner allows (two to four tables), fewest seats first. */
  joins: TableJoin[];
  /** The day's services, in order (none on a day the restaurant is closed). */
  services: Service[];
  /** The owner's threshold: a party not come this many minutes after its time is late. */
  lateMinutes: number;
  /** A booking's time is on this step from the start of a service. */
  intervalMinutes: number;
  /** The restaurant's, for the times on the wall clock. */
  timeZone: string;
  /** The server's clock when it answered: a screen measures late and draws the time line on it. */
  now: string;
}

/** How many minutes late a booked party is at `now` (past the owner's threshold), or 0 when it is not late. */
export function minutesLate(booking: Pick<StaffBooking, 'status' | 'startsAt'>, lateMinutes: number, now: number): number {
  if (booking.status !== 'confirmed') return 0;
  const late = Math.floor((now - Date.parse(booking.startsAt)) / 60_000);
  return late >= lateMinutes ? late : 0;
}

/**
 * A day's guests, as a host counts them: those of bookings (confirmed, arrived or no-show),
 * those of them who came, those who did not, and the walk-ins seated at the door (never booked).
 */
export interface Covers {
  booked: number;
  arrived: number;
  noShow: number;
  walkIns: number;
}

/** waiting: in the queue; notified: told its table is ready; seated: its stay began (`bookingId`); left: gone without a table. */
export type WaitlistStatus = 'waiting' | 'notified' | 'seated' | 'left';

/** A party waiting at the door, as the host stand reads it. */
export interface WaitlistEntry {
  id: number;
  party: number;
  name: string;
  /** International form, and as people in the restaurant's country write it; '' when none was given. */
  phone: string;
  phoneText: string;
  email: string;
  note: string;
  status: WaitlistStatus;
  addedAt: string;
  /** The wait it was quoted when added, in minutes (null: no table that seats it freed this evening). */
  quotedMinutes: number | null;
  /** When a table should be free for it, from the timeline now and the parties ahead of it (null once seated or gone, or when none frees this evening). */
  expectedAt: string | null;
  notifiedAt: string | null;
  /** When it was seated or left. */
  doneAt: string | null;
  /** The stay it became, once seated. */
  bookingId: number | null;
  version: number;
}

/** Today's waitlist, in order of arrival, and how the quotes have held (parties seated from it today). */
export interface Waitlist {
  date: string;
  entries: WaitlistEntry[];
  accuracy: { seated: number; quotedMinutes: number | null; waitedMinutes: number | null };
}

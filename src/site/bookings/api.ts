// The bookings' calls (fetched with the bookings pages). A guest's go without a token (a
// booking is not a person's session): the manage link's secret goes in its own header,
// never in an address a server would log. The staff's go with the person's access token,
// a host stand's with its display credential.
import { createHttp, type Http, type RequestOptions } from '../../core/http.js';
import type { Availability, DayOfBookings, GuestBooking, StaffBooking, Waitlist, WaitlistEntry } from '../../shared/booking-records.js';
import { API_BASE } from '../common/api.js';
import { t } from '../../core/words.js';

export interface BookingRules {
  largestParty: number;
  /** The most seats one party can have: the largest table, or the largest join the owner allows. */
  largestTable: number;
  /** The restaurant's number, as people read it, and to call (tel:). */
  phone: string;
  phoneLink: string;
  firstDate: string;
  lastDate: string;
  intervalMinutes: number;
  stayMinutes: number;
  needsApproval: boolean;
  timeZone: string;
}

export interface GuestDetails {
  party: number;
  date: string;
  time: string;
  name: string;
  phone: string;
  email?: string;
  note?: string;
  website?: string;
}

export type { DayOfBookings };

export interface StaffChange {
  status?: StaffBooking['status'];
  table?: number;
  /** Joined tables the owner allows, instead of `table`. */
  tables?: number[];
  party?: number;
  date?: string;
  time?: string;
  note?: string;
  /** true: the seated party has left, its table is free from now; false: undo that. */
  finished?: boolean;
  /** Marked arrived where guests sat down and ordered with nobody seating them: the party is those guests, and takes their stay and bill (after a 409 `table_taken` that says they may be). */
  sameGuests?: boolean;
}

/** A party seated at the door without a booking. */
export interface WalkIn {
  party: number;
  table?: number;
  /** Joined tables the owner allows, instead of `table`. */
  tables?: number[];
  minutes?: number;
  name?: string;
  /** The party is the guests who sat down and ordered at the table with nobody seating them: they take that stay and its bill (after a 409 `table_taken` that says they may be). */
  sameGuests?: boolean;
}

const keyed = (key: string, signal?: AbortSignal): RequestOptions => ({ signal, headers: { 'Booking-Key': key } });

export function createBookingsApi(staffHttp: Http, guestHttp: Http = createHttp({ base: API_BASE }), send: typeof fetch = (...args) => fetch(...args)) {
  return {
    rules: (signal?: AbortSignal) => guestHttp.get<BookingRules>('/bookings/rules', { signal }),
    times: (party: number, date: string, signal?: AbortSignal) => guestHttp.get<Availability>(`/bookings/times?party=${party}&date=${date}`, { signal }),
    book: (details: GuestDetails) => guestHttp.post<{ booking: GuestBooking; key: string }>('/bookings', details),
    mine: (key: string, signal?: AbortSignal) => guestHttp.get<GuestBooking>('/booking', keyed(key, signal)),
    change: (key: string, booking: GuestBooking, change: { party?: number; date?: string; time?: string }) => guestHttp.patch<GuestBooking>('/booking', { version: booking.version, ...change }, keyed(key)),
    cancel: (key: string, booking: GuestBooking) => guestHttp.post<GuestBooking>('/booking/cancel', { version: booking.version }, keyed(key)),
    /** The .ics file, as a Blob the page offers as a download. */
    async calendar(key: string): Promise<Blob> {
      const response = await send(`${API_BASE}/booking/calendar`, { headers: { 'Booking-Key': key } });
      if (!response.ok) throw new Error(t('The calendar file could not be made (HTTP {status}).', { status: response.status }));
      return response.blob();
    },
    day: (date: string | undefined, signal?: AbortSignal) => staffHttp.get<DayOfBookings>(`/staff/bookings${date ? `?date=${date}` : ''}`, { signal }),
    addForGuest: (fields: { party: number; date: string; time: string; name: string; phone?: string; email?: string; note?: string; table?: number; tables?: number[] }) => staffHttp.post<StaffBooking>('/staff/bookings', fields),
    offFloor: (signal?: AbortSignal) => staffHttp.get<{ bookings: StaffBooking[] }>('/admin/bookings/off-floor', { signal }).then((answer) => answer.bookings),
    changeForGuest: (booking: StaffBooking, change: StaffChange) => staffHttp.patch<StaffBooking>(`/staff/bookings/${booking.id}`, { version: booking.version, ...change }),
    walkIn: (fields: WalkIn) => staffHttp.post<StaffBooking>('/staff/bookings/walk-ins', fields),
    waitlist: (signal?: AbortSignal) => staffHttp.get<Waitlist>('/staff/waitlist', { signal }),
    addWaiting: (fields: { party: number; name: string; phone?: string; email?: string }) => staffHttp.post<WaitlistEntry>('/staff/waitlist', fields),
    changeWaiting: (entry: WaitlistEntry, status: 'waiting' | 'notified' | 'left') => staffHttp.patch<WaitlistEntry>(`/staff/waitlist/${entry.id}`, { version: entry.version, status }),
    seatWaiting: (entry: WaitlistEntry, where: { table?: number; tables?: number[] }) => staffHttp.post<{ entry: WaitlistEntry; booking: StaffBooking }>(`/staff/waitlist/${entry.id}/seat`, { version: entry.version, ...where }),
  };
}

export type BookingsApi = ReturnType<typeof createBookingsApi>;

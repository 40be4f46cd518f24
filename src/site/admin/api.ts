// The owner's calls (admin pages only, fetched with them): the menu as the editor sees it,
// changes that carry their version, a picture upload, the hours, the activity list, the
// staff accounts, the tables, the kitchen's displays and stations and late times.
import type { DayClose } from '../../shared/bills.js';
import type { Restaurant, RestaurantFields } from '../../shared/restaurant-records.js';
import type { Place, TableShape } from '../../shared/floor-plan.js';
import { failureOf, NETWORK_FAILED, RequestError, type Http } from '../../core/http.js';
import { API_BASE } from '../common/api.js';
import { againAfterSignIn, type SignInAgain } from '../common/sign-in-again.js';
import type { Passkey } from '../common/orders-api.js';
import type { ActivityEntry, OutboxMessage, AdminCategory, AdminDish, DayWithWeekBefore, DiningTable, DishChange, DishFields, Overview, PasswordLink, Role, StaffMember } from '../../shared/admin-records.js';
import type { BoardSettings, Display, DisplayKind, PairingCode, Station } from '../../shared/kitchen-records.js';
import type { BookingSettings } from '../../shared/booking-records.js';
import type { AdminChoiceGroup, ChoiceGroupFields } from '../../shared/choices.js';

export type { ActivityEntry, OutboxMessage, AdminCategory, AdminDish, BoardSettings, DayWithWeekBefore, DiningTable, Display, DisplayKind, DishFields, Overview, PairingCode, PasswordLink, Role, StaffMember, Station };

export type { AdminChoiceGroup, ChoiceGroupFields };

/** The groups of choices a dish lists, in its order, with the dish's version. */
export interface DishGroups {
  version: number;
  groups: number[];
}

export interface Service {
  opens: string;
  closes: string;
}

export interface AdminHours {
  timeZone: string;
  week: Record<string, Service[]>;
  closedDates: { date: string; note: string }[];
  version: number;
  summary: string;
  weekText: string;
}

export type AdminApi = ReturnType<typeof createAdminApi>;

export function createAdminApi(http: Http, token: () => string | undefined, again: SignInAgain = async () => false) {
  // The calls the JSON client does not make: a PUT of a file or a document, a DELETE; sent once more after signing in again.
  const send = <T>(method: 'PUT' | 'DELETE', path: string, body?: BodyInit, type?: string) => againAfterSignIn(() => sendOnce<T>(method, path, body, type), again);
  async function sendOnce<T>(method: 'PUT' | 'DELETE', path: string, body?: BodyInit, type?: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(API_BASE + path, { method, headers: { ...(type && { 'Content-Type': type }), Authorization: `Bearer ${token() ?? ''}` }, body });
    } catch {
      throw new RequestError(0, NETWORK_FAILED);
    }
    if (!response.ok) throw await failureOf(response);
    return (response.status === 204 ? undefined : response.json()) as Promise<T>;
  }
  /** A CSV download as a Blob, sent with the session's token. */
  async function csvOf(path: string): Promise<Blob> {
    let response: Response;
    try {
      response = await fetch(API_BASE + path, { headers: { Authorization: `Bearer ${token() ?? ''}` } });
    } catch {
      throw new RequestError(0, NETWORK_FAILED);
    }
    if (!response.ok) throw await failureOf(response);
    return response.blob();
  }
  const put = <T>(path: string, body: BodyInit, type: string) => send<T>('PUT', path, body, type);
  return {
    restaurant: (signal?: AbortSignal) => http.get<Restaurant>('/restaurant', { signal }),
    saveRestaurant: (version: number, fields: RestaurantFields) => put<Restaurant>('/admin/restaurant', JSON.stringify({ version, ...fields }), 'application/json'),
    categories: (signal?: AbortSignal) => http.get<{ categories: AdminCategory[] }>('/admin/categories', { signal }).then((body) => body.categories),
    /** Every category with all its dishes, in menu order: the editor's first draw in one request. */
    menu: (signal?: AbortSignal) => http.get<{ categories: (AdminCategory & { dishes: AdminDish[] })[] }>('/admin/menu', { signal }).then((body) => body.categories),
    dishesOf: (categoryId: number, signal?: AbortSignal) => http.get<{ dishes: AdminDish[] }>(`/admin/categories/${categoryId}/dishes?limit=200`, { signal }).then((body) => body.dishes),
    dish: (id: number, signal?: AbortSignal) => http.get<AdminDish>(`/admin/dishes/${id}`, { signal }),
    createDish: (fields: DishFields) => http.post<AdminDish>('/dishes', fields),
    updateDish: (id: number, version: number, changes: DishChange) => http.patch<AdminDish>(`/dishes/${id}`, { version, ...changes }),
    uploadPicture: (id: number, version: number, file: File) => put<AdminDish>(`/dishes/${id}/picture?version=${version}`, file, 'application/octet-stream'),
    createCategory: (name: string, description: string) => http.post<AdminCategory>('/categories', { name, description }),
    updateCategory: (category: AdminCategory, changes: { name?: string; description?: string; nameIt?: string | null; descriptionIt?: string | null; station?: number; vatBp?: number; italianReviewed?: true }) => http.patch<AdminCategory>(`/categories/${category.id}`, { version: category.version, ...changes }),
    moveCategory: (category: AdminCategory, direction: 'up' | 'down') => http.post<AdminCategory>(`/categories/${category.id}/move`, { version: category.version, direction }),
    /** Puts the category at `to` in menu order (0 first): a drag's move. */
    placeCategory: (category: AdminCategory, to: number) => http.post<AdminCategory>(`/categories/${category.id}/move`, { version: category.version, to }),
    /** Puts the dish at `to` among its category's dishes (0 first): a drag's move, or Up and Down. */
    placeDish: (dish: AdminDish, to: number) => http.post<AdminDish>(`/dishes/${dish.id}/move`, { version: dish.version, to }),
    /** Every group of choices, by id, with the dishes that list it. */
    choiceGroups: (signal?: AbortSignal) => http.get<{ groups: AdminChoiceGroup[] }>('/admin/choice-groups', { signal }).then((body) => body.groups),
    createChoiceGroup: (fields: ChoiceGroupFields) => http.post<AdminChoiceGroup>('/admin/choice-groups', fields),
    updateChoiceGroup: (id: number, version: number, fields: ChoiceGroupFields) => put<AdminChoiceGroup>(`/admin/choice-groups/${id}`, JSON.stringify({ version, ...fields }), 'application/json'),
    /** The groups a dish lists, in its order, and the dish's version (which a change of them moves on). */
    dishGroups: (id: number, signal?: AbortSignal) => http.get<DishGroups>(`/admin/dishes/${id}/choice-groups`, { signal }),
    setDishGroups: (id: number, version: number, groups: number[]) => put<DishGroups>(`/admin/dishes/${id}/choice-groups`, JSON.stringify({ version, groups }), 'application/json'),
    hours: (signal?: AbortSignal) => http.get<AdminHours>('/hours', { signal }),
    saveHours: (version: number, week: AdminHours['week'], closedDates: AdminHours['closedDates']) =>
      put<AdminHours>('/admin/hours', JSON.stringify({ version, week, closedDates }), 'application/json'),
    staff: (after?: number, signal?: AbortSignal) => http.get<{ staff: StaffMember[]; next: number | null }>(`/admin/staff?limit=25${after ? `&after=${after}` : ''}`, { signal }),
    staffMember: (id: number, signal?: AbortSignal) => http.get<StaffMember>(`/admin/staff/${id}`, { signal }),
    invite: (fields: { name: string; email: string; role: Role }) => http.post<{ staff: StaffMember; link: PasswordLink }>('/admin/staff', fields),
    updateStaff: (member: StaffMember, changes: { name?: string; role?: Role; active?: boolean }) => http.patch<StaffMember>(`/admin/staff/${member.id}`, { version: member.version, ...changes }),
    resetPassword: (member: StaffMember) => http.post<{ staff: StaffMember; link: PasswordLink }>(`/admin/staff/${member.id}/password-link`, { version: member.version }),
    /** A member's passkeys, oldest first. */
    memberPasskeys: (member: StaffMember, signal?: AbortSignal) => http.get<{ passkeys: Passkey[] }>(`/admin/staff/${member.id}/passkeys`, { signal }).then((found) => found.passkeys),
    removeMemberPasskey: (member: StaffMember, passkey: Passkey) => http.delete(`/admin/staff/${member.id}/passkeys/${passkey.id}`),
    tables: (signal?: AbortSignal) => http.get<{ tables: DiningTable[] }>('/admin/tables', { signal }).then((body) => body.tables),
    addTable: (fields: { number: number; label?: string; seats: number }) => http.post<DiningTable>('/admin/tables', fields),
    updateTable: (table: DiningTable, changes: { label?: string; seats?: number; active?: boolean; joinsWith?: number[]; plan?: Place | null; shape?: TableShape }) => http.patch<DiningTable>(`/admin/tables/${table.number}`, { version: table.version, ...changes }),
    renewCode: (table: DiningTable) => http.post<DiningTable>(`/admin/tables/${table.number}/code`, { version: table.version }),
    /** Today at a glance (the overview at /admin). */
    overview: (signal?: AbortSignal, quiet = false) => http.get<Overview>('/admin/overview', { signal, quiet }),
    dayClose: (date: string | undefined, signal?: AbortSignal) => http.get<DayClose>(`/admin/close${date ? `?date=${encodeURIComponent(date)}` : ''}`, { signal }),
    closeDay: (date: string, countedCashCents: number) => http.post<DayClose>('/admin/close', { date, countedCashCents }),
    reopenDay: (date: string) => http.post<DayClose>(`/admin/close/${date}/reopen`, {}),
    day: (date: string | undefined, signal?: AbortSignal, quiet = false) => http.get<DayWithWeekBefore>(`/admin/day${date ? `?date=${encodeURIComponent(date)}` : ''}`, { signal, quiet }),
    /** The day's orders as a CSV file (a download, so not through the JSON client). */
    dayCsv: (date: string) => csvOf(`/admin/day.csv?date=${encodeURIComponent(date)}`),
    /** The day's payments, the accountant's CSV (a download too). */
    paymentsCsv: (date: string) => csvOf(`/admin/close.csv?date=${encodeURIComponent(date)}`),
    displays: (signal?: AbortSignal) => http.get<{ displays: Display[] }>('/admin/displays?limit=200', { signal }).then((body) => body.displays),
    addDisplay: (fields: { name: string; kind: DisplayKind; station?: number; lang?: 'en' | 'it' }) => http.post<{ display: Display; pairing: PairingCode }>('/admin/displays', fields),
    updateDisplay: (display: Display, changes: { name?: string; kind?: DisplayKind; station?: number | null; lang?: 'en' | 'it' }) => http.patch<Display>(`/admin/displays/${display.id}`, { version: display.version, ...changes }),
    newPairingCode: (display: Display) => http.post<{ display: Display; pairing: PairingCode }>(`/admin/displays/${display.id}/pairing-code`, { version: display.version }),
    unpair: (display: Display) => http.post<Display>(`/admin/displays/${display.id}/unpair`, { version: display.version }),
    removeDisplay: (display: Display) => send<void>('DELETE', `/admin/displays/${display.id}?version=${display.version}`),
    boardSettings: (signal?: AbortSignal) => http.get<BoardSettings>('/board-settings', { signal }),
    largestTable: (signal?: AbortSignal) => http.get<{ largestTable: number }>('/bookings/rules', { signal }).then((rules) => rules.largestTable),
    bookingSettings: (signal?: AbortSignal) => http.get<BookingSettings>('/admin/booking-settings', { signal }),
    saveBookingSettings: (settings: BookingSettings) => put<BookingSettings>('/admin/booking-settings', JSON.stringify(settings), 'application/json'),
    saveLateTimes: (settings: BoardSettings, lateMinutes: number, veryLateMinutes: number) =>
      put<BoardSettings>('/admin/board-settings', JSON.stringify({ version: settings.version, lateMinutes, veryLateMinutes }), 'application/json'),
    addStation: (name: string, nameIt: string | null) => http.post<Station>('/admin/stations', { name, nameIt }),
    updateStation: (station: Station, changes: { name?: string; nameIt?: string | null; isDefault?: true; italianReviewed?: true }) => http.patch<Station>(`/admin/stations/${station.id}`, { version: station.version, ...changes }),
    removeStation: (station: Station) => send<void>('DELETE', `/admin/stations/${station.id}?version=${station.version}`),
    messages: (state: OutboxMessage['state'] | '', before?: number, signal?: AbortSignal) =>
      http.get<{ messages: OutboxMessage[]; mailServer: boolean; next: number | null }>(`/admin/messages?${new URLSearchParams({ ...(state && { state }), ...(before && { before: String(before) }) })}`, { signal }),
    sendAgain: (message: OutboxMessage) => http.post<OutboxMessage>(`/admin/messages/${message.id}/send-again`, { version: message.version }),
    activity: (before?: number, signal?: AbortSignal) =>
      http.get<{ entries: ActivityEntry[]; next: number | null }>(`/admin/activity?limit=25${before ? `&before=${before}` : ''}`, { signal }),
  };
}

// The calls of the pages fetched after the first one (later.ts): an order, placing one, the
// cart's dishes as they are now, the profile, and sign-in (with a password, or with a
// one-time link), and changing one's own password. The kitchen's calls come with its
// screens (kitchen-api.ts).
// They come with those pages, so a diner reading the menu never loads them.
import { RequestError, type Http } from '../../core/http.js';
import type { GuestBill } from '../../shared/bills.js';
import type { Order } from '../../shared/order-states.js';
import type { Restaurant } from '../../shared/restaurant-records.js';
import type { Dish, Hours, NewOrder, Profile } from './api.js';
import { parseStaffUser, type StaffUser } from './user.js';
import { t } from '../../core/words.js';

export type OrdersApi = ReturnType<typeof createOrdersApi>;

/** A passkey of a staff member, as the API lists it. */
export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function createOrdersApi(http: Http) {
  // A new access token, and the user (with the role) it belongs to, from the me call.
  async function withUser({ accessToken }: { accessToken: string }): Promise<{ token: string; user: StaffUser }> {
    const user = parseStaffUser(await http.get('/auth/me', { token: accessToken }));
    if (!user) throw new Error(t('The server answered with a user we could not read.'));
    return { token: accessToken, user };
  }

  return {
    /** The dishes with these ids as the menu has them now; one that is no longer on it is left out. */
    currentDishes: (ids: readonly number[]) =>
      Promise.all(ids.map((id) => http.get<Dish>(`/dishes/${id}`).catch((error: unknown) => (error instanceof RequestError && error.status === 404 ? null : Promise.reject(error))))).then((found) =>
        found.filter((dish): dish is Dish => dish !== null),
      ),
    /** The opening hours as they are this minute (not the visit's kept copy): the cart checks them before the form. */
    hoursNow: () => http.get<Hours>('/hours'),
    /** Who runs the restaurant as the Admin set it this minute (not the visit's kept copy): the imprint and the privacy notice show it. */
    restaurantNow: (signal?: AbortSignal) => http.get<Restaurant>('/restaurant', { signal }),
    profile: (signal?: AbortSignal) => http.get<Profile>('/profile', { signal }),
    setLanguage: (lang: 'en' | 'it') => http.post<{ lang: string }>('/profile/language', { lang }),
    order: (id: string, signal?: AbortSignal) => http.get<Order>(`/orders/${encodeURIComponent(id)}`, { signal }),
    /** Places an order; the same `key` again answers the same order instead of a second one. */
    placeOrder: (order: NewOrder, key: string) => http.post<Order>('/orders', order, { headers: { 'Idempotency-Key': key } }),
    /** Signs in: the tokens from login, then the user (and the role) from the me call. */
    signIn: (email: string, password: string) => http.post<{ accessToken: string }>('/auth/login', { email, password }).then(withUser),
    /** The table a scanned code belongs to; 404 when the code does not work (any more). */
    tableOfCode: (code: string) => http.get<{ number: number; label: string }>(`/table-codes/${encodeURIComponent(code)}`),
    /** The visit's table's bill, by the code of its QR code; and asking for it. */
    tableBill: (code: string, signal?: AbortSignal) => http.get<GuestBill>(`/table-codes/${encodeURIComponent(code)}/bill`, { signal }),
    askForBill: (code: string) => http.post<GuestBill>(`/table-codes/${encodeURIComponent(code)}/bill/ask`, undefined),
    /** Who a one-time link (the part after `#`) is for; 404 or 410 when it does not work. */
    linkOwner: (token: string) => http.post<{ name: string; email: string }>('/auth/password-link', { token }),
    /** Sets the password with a one-time link and signs in, as signIn does. */
    setPassword: (token: string, password: string) => http.post<{ accessToken: string }>('/auth/set-password', { token, password }).then(withUser),
    /** My own new password; the other sign-ins of my account end. */
    changePassword: (currentPassword: string, newPassword: string) => http.post<{ message: string }>('/profile/password', { currentPassword, newPassword }),
    /** Signs in with a passkey: `answer` turns the server's options into the browser's answer (passkeys.ts). */
    passkeySignIn: async (answer: (options: unknown) => Promise<unknown>) => withUser(await http.post<{ accessToken: string }>('/auth/passkey-login', await answer(await http.post('/auth/passkey-login/options', {})))),
    /** Adds a passkey to my account: `answer` makes it in the browser from the server's options. */
    addPasskey: async (answer: (options: unknown) => Promise<unknown>) => http.post<Passkey>('/auth/passkeys', await answer(await http.post('/auth/passkeys/options', {}))),
    /** My passkeys, oldest first. */
    passkeys: (signal?: AbortSignal) => http.get<{ passkeys: Passkey[] }>('/auth/passkeys', { signal }).then((found) => found.passkeys),
    /** Removes one of my passkeys: it signs in no more. */
    removePasskey: (passkey: Passkey) => http.delete(`/auth/passkeys/${passkey.id}`),
  };
}

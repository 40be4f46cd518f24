import { isRecord } from '../core/stored.js';
import type { Session } from '../core/session.js';

/** The roles the API gives; the role always comes from `/auth/me`, never from a form. */
export type Role = 'Admin' | 'Waiter' | 'Kitchen' | 'Student';

/** Who may open the order queue (the API enforces the same: Waiter and Kitchen). */
export const QUEUE_ROLES = ['kitchen', 'waiter'];

/** Where each role works, and lands after signing in without a page to go back to: Kitchen at its board, a Waiter at the host view, the Admin in the back office. */
const WORKPLACES: Record<string, string> = { Kitchen: '/kitchen', Waiter: '/bookings', Admin: '/admin' };

export const workplaceOf = (user: StaffUser): string | undefined => WORKPLACES[user.role];

/** What `/auth/me` answers and what the session keeps of it. */
export interface StaffUser {
  id: number;
  name: string;
  email: string;
  role: Role | string;
}

export type StaffSession = Session<StaffUser>;

/** Keeps the known fields of a stored or fetched user; undefined when it does not fit. */
export function parseStaffUser(json: unknown): StaffUser | undefined {
  if (!isRecord(json)) return undefined;
  const { id, name, email, role } = json;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof email !== 'string' || typeof role !== 'string') return undefined;
  return { id, name, email, role };
}

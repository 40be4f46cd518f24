import { isRecord } from '../../core/stored.js';
import type { Session } from '../../core/session.js';

/** The roles the API gives; the role always comes from `/auth/me`, never from a form. */
export type Role = 'Admin' | 'Waiter' | 'Kitchen' | 'Student';

/** Who may open the order queue (the API enforces the same: Waiter and Kitchen). */
export const QUEUE_ROLES = ['kitchen', 'waiter'];

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

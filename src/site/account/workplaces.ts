// Where each role works, and lands after signing in without a page to go back to: Kitchen
// at its board, a Waiter at the bookings (the host view), the Admin in the back office. A
// file of its own: only the sign-in pages, which come later, need it.
import type { StaffUser } from '../common/user.js';

const WORKPLACES: Record<string, string> = { Kitchen: '/kitchen', Waiter: '/bookings', Admin: '/admin' };

export const workplaceOf = (user: StaffUser): string | undefined => WORKPLACES[user.role];

// Who calls the kitchen's and the host stand's endpoints: a person signed in (Kitchen,
// Waiter, and the Admin for the owner's writes), or a paired display. Both send `Authorization: Bearer <…>`: an
// access token (a JWT, 2 minutes, bearer.ts), or a display credential (`tvd_…`, kept by
// the device until the owner unpairs it). A display credential opens the board, its
// stream, the moves its kind may make and the Sold out panel (a host stand: the bookings
// of three days and their stream), nothing else: every other
// endpoint refuses it (bearer.ts). A credential that no display holds (never paired,
// unpaired, or made up) is a 401 the screen shows: "This screen was unpaired. Ask the
// owner for a new code."
import type { Context, MiddlewareHandler } from 'hono';
import { isDisplayCredential } from '../auth/index.js';
import type { Tokens } from '../auth/index.js';
import type { Who } from '../activity/index.js';
import { displayByCredential, markSeen } from './store.js';
import type { Db, DisplayRow, UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { moverOfDisplay, type DisplayKind } from '../../shared/order-states.js';
import { bearerCredentials, userOf } from '../auth/index.js';
import { t } from '../http/language.js';

export type Caller = { kind: 'person'; user: UserRow; expiresAt: number } | { kind: 'display'; display: DisplayRow };

export type CallerEnv = { Variables: { caller: Caller } };

export const UNPAIRED = 'This screen was unpaired. Ask the owner for a new code.';

/** How often a display's "last seen" is written, at most: a board asks for little, but a write per request would still be a write per request. */
const SEEN_EVERY_MS = 30_000;

/** The name a change is recorded under: the person's, or "Display: Pass". */
export const whoOf = (caller: Caller): Who =>
  caller.kind === 'person' ? { id: caller.user.id, name: caller.user.name } : { id: caller.display.id, name: `Display: ${caller.display.name}`, display: true };

/** The name MOVES knows the caller by: a person's role, or `Pass` / `Station`. */
export const moverOf = (caller: Caller): string => (caller.kind === 'person' ? caller.user.role : moverOfDisplay(caller.display.kind as DisplayKind));

export interface CallerOptions {
  tokens: Tokens;
  db: Db;
  clock: () => number;
}

/** Reads the caller: a person (as requireUser does) or a paired display; 401 without either. `seen` remembers when each display's visit was last written. */
export function callerOf({ tokens, db, clock }: CallerOptions) {
  const seen = new Map<number, number>();
  return async (c: Context): Promise<Caller | null> => {
    // Anything behind `tvd_` is taken for a display credential: one no display holds is a 401, however it is spelled.
    const token = bearerCredentials(c.req.header('Authorization'));
    if (token === undefined || !isDisplayCredential(token)) {
      const person = await userOf(c, tokens, db);
      return person && { kind: 'person', user: person.user, expiresAt: person.expiresAt };
    }
    const display = await displayByCredential(db, token);
    if (!display) throw new ApiError(401, 'display_unpaired', UNPAIRED, { headers: { 'WWW-Authenticate': 'Bearer realm="tavola", error="invalid_token"' } });
    const now = clock();
    if (now - (seen.get(display.id) ?? 0) >= SEEN_EVERY_MS) {
      seen.set(display.id, now);
      await markSeen(db, [display.id], now);
    }
    return { kind: 'display', display };
  };
}

/**
 * Lets in a person with one of `roles` or a display `displays` allows (by its kind), with
 * `c.var.caller` set; 401 for nobody, 403 for anyone else with `message` (which may depend on who it is).
 */
export function requireCaller(
  read: ReturnType<typeof callerOf>,
  roles: readonly string[],
  displays: (display: DisplayRow) => boolean,
  message: string | ((caller: Caller) => string),
): MiddlewareHandler<CallerEnv> {
  return async (c, next) => {
    const caller = await read(c);
    if (!caller) throw new ApiError(401, 'unauthorized', t('Sign in first, or pair this screen: send Authorization: Bearer <access token or display credential>.'), { headers: { 'WWW-Authenticate': 'Bearer realm="tavola"' } });
    const allowed = caller.kind === 'person' ? roles.includes(caller.user.role) : displays(caller.display);
    if (!allowed) throw new ApiError(403, 'forbidden', typeof message === 'string' ? message : message(caller));
    c.set('caller', caller);
    await next();
  };
}

/** Any paired display. */
export const ANY_DISPLAY = () => true;
/** A kitchen's display: a station's or the pass (not the host stand, which sees no orders). */
export const KITCHEN_DISPLAY = (display: DisplayRow) => display.kind !== 'host';
/** The host stand: the bookings of yesterday, today and tomorrow. */
export const HOST_DISPLAY = (display: DisplayRow) => display.kind === 'host';
/** A kitchen station's display (the Sold out panel is theirs). */
export const STATION_DISPLAY = (display: DisplayRow) => display.kind === 'station';
/** No display. */
export const NO_DISPLAY = () => false;

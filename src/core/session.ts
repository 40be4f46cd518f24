import { createStored, isRecord, type Store } from './stored.js';

/** The signed-in state: the access token and the user the API says it belongs to. */
export interface Session<U extends { role: string } = { role: string }> {
  token: string;
  user: U;
}

export type SessionStore<U extends { role: string }> = Store<Session<U> | null>;

/**
 * The session store: `Session | null` (null is a guest) under one fixed local-storage
 * key. `parseUser` keeps only the user fields the app knows, so nothing else (never
 * a password) is written, and a stored session of the wrong shape reads as a guest.
 */
export function createSessionStore<U extends { role: string }>(
  key: string,
  parseUser: (json: unknown) => U | undefined,
  storage?: Storage,
  events?: Window,
): SessionStore<U> {
  const parse = (json: unknown): Session<U> | undefined => {
    if (!isRecord(json) || typeof json.token !== 'string' || !json.token) return undefined;
    const user = parseUser(json.user);
    return user && { token: json.token, user };
  };
  return createStored<Session<U> | null>({ key, parse, empty: null, storage, events });
}

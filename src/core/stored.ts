/**
 * A value kept in local storage: `get`, `set`, `subscribe`, like a tiny store.
 * Used for the session and the cart. What is stored is checked by `parse` on the way
 * in and on the way out, so a stored value that does not parse, or has the wrong
 * shape, reads as `empty` and is removed instead of breaking the app.
 */

export interface Store<T> {
  get(): T;
  set(value: T): void;
  /** Calls the listener with each new value; returns an unsubscribe. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface StoredOptions<T> {
  key: string;
  /** Turns parsed JSON into a value, keeping only known fields; undefined when it does not fit. */
  parse: (json: unknown) => T | undefined;
  /** The value when nothing (valid) is stored; storing it removes the key. */
  empty: T;
  storage?: Storage;
  /** Where `storage` events from other tabs arrive. */
  events?: Window;
}

/** Creates a store whose value lives under one local-storage key and follows other tabs. */
export function createStored<T>({ key, parse, empty, storage = localStorage, events = window }: StoredOptions<T>): Store<T> {
  const listeners = new Set<(value: T) => void>();
  let value = read();

  // `tidy`: remove a stored value that does not fit. Not for what another tab just wrote:
  // that tab owns its write, and removing it here would race with it.
  function read(tidy = true): T {
    const raw = storage.getItem(key);
    if (raw === null) return empty;
    const parsed = parseJson(raw, parse);
    if (parsed === undefined && tidy) storage.removeItem(key);
    return parsed ?? empty;
  }

  function publish(next: T) {
    value = next;
    for (const listener of [...listeners]) listener(value);
  }

  // Another tab changed the key (or cleared storage): take its value.
  events.addEventListener('storage', (event) => {
    if (event.key === key || event.key === null) publish(read(false));
  });

  return {
    get: () => value,
    set(next) {
      const clean = next === empty ? empty : parse(JSON.parse(JSON.stringify(next))) ?? empty;
      try {
        if (clean === empty) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(clean));
      } catch {
        // Storage full or blocked (private mode): the value still lives for this page.
      }
      publish(clean);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function parseJson<T>(raw: string, parse: (json: unknown) => T | undefined): T | undefined {
  try {
    return parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** True for a plain object (not null, not an array): the first check of every `parse`. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

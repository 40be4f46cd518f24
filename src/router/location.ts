/**
 * Where the address lives. The navigation code talks to a LocationSource and never
 * to `window.history` directly, so tests hand it `memoryLocation()` and need no browser.
 */

export interface Entry {
  /** Pathname, query and hash, e.g. `/menu?category=pasta`. */
  path: string;
  /** Navigation state given with `navigate(to, {state})`; not part of the address. */
  state: unknown;
  /** Identifies the history entry (used to bring back its scroll position). */
  key: string;
}

/**
 * Splits an address into pathname, query and hash, reading it as a path only: `new URL`
 * would read `//menu` as the host `menu`, and the matcher reads it as `/menu`.
 */
export function splitPath(path: string): { pathname: string; search: string; hash: string } {
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  return {
    pathname: queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt),
    search: queryAt === -1 ? '' : beforeHash.slice(queryAt),
    hash: hashAt === -1 ? '' : path.slice(hashAt),
  };
}

export interface LocationSource {
  current(): Entry;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  /** Goes one entry back; the listeners of `listen` hear it. */
  back(): void;
  /** Called when the user moves through history (Back, Forward). */
  listen(onPop: () => void): () => void;
}

// What we keep in `history.state`: our key beside the caller's state.
interface Stored {
  key: string;
  state: unknown;
}

const newKey = () => String(Math.random());

/** The browser's address bar and history. */
export function browserLocation(win: Window = window): LocationSource {
  const { history, location } = win;
  // Reading `history.state` copies it out of the browser each time: keep the current
  // entry, and read it again only when it changes (navigate, Back, Forward). An entry
  // without our key gets the one given, keeping any state it already had (and its address
  // as it is: written again, `//menu` would be read as the host "menu").
  const read = (key: string): Entry => {
    const read: Entry = { ...(history.state as Stored), path: location.pathname + location.search + location.hash };
    if (!read.key) history.replaceState({ key, state: read.state }, '');
    read.key ||= key;
    return read;
  };
  // The entry we were loaded into.
  let entry = read(newKey());
  const write = (method: 'pushState' | 'replaceState') => (path: string, state: unknown) => {
    history[method]({ key: newKey(), state }, '', path);
    entry = read('');
  };
  return {
    current: () => entry,
    push: write('pushState'),
    replace: write('replaceState'),
    back: () => history.back(),
    listen(onPop) {
      // Back and Forward: read the entry the browser moved to, then tell the navigation.
      // An entry without our key is one the browser made for a #fragment of this page: the
      // same page, so it shares the key (and with it the scroll position kept for Back).
      const popped = () => {
        entry = read(entry.key);
        onPop();
      };
      win.addEventListener('popstate', popped);
      return () => win.removeEventListener('popstate', popped);
    },
  };
}

export interface MemoryLocation extends LocationSource {
  /** Every entry, oldest first: what a test counts to tell push from replace. */
  entries: Entry[];
  index: number;
  /** Moves through history like the Back (-1) and Forward (+1) buttons. */
  go(delta: number): void;
}

/** A history kept in memory, for tests and for rendering without a browser. */
export function memoryLocation(initial = '/'): MemoryLocation {
  const listeners = new Set<() => void>();
  const memory: MemoryLocation = {
    entries: [{ path: initial, state: undefined, key: newKey() }],
    index: 0,
    current: () => memory.entries[memory.index]!,
    push(path, state) {
      memory.entries.splice(memory.index + 1, Infinity, { path, state, key: newKey() });
      memory.index++;
    },
    replace(path, state) {
      memory.entries[memory.index] = { path, state, key: newKey() };
    },
    back: () => memory.go(-1),
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
    go(delta) {
      const index = Math.min(Math.max(memory.index + delta, 0), memory.entries.length - 1);
      if (index === memory.index) return;
      memory.index = index;
      for (const listener of [...listeners]) listener();
    },
  };
  return memory;
}

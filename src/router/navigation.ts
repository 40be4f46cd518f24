import type { Entry, LocationSource } from './location.js';

/** How the current entry came to be: first load, a new entry, a replaced one, or Back/Forward. */
export type Action = 'load' | 'push' | 'replace' | 'pop';

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Navigation state: travels with the entry, never shows in the address. */
  state?: unknown;
}

export type Listener = (entry: Entry, action: Action) => void;

/**
 * Asked before the entry changes: by navigate() with the address it would go to, and
 * after Back or Forward (`popped`: the browser has moved already) with the new one.
 * False keeps the page; see blocker.ts, which asks "Leave without saving?".
 */
export type Blocker = (to: string, popped?: boolean) => boolean;

export interface Navigation {
  current(): Entry;
  navigate(to: string, options?: NavigateOptions): void;
  /** Goes one entry back, as the Back button does (listeners hear a `pop`). */
  back(): void;
  /** Calls the listener after every change of entry; returns an unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Reads the address once and starts following Back/Forward; returns a stop. */
  start(): () => void;
  /** Sets (or, with null, removes) the one blocker asked before every change. */
  setBlocker(blocker: Blocker | null): void;
}

/** The History glue: owns `navigate()` and tells listeners about every change. */
export function createNavigation(source: LocationSource): Navigation {
  const listeners = new Set<Listener>();
  let blocker: Blocker | null = null;
  // The pathname and query the listeners heard last: a pop that changes only the #fragment
  // (a skip link, a same-page #link, Back from one) stays on the same page, which the browser scrolls.
  let shown = '';
  const emit = (action: Action) => {
    const entry = source.current();
    shown = entry.path.split('#')[0]!;
    for (const listener of [...listeners]) listener(entry, action);
  };
  return {
    current: source.current,
    navigate(to, { replace = false, state } = {}) {
      if (blocker?.(to) === false) return;
      // Going to the address we are already at replaces it, as browsers do for links.
      const action = replace || to === source.current().path ? 'replace' : 'push';
      source[action](to, state);
      emit(action);
    },
    back: source.back,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      emit('load');
      return source.listen(() => {
        const { path } = source.current();
        if (path.split('#')[0] !== shown && blocker?.(path, true) !== false) emit('pop');
      });
    },
    setBlocker: (next) => {
      blocker = next;
    },
  };
}

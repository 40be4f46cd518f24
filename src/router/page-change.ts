/**
 * What a person needs after an in-app navigation and no router library does:
 * the document title, focus on the new page's main heading, a polite announcement
 * for screen readers, and the scroll position (top for a new page, where it was for
 * Back and Forward).
 */
import type { Action } from './navigation.js';

export interface PageChange {
  /** Call before the new page replaces the old one: remembers the old entry's scroll. */
  leave(): void;
  /** Call after the new page is in the document. */
  arrive(page: { key: string; pathname: string; title: string; action: Action }): void;
  /** The page that arrived now knows what it shows (a dish's name): a new title, announced. */
  retitle(title: string): void;
}

/** `announcer` is a visually hidden `aria-live="polite"` element kept in the page. */
export function createPageChange(announcer: Element, win: Window = window): PageChange {
  const scrolls = new Map<string, number>();
  let shown: { key: string; pathname: string } | null = null;
  let stopRestoring = () => {};
  win.history.scrollRestoration = 'manual';

  // The page coming back may still be loading, too short to scroll that far: keep trying
  // as it grows, until the position is reached, the user scrolls, or 3 seconds pass.
  function restore(y: number) {
    win.scrollTo(0, y);
    if (win.scrollY >= y || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      win.scrollTo(0, y);
      if (win.scrollY >= y) stopRestoring();
    });
    const timer = setTimeout(() => stopRestoring(), 3000);
    const events = ['wheel', 'touchstart', 'keydown'];
    stopRestoring = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const type of events) win.removeEventListener(type, stopRestoring);
      stopRestoring = () => {};
    };
    for (const type of events) win.addEventListener(type, stopRestoring, { passive: true });
    observer.observe(win.document.body);
  }

  return {
    leave() {
      stopRestoring();
      if (shown) scrolls.set(shown.key, win.scrollY);
    },
    arrive({ key, pathname, title, action }) {
      const samePage = shown?.pathname === pathname;
      shown = { key, pathname };
      win.document.title = title;
      // Only the query changed (a menu filter, a search keystroke): stay where the user is.
      const kept = action === 'load' || samePage;
      if (process.env.NODE_ENV !== 'production') {
        const scroll = kept ? 'kept where it was' : action === 'pop' ? `restored to ${scrolls.get(key) ?? 0} px` : 'to the top';
        win.document.dispatchEvent(new (win as Window & typeof globalThis).CustomEvent('router:scroll', { detail: { scroll } }));
      }
      if (!kept) {
        if (action === 'pop') restore(scrolls.get(key) ?? 0);
        else win.scrollTo(0, 0);
      }
      // The heading takes focus on a new page, and on the same one when what had it is gone
      // (a page that came after its placeholder); the first load leaves focus alone.
      if (action === 'load' || (kept && win.document.activeElement !== win.document.body)) return;
      const heading = win.document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      announcer.textContent = title;
    },
    retitle(title) {
      win.document.title = title;
      announcer.textContent = title;
    },
  };
}

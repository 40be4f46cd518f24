/**
 * "Leave without saving?": a page with unsaved changes registers a check, and while any
 * check says so, every way of leaving asks first. The navigation consults the blocker
 * before it pushes or replaces (a link, `navigate()`), and after Back or Forward, which
 * the browser has already done. The blocker holds the navigation at once and asks (`ask`,
 * the app's own dialog: an answer takes a while); only if the person chooses to leave does
 * it go on: a held link or `navigate()` as a push to the same address (its `replace` and
 * `state` are not kept), a held Back or Forward by moving through history again. Staying
 * after Back or Forward means going back to where we were, with `go()`: a move to the page
 * on screen, which the navigation lets pass without a render (as it does a #fragment's).
 * Closing or reloading the tab is asked by the browser itself (`beforeunload`, its own words).
 *
 * Not part of the core: an app that has no forms to lose never loads it.
 */
import type { Navigation } from './navigation.js';

export interface Blocking {
  /** While `isDirty()` is true, leaving asks first. Returns the unregister. */
  block(isDirty: () => boolean): () => void;
}

export interface BlockerOptions {
  /** Moves through history by `delta` entries (`history.go`, or a memoryLocation's `go`). */
  go(delta: number): void;
  /** Asks the question; resolves true to leave. */
  ask(message: string): Promise<boolean>;
  message?: string;
  /** Where `beforeunload` is listened to; none in tests without a window. */
  win?: Window;
}

export function createBlocker(navigation: Navigation, { go, ask, message = 'Leave without saving?', win }: BlockerOptions): Blocking {
  const checks = new Set<() => boolean>();
  const dirty = () => [...checks].some((check) => check());
  // The keys of the entries this tab went through, to tell Back from Forward.
  let keys = [navigation.current().key];
  let index = 0;

  navigation.subscribe((entry, action) => {
    if (action === 'push') keys = [...keys.slice(0, index + 1), entry.key];
    if (action === 'pop') {
      const at = keys.indexOf(entry.key);
      if (at < 0) keys = [entry.key]; // an entry from before: start counting again
      index = Math.max(at, 0);
    } else {
      if (action === 'push') index++;
      keys[index] = entry.key;
    }
  });

  // While the question is open, nothing else asks; once the person chose to leave, the next navigation passes.
  let asking = false;
  let leaving = false;
  navigation.setBlocker((to, popped) => {
    if (leaving) {
      leaving = false;
      return true;
    }
    if (!dirty()) return true;
    let back = 0;
    if (popped) {
      const at = keys.indexOf(navigation.current().key);
      back = at < 0 ? 1 : index - at; // an entry we never saw was reached by Back
      go(back);
    }
    if (asking) return false;
    asking = true;
    void ask(message).then((leave) => {
      asking = false;
      if (!leave) return;
      leaving = true;
      if (popped) go(-back);
      else navigation.navigate(to);
    });
    return false;
  });

  win?.addEventListener('beforeunload', (event) => {
    if (!dirty()) return;
    event.preventDefault();
    event.returnValue = ''; // older browsers ask only when this is set
  });

  return {
    block(isDirty) {
      checks.add(isDirty);
      return () => checks.delete(isDirty);
    },
  };
}

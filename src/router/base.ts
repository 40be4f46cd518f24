/**
 * A base: one app's addresses under a prefix, `/it/menu` for the app's `/menu`, as wouter's
 * `base` and React Router's `basename` do. The route table, the links the app writes and
 * `navigate()` stay unaware of it: `withBase(source, '/it')` is a LocationSource whose
 * entries read without the prefix and whose pushes and replaces write it, and `inBase` turns
 * an address the browser holds (a link's, a redirect's) into the app's, or null when it is
 * not under the base (another app: the browser goes there itself).
 *
 * Not part of the core: an app without a prefix never loads it.
 */
import type { Entry, LocationSource } from './location.js';

/** `/it/menu?x=1` under `/it` is `/menu?x=1`, `/it` is `/`; `/menu` and `/italy` are not under it (null). */
export function inBase(path: string, base: string): string | null {
  if (!base) return path;
  if (!path.startsWith(base)) return null;
  const rest = path.slice(base.length);
  if (rest === '') return '/';
  return rest[0] === '/' ? rest : rest[0] === '?' || rest[0] === '#' ? `/${rest}` : null;
}

export function withBase(source: LocationSource, base: string): LocationSource {
  let seen: Entry | undefined;
  let shown: Entry | undefined;
  return {
    // The same entry object while the source's is the same, as the navigation expects.
    current() {
      const entry = source.current();
      if (entry !== seen) {
        seen = entry;
        shown = { ...entry, path: inBase(entry.path, base) ?? entry.path };
      }
      return shown!;
    },
    push: (path, state) => source.push(base + path, state),
    replace: (path, state) => source.replace(base + path, state),
    back: source.back,
    listen: source.listen,
  };
}

/**
 * The route matcher: a pure function of a route table and a pathname.
 * No DOM, no globals, so it runs the same in the browser, in Node and in a benchmark.
 *
 * A route table is a tree. A route without `path` is a pathless layout, an `index`
 * route matches its parent's own path, and child paths are relative (no leading slash).
 * Every route that has no children is the end of one "branch": the chain of routes
 * from the root to it. A pathname takes the best-ranked branch that fits (README
 * "Ranking"). The branches are stored as a tree of segments, so a path walks down it
 * one segment at a time and the size of the table hardly matters; a branch made only of
 * static segments is also kept by its whole address, so `/menu` takes a single lookup.
 */
import { tableProblems } from './check.js';

export type Route<T = object> = T & {
  path?: string;
  index?: boolean;
  children?: readonly Route<T>[];
};

/**
 * Params are strings, decoded once; one the pattern does not have is `undefined`.
 * The object inherits nothing, so `params.constructor` or `params.toString` is `undefined` too.
 */
export type Params = Readonly<Partial<Record<string, string>>>;

export interface Match<R> {
  /** The matched chain: layouts first, the page last. */
  routes: R[];
  params: Params;
}

/** One segment of a pattern: a static text (lower-cased), `:name` or `*`. */
export type Segment = string;

/** A chain of routes from the root to one without children, and its pattern. */
export interface Branch<R> {
  routes: R[];
  segments: Segment[];
}

// One place in the tree: where a pattern is once some segments are behind it. Its next
// static segments by text, its next param, and the branches that end here or go on with
// `*`. A class, so that every node has the same shape to V8 and the walk stays fast.
class Node<R> {
  statics = new Map<string, Node<R>>();
  // The static segments' first letters by their length, a bit a letter (see `walk`): most
  // segments that cannot be one of them are turned away without slicing the path.
  first: number[] = [];
  param?: Node<R>;
  end?: Leaf<R>;
  splat?: Leaf<R>;
}

interface Leaf<R> {
  routes: R[];
  /** The names of the params, in the order the walk collects their values. */
  names: string[];
}

/**
 * Builds the matcher for a route table: `(pathname) => Match | null`. A table with
 * something the matcher does not support (check.ts) is refused with every problem named,
 * in development and tests. A production build leaves the check out (a kilobyte every
 * visitor would download for a table that cannot change any more): the build has checked
 * the table it ships, and an app that takes a table at run time (the playground) asks
 * check.ts itself.
 */
export function createMatcher<R extends Route>(table: readonly R[]): (pathname: string) => Match<R> | null {
  if (process.env.NODE_ENV !== 'production') {
    const problems = tableProblems(table);
    if (problems.length) throw new Error(problems.map((problem) => problem.message).join('\n'));
  }
  const root = new Node<R>();
  // The whole addresses of the branches without a param or `*` (`/menu`), each with its answer
  // made once: found in one lookup, the tree walked only by the other paths.
  const fixed = new Map<string, Match<R>>();
  // Backwards, so that of two branches of the same shape the one defined first is stored last and stays.
  for (const { routes, segments } of branchesOf(table).reverse()) {
    let place = root;
    const names: string[] = [];
    for (const segment of segments) {
      if (segment === '*') names.push(segment);
      else if (segment[0] === ':') {
        names.push(segment.slice(1));
        place = place.param ??= new Node();
      } else {
        place.first[segment.length & 31]! |= 1 << segment.charCodeAt(0);
        place = place.statics.get(segment) ?? place.statics.set(segment, new Node()).get(segment)!;
      }
    }
    place[segments.at(-1) === '*' ? 'splat' : 'end'] = { routes, names };
    if (!names.length) fixed.set(`/${segments.join('/')}`, { routes, params: Object.create(NOTHING) });
  }
  const values: string[] = []; // the walk's param values, reused from call to call
  return (pathname) => {
    const hit = fixed.get(pathname);
    if (hit) return hit;
    const leaf = walk(root, pathname, 0, values, 0);
    if (!leaf) return null;
    const params: Record<string, string> = Object.create(NOTHING);
    for (let i = 0; i < leaf.names.length; i++) params[leaf.names[i]!] = values[i]!;
    return { routes: leaf.routes, params };
  };
}

// Params inherit nothing (`params.constructor` is undefined) from a prototype that has
// nothing, which keeps them fast objects to V8, as `Object.create(null)` would not.
const NOTHING = Object.freeze(Object.create(null));

// At each node the kinds are tried in rank order, and a dead end backs up to try the next:
// a static segment, then a param, then `*`; where the path has run out, a branch that ends
// here, then `*` taking nothing. So the first leaf reached is the best-ranked branch.
// `values[taken]` is where the next param's value goes (a dead end leaves it to be overwritten).
function walk<R>(place: Node<R>, path: string, at: number, values: string[], taken: number): Leaf<R> | undefined {
  // Empty segments (`//menu`, `/menu/`) are skipped. The walk reads the path a character at a
  // time (with the length checked first: `charCodeAt` past the end costs a call every time),
  // which costs less than `indexOf` and `includes` for segments this short, and notes a `%`
  // (an escape to decode) on the way.
  while (at < path.length && path.charCodeAt(at) === 47) at++;
  if (at === path.length) {
    if (place.splat) values[taken] = ''; // what `*` takes, should no branch end here
    return place.end ?? place.splat;
  }
  let end = at;
  let escaped = false;
  if (place.statics.size || place.param) {
    for (; end < path.length && path.charCodeAt(end) !== 47; end++) escaped ||= path.charCodeAt(end) === 37;
    // The segment as text, decoded once; sliced only when a static or a param needs it.
    let segment: string | undefined;
    // `1 << code` keeps the last 5 bits of the code, the same for a letter in either case. A
    // letter beyond ASCII, or an escape, may stand for any first letter: those are looked up.
    const code = path.charCodeAt(at);
    if (place.statics.size && (place.first[(end - at) & 31]! & (1 << code) || code > 127 || escaped)) {
      // Static segments are compared decoded and ignore letter case: `/M%65nu` is the menu.
      segment = escaped ? decode(path.slice(at, end)) : path.slice(at, end);
      const child = place.statics.get(segment) ?? place.statics.get(segment.toLowerCase());
      const found = child && walk(child, path, end, values, taken);
      if (found) return found;
    }
    if (place.param) {
      values[taken] = segment ?? (escaped ? decode(path.slice(at, end)) : path.slice(at, end));
      const found = walk(place.param, path, end, values, taken + 1);
      if (found) return found;
    }
  }
  if (place.splat) {
    // `*` takes the rest of the path, decoded, its empty segments dropped like everywhere
    // else. The part not read yet is read here.
    let clean = true;
    for (let i = end; i < path.length; i++) {
      const code = path.charCodeAt(i);
      if (code === 37) escaped = true;
      else if (code === 47 && (i + 1 === path.length || path.charCodeAt(i + 1) === 47)) clean = false;
    }
    const rest = clean ? path.slice(at) : path.slice(at).split('/').filter(Boolean).join('/');
    values[taken] = escaped ? decode(rest) : rest;
    return place.splat;
  }
}

/** Every branch of the table, in the order it is written. */
export function branchesOf<R extends Route>(table: readonly R[], parents: R[] = [], prefix: Segment[] = []): Branch<R>[] {
  return table.flatMap((route) => {
    const routes = [...parents, route];
    const segments = [...prefix, ...parse(route.path ?? '')];
    // A route with children matches only through one of them (an index route gives
    // it a page of its own); this is why `/` falls to `*` when the index is missing.
    return route.children?.length ? branchesOf(route.children as R[], routes, segments) : [{ routes, segments }];
  });
}

/** `Menu/:id` → its segments: a static one decoded and lower-cased, a param and `*` as written. */
export function parse(path: string): Segment[] {
  return path.split('/').filter(Boolean).map((segment) => (segment[0] === ':' || segment === '*' ? segment : decode(segment).toLowerCase()));
}

/** Percent-decodes once; a malformed escape such as `%E0%A4%A` stays as it was. */
export function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

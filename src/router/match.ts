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

export type Route<T = {}> = T & {
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
  param?: Node<R>;
  end?: Leaf<R>;
  splat?: Leaf<R>;
}

interface Leaf<R> {
  routes: R[];
  /** The names of the params, in the order the walk collects their values. */
  names: string[];
}

/** Builds the matcher for a route table: `(pathname) => Match | null`. */
export function createMatcher<R extends Route>(table: readonly R[]): (pathname: string) => Match<R> | null {
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
        place = place.statics.get(segment) ?? place.statics.set(segment, new Node()).get(segment)!;
      }
    }
    place[segments.at(-1) === '*' ? 'splat' : 'end'] = { routes, names };
    if (!names.length) fixed.set('/' + segments.join('/'), { routes, params: Object.create(NOTHING) });
  }
  const values: string[] = []; // the walk's param values, reused from call to call
  return (pathname) => {
    const hit = fixed.get(pathname);
    if (hit) return hit;
    const leaf = walk(root, pathname, 0, values, 0);
    if (!leaf) return null;
    const params: Record<string, string> = Object.create(NOTHING);
    for (let i = 0; i < leaf.names.length; i++) params[leaf.names[i]!] = decode(values[i]!);
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
  // which costs less than `indexOf` for segments this short.
  while (at < path.length && path.charCodeAt(at) === 47) at++;
  if (at === path.length) return place.end ?? (place.splat && ((values[taken] = ''), place.splat));
  let end = at;
  while (end < path.length && path.charCodeAt(end) !== 47) end++;
  if (place.statics.size) {
    // Static segments ignore letter case: `/Menu` is the menu. They are stored lower-cased,
    // and so is an address as a rule, which the first lookup finds without `toLowerCase`.
    const segment = path.slice(at, end);
    const child = place.statics.get(segment) ?? place.statics.get(segment.toLowerCase());
    const found = child && walk(child, path, end, values, taken);
    if (found) return found;
  }
  if (place.param) {
    values[taken] = path.slice(at, end);
    const found = walk(place.param, path, end, values, taken + 1);
    if (found) return found;
  }
  if (place.splat) {
    // `*` takes the rest of the path, its empty segments dropped like everywhere else
    // (only a rest of more than one segment can have any).
    const rest = path.slice(at);
    values[taken] = end < path.length && (path.charCodeAt(path.length - 1) === 47 || rest.includes('//')) ? rest.split('/').filter(Boolean).join('/') : rest;
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

/** `menu/:id` → its segments; `*` is always the last (what follows it is ignored). */
export function parse(path: string): Segment[] {
  const segments = path.split('/').filter(Boolean);
  const splat = segments.indexOf('*');
  return segments.slice(0, splat + 1 || undefined).map((segment) => (segment[0] === ':' ? segment : segment.toLowerCase()));
}

/** Percent-decodes once; a malformed escape such as `%E0%A4%A` stays as it was. */
export function decode(value: string): string {
  try {
    return value.includes('%') ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

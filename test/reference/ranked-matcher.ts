/**
 * THE REFERENCE (tests only): the ranked-list matcher that src/router/match.ts replaced, kept
 * as it was so the differential test can hold the segment tree to it; since then only taught
 * to compare static segments decoded, as the tree does (issue 30).
 *
 * The route matcher: a pure function of a route table and a pathname.
 * No DOM, no globals, so it runs the same in the browser, in Node and in a benchmark.
 *
 * A route table is a tree. A route without `path` is a pathless layout, an `index`
 * route matches its parent's own path, and child paths are relative (no leading slash).
 * Every route that has no children is the end of one "branch": the chain of routes
 * from the root to it. Branches are ranked once, when the matcher is created, and a
 * pathname takes the best-ranked branch that fits. See README "Ranking" for the table.
 */

// The types are the router's own: the two matchers answer the same question.
import type { Match, Params, Route } from '../../src/router/match.js';

// Kinds of segment, in order of preference: at the first position where two
// branches differ, the lower number wins. END is "the pattern stops here".
const STATIC = 0;
const PARAM = 1;
const END = 2;
const SPLAT = 3;

interface Segment {
  kind: typeof STATIC | typeof PARAM | typeof SPLAT;
  /** The lower-cased text of a static segment, or the name of a param. */
  text: string;
}

interface Branch<R> {
  routes: R[];
  segments: Segment[];
}

/** Builds the matcher for a route table: `(pathname) => Match | null`. */
export function createRankedMatcher<R extends Route>(table: readonly R[]): (pathname: string) => Match<R> | null {
  const ranked = flatten(table, [], []).sort(compareBranches);
  // A static first segment outranks every other kind, and a path can only fit the
  // branches whose first segment is its own: group those so a path tries just them,
  // then the branches that start with a param, an end or a splat, in rank order.
  const byFirst = new Map<string, Branch<R>[]>();
  const rest: Branch<R>[] = [];
  // A branch of static segments only outranks every other branch that fits the same
  // path, so an address written exactly like it (most addresses) takes one lookup.
  const exact = new Map<string, R[]>();
  for (const branch of ranked) {
    const first = branch.segments[0];
    if (first?.kind !== STATIC) rest.push(branch);
    else byFirst.set(first.text, [...(byFirst.get(first.text) ?? []), branch]);
    const path = `/${branch.segments.map((segment) => segment.text).join('/')}`;
    if (branch.segments.every((segment) => segment.kind === STATIC) && !exact.has(path)) exact.set(path, branch.routes);
  }
  return (pathname) => {
    const routes = exact.get(pathname);
    if (routes) return { routes, params: NO_PARAMS };
    const start = skipSlashes(pathname, 0);
    const first = pathname.slice(start, segmentEnd(pathname, start));
    const grouped = byFirst.get(decode(first).toLowerCase());
    return (grouped && find(grouped, pathname)) || find(rest, pathname);
  };
}

const NO_PARAMS: Params = Object.freeze(Object.create(null));

function find<R>(branches: Branch<R>[], pathname: string): Match<R> | null {
  for (const branch of branches) {
    const params = matchBranch(branch.segments, pathname);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}

function flatten<R extends Route>(table: readonly R[], parents: R[], prefix: Segment[]): Branch<R>[] {
  const branches: Branch<R>[] = [];
  for (const route of table) {
    const routes = [...parents, route];
    const segments = [...prefix, ...parse(route.path ?? '')];
    // A route with children matches only through one of them (an index route gives
    // it a page of its own); this is why `/` falls to `*` when the index is missing.
    if (route.children?.length) branches.push(...flatten(route.children as R[], routes, segments));
    else branches.push({ routes, segments });
  }
  return branches;
}

function parse(path: string): Segment[] {
  return path.split('/').filter(Boolean).map((text): Segment => {
    if (text === '*') return { kind: SPLAT, text: '*' };
    if (text.startsWith(':')) return { kind: PARAM, text: text.slice(1) };
    return { kind: STATIC, text: decode(text).toLowerCase() };
  });
}

function compareBranches(a: Branch<unknown>, b: Branch<unknown>): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i <= length; i++) {
    const difference = kindAt(a, i) - kindAt(b, i);
    if (difference !== 0) return difference;
  }
  return 0; // same shape: Array.prototype.sort is stable, so definition order decides
}

function kindAt(branch: Branch<unknown>, i: number): number {
  return i < branch.segments.length ? branch.segments[i]!.kind : END;
}

// Walks the path one segment at a time, without splitting it into an array first.
// Empty segments (a trailing or doubled slash) are skipped: `/menu/` is `/menu`.
function matchBranch(segments: Segment[], path: string): Record<string, string> | null {
  const params: Record<string, string> = Object.create(null);
  let at = 0;
  for (const { kind, text } of segments) {
    at = skipSlashes(path, at);
    if (kind === SPLAT) {
      // `*` takes the rest of the path, possibly nothing.
      const tail = path.slice(at);
      params['*'] = decode(tail.endsWith('/') || tail.includes('//') ? tail.split('/').filter(Boolean).join('/') : tail);
      return params;
    }
    if (at === path.length) return null; // the path ran out first
    const end = segmentEnd(path, at);
    if (kind === PARAM) params[text] = decode(path.slice(at, end));
    // Static segments are compared decoded and ignore letter case: `/M%65nu` is the menu.
    else if (!path.startsWith(text, at) || end - at !== text.length) {
      if (decode(path.slice(at, end)).toLowerCase() !== text) return null;
    }
    at = end;
  }
  return skipSlashes(path, at) === path.length ? params : null; // the pattern ran out first?
}

function skipSlashes(path: string, at: number): number {
  while (path.charCodeAt(at) === 47 /* "/" */) at++;
  return at;
}

function segmentEnd(path: string, at: number): number {
  const slash = path.indexOf('/', at);
  return slash === -1 ? path.length : slash;
}

/** Percent-decodes once; a malformed escape such as `%E0%A4%A` stays as it was. */
function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

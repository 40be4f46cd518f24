/**
 * The route inspector: why a path took the route it took. `explain(table, pathname)`
 * lists every branch of the table in rank order, each with whether it fits the path and,
 * if not, the segment of the path where it stopped fitting; then the winner (the first
 * that fits: what `createMatcher` returns) and its params.
 *
 * It ranks the whole table on every call, which is what makes it easy to read and slow:
 * it is for `npm run dev`'s overlay and for learning, never for the production bundle.
 */
import { branchesOf, decode, type Params, type Route, type Segment } from './match.js';

export interface ExplainedBranch<R> {
  /** The branch's pattern, e.g. `/menu/:id`. */
  pattern: string;
  routes: R[];
  fits: boolean;
  /** Where it stopped fitting: the index of the path's segment, and why. */
  stop?: { segment: number; reason: string };
}

export interface Explanation<R> {
  /** The path's segments, as the matcher sees them (empty ones dropped). */
  segments: string[];
  /** Every branch, best-ranked first. */
  branches: ExplainedBranch<R>[];
  winner: { pattern: string; routes: R[]; params: Params } | null;
}

// The rank of a segment kind, best first; "the pattern ends here" comes between a param and `*`.
const rank = (segment: Segment | undefined) => (segment === undefined ? 2 : segment === '*' ? 3 : segment[0] === ':' ? 1 : 0);

export function explain<R extends Route>(table: readonly R[], pathname: string): Explanation<R> {
  const segments = pathname.split('/').filter(Boolean);
  const ranked = branchesOf(table).sort((a, b) => compare(a.segments, b.segments));
  let winner: Explanation<R>['winner'] = null;
  const branches = ranked.map(({ routes, segments: pattern }) => {
    const explained: ExplainedBranch<R> = { pattern: `/${pattern.join('/')}`, routes, fits: true };
    const stop = stopOf(pattern, segments);
    if (stop) Object.assign(explained, { fits: false, stop });
    else winner ??= { pattern: explained.pattern, routes, params: paramsOf(pattern, segments) };
    return explained;
  });
  return { segments, branches, winner };
}

/** Compares two patterns kind by kind from the left; the same shape keeps the table's order. */
export function compare(a: Segment[], b: Segment[]): number {
  for (let i = 0; i <= Math.max(a.length, b.length); i++) {
    const difference = rank(a[i]) - rank(b[i]);
    if (difference) return difference;
  }
  return 0;
}

function stopOf(pattern: Segment[], path: string[]): ExplainedBranch<unknown>['stop'] {
  for (const [i, segment] of pattern.entries()) {
    if (segment === '*') return;
    if (i === path.length) return { segment: i, reason: `the path ends where the pattern wants ${segment}` };
    if (rank(segment) === 0 && decode(path[i]!).toLowerCase() !== segment) return { segment: i, reason: `${path[i]} is not ${segment}` };
  }
  if (path.length > pattern.length) return { segment: pattern.length, reason: `the pattern ends before ${path[pattern.length]}` };
}

function paramsOf(pattern: Segment[], path: string[]): Params {
  const params: Record<string, string> = Object.create(null);
  for (const [i, segment] of pattern.entries()) {
    if (segment === '*') params['*'] = decode(path.slice(i).join('/'));
    else if (segment[0] === ':') params[segment.slice(1)] = decode(path[i]!);
  }
  return params;
}

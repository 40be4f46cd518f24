// Route matching, measured fairly: every matcher gets the same table and the same paths,
// returns the page and its decoded param, and the loop uses both. Each measurement runs
// in a process of its own (router-worker.ts), the order of the matchers alternates from
// round to round, and the report is the median over the rounds.
import findMyWay from 'find-my-way';
import { readdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { match as compilePattern } from 'path-to-regexp';
import { matchRoutes, type RouteObject } from 'react-router';
import { addRoute, createRouter as createRou3, findRoute } from 'rou3';
import { compileRouterToString } from 'rou3/compiler';
import { compileMatcher } from '../../src/router/compile.js';
import { branchesOf, createMatcher, decode, parse, type Route } from '../../src/router/match.js';
import { siteRoutes as createSiteRoutes } from '../../src/site/shell/routes.js';
import type { Services } from '../../src/site/shell/services.js';

/** What a matcher gives back: the page's id and the value of its param (`:id` or `*`). */
export type Found = readonly [id: string, value: string | undefined] | undefined;
export type Matcher = (path: string) => Found;
/** A route as every matcher is given it: a pattern (`/menu/:id`, `/*`) and the page it leads to. */
export interface RouteSpec {
  pattern: string;
  id: string;
}
export interface Case {
  routes: RouteSpec[];
  /** Each path with the page and param value it must give, checked before it is timed. */
  paths: [path: string, id: string, value?: string][];
}

// The site's real table (a pathless layout, guards, an index, `*`), each page named by its
// pattern; the other matchers get its branches as a flat list of the same patterns.
const siteTable = createSiteRoutes({} as Services, async () => { throw new Error('not in the bench'); });
const SITE: RouteSpec[] = branchesOf(siteTable).map(({ segments }) => ({ pattern: `/${segments.join('/')}`, id: `/${segments.join('/')}` }));

/** The classes of path on the site's table: plain addresses, a param, and no page (the 404). */
export const SITE_CLASSES: Record<'plain' | 'param' | 'nomatch', Case> = {
  plain: { routes: SITE, paths: [['/', '/'], ['/menu', '/menu'], ['/login', '/login'], ['/account', '/account'], ['/kitchen', '/kitchen'], ['/forbidden', '/forbidden']] },
  param: { routes: SITE, paths: [['/menu/42', '/menu/:id', '42'], ['/menu/caf%C3%A9', '/menu/:id', 'café'], ['/orders/7', '/orders/:id', '7'], ['/menu/tiramisu', '/menu/:id', 'tiramisu']] },
  nomatch: { routes: SITE, paths: [['/no/such/page', '/*', 'no/such/page'], ['/menu/3/extra', '/*', 'menu/3/extra'], ['/nope', '/*', 'nope'], ['/specials', '/*', 'specials']] },
};

export const SHAPES = ['plain', 'half-param', 'shared'] as const;
export const TABLE_SIZES = [10, 100, 1000] as const;

/**
 * A generated table of `size` routes. plain: `/page-7`; half-param: every other route
 * is `/page-7/:id`; shared: the same, all under one first segment (`/api/resource-7/:id`).
 * 64 paths spread over the table, one in eight with an escape to decode.
 */
export function tableCase(shape: (typeof SHAPES)[number], size: number): Case {
  const prefix = shape === 'shared' ? '/api/resource-' : '/page-';
  const routes = Array.from({ length: size }, (_, i): RouteSpec => ({ pattern: `${prefix}${i}${shape !== 'plain' && i % 2 ? '/:id' : ''}`, id: `r${i}` }));
  const paths = Array.from({ length: 64 }, (_, k): Case['paths'][number] => {
    const i = Math.floor(((k * 2 + 1) * size) / 128);
    const { pattern, id } = routes[i]!;
    if (!pattern.endsWith('/:id')) return [pattern, id];
    const value = k % 8 ? `item-${k}` : `caf%C3%A9-${k}`;
    return [pattern.replace(':id', value), id, decodeURIComponent(value)];
  });
  return { routes, paths };
}

// --- the matchers -------------------------------------------------------------------

function ours({ routes }: Case, { realSiteTable = false } = {}): Matcher {
  // On the site's classes ours is given the site's real table (layout, guards and all).
  // Each page carries its id, as find-my-way's store does, so neither needs a lookup to name it.
  const match = createMatcher(realSiteTable ? withIds(siteTable) : routes.map(({ pattern, id }) => ({ path: pattern.slice(1), id })));
  return (path) => {
    const found = match(path);
    return found ? [found.routes[found.routes.length - 1]!.id, found.params.id ?? found.params['*']] : undefined;
  };
}

/** The site's table as it is, each page given its pattern as `id`. */
function withIds<R extends Route>(table: readonly R[], prefix: string[] = []): (R & { id: string })[] {
  return table.map((route) => {
    const segments = [...prefix, ...parse(route.path ?? '')];
    return { ...route, id: `/${segments.join('/')}`, children: route.children && withIds(route.children as R[], segments) };
  });
}

function findMyWayRouter({ routes }: Case): Matcher {
  const router = findMyWay();
  for (const { pattern, id } of routes) router.on('GET', pattern, () => {}, { id });
  return (path) => {
    const found = router.find('GET', path);
    return found ? [(found.store as { id: string }).id, found.params.id ?? found.params['*']] : undefined;
  };
}

/** Our compiled matcher (src/router/compile.ts): its module written for the table, then imported, as a build would. */
async function oursCompiled({ routes }: Case, { realSiteTable = false } = {}): Promise<Matcher> {
  const table = realSiteTable ? withIds(siteTable) : routes.map(({ pattern, id }) => ({ path: pattern.slice(1), id }));
  const module = await import(`data:text/javascript,${encodeURIComponent(compileMatcher(table))}`);
  const match = (module.default as typeof createMatcher)(table);
  return (path) => {
    const found = match(path);
    return found ? [found.routes[found.routes.length - 1]!.id, found.params.id ?? found.params['*']] : undefined;
  };
}

function rou3Table(routes: RouteSpec[]) {
  const router = createRou3<{ id: string }>();
  for (const { pattern, id } of routes) addRoute(router, 'GET', pattern === '/*' ? '/**:rest' : pattern, { id });
  return router;
}

// rou3 leaves params as they are in the path: decoded here as ours and find-my-way decode theirs.
const fromRou3 = (found: { data: { id: string }; params?: Record<string, string> } | undefined): Found => {
  if (!found) return undefined;
  const value = found.params?.id ?? found.params?.rest;
  return [found.data.id, value?.includes('%') ? decode(value) : value];
};

function rou3Router({ routes }: Case): Matcher {
  const router = rou3Table(routes);
  return (path) => fromRou3(findRoute(router, 'GET', path));
}

/** rou3's compiled router, as its build-time form (`compileRouterToString`) imported: no `new Function`, like ours. */
async function rou3Compiled({ routes }: Case): Promise<Matcher> {
  const module = await import(`data:text/javascript,${encodeURIComponent(`export default ${compileRouterToString(rou3Table(routes))};`)}`);
  const find = module.default as (method: string, path: string) => Parameters<typeof fromRou3>[0];
  return (path) => fromRou3(find('GET', path));
}

function pathToRegexpLoop({ routes }: Case): Matcher {
  // No ranking: the loop is first-match, so the table is ordered by hand (the splat last).
  const table = routes.map(({ pattern, id }) => [compilePattern(pattern === '/*' ? '/*rest' : pattern, { decode: decodeURIComponent }), id] as const);
  return (path) => {
    for (const [test, id] of table) {
      const found = test(path);
      if (found) return [id, (found.params.id as string | undefined) ?? (found.params.rest as string[] | undefined)?.join('/')];
    }
  };
}

const reactRoutes = (routes: RouteSpec[]): RouteObject[] => routes.map(({ pattern, id }) => (pattern === '/' ? { id, index: true } : { id, path: pattern.slice(1) }));
const fromReact = (matches: { route: RouteObject; params: Record<string, string | undefined> }[] | null): Found => {
  const last = matches?.[matches.length - 1];
  return last ? [last.route.id!, last.params.id ?? last.params['*']] : undefined;
};

/** React Router's public `matchRoutes`: flattens and ranks the table on every call. */
function reactRouterPerCall({ routes }: Case): Matcher {
  const table = [{ id: 'layout', children: reactRoutes(routes) }];
  return (path) => fromReact(matchRoutes(table, path));
}

/**
 * React Router as its data router matches: the branches flattened and ranked once, then
 * `matchRoutesImpl` with them on each navigation. Neither function is exported, so the
 * module that holds them is loaded again with one line added that exports the ranking.
 */
function reactRouterRankedOnce({ routes }: Case): Matcher {
  const require = createRequire(import.meta.url);
  const folder = dirname(require.resolve('react-router'));
  const file = join(folder, readdirSync(folder).find((name) => name.startsWith('chunk-') && name.endsWith('.js') && readFileSync(join(folder, name), 'utf8').includes('function flattenAndRankRoutes('))!);
  const internals = new Module(file) as Module & { _compile(source: string, file: string): void; paths: string[] };
  internals.paths = require.resolve.paths('react-router') ?? [];
  internals._compile(`${readFileSync(file, 'utf8')}\nexports.flattenAndRankRoutes = flattenAndRankRoutes;`, file);
  const { flattenAndRankRoutes, matchRoutesImpl } = internals.exports as {
    flattenAndRankRoutes(routes: RouteObject[]): unknown;
    matchRoutesImpl(routes: RouteObject[], path: string, basename: string, partial: boolean, branches: unknown): Parameters<typeof fromReact>[0];
  };
  const table = [{ id: 'layout', children: reactRoutes(routes) }];
  const branches = flattenAndRankRoutes(table);
  return (path) => fromReact(matchRoutesImpl(table, path, '/', false, branches));
}

export const MATCHERS = {
  ours,
  'ours, compiled': oursCompiled,
  'find-my-way': findMyWayRouter,
  rou3: rou3Router,
  'rou3, compiled': rou3Compiled,
  'path-to-regexp': pathToRegexpLoop,
  'react-router': reactRouterPerCall,
  'react-router, ranked once': reactRouterRankedOnce,
} satisfies Record<string, (table: Case, options?: { realSiteTable?: boolean }) => Matcher | Promise<Matcher>>;
export type MatcherName = keyof typeof MATCHERS;

/** Throws unless the matcher sends every path of the case to its page with its param. */
export function check(name: string, matcher: Matcher, { paths }: Case): void {
  for (const [path, id, value] of paths) {
    const found = matcher(path);
    if (found?.[0] !== id || found[1] !== value) throw new Error(`${name} sent ${path} to ${JSON.stringify(found)}, not ${JSON.stringify([id, value])}`);
  }
}

/** Matches per second over the case's paths: a warm-up, then `ms` of matching. */
export function rate(matcher: Matcher, { paths }: Case, ms: number): number {
  const list = paths.map(([path]) => path);
  let sink = 0;
  const run = (until: number) => {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < until) {
      for (let i = 0; i < 1024; i++) {
        const found = matcher(list[i % list.length]!)!;
        sink += found[0].length + (found[1]?.length ?? 0); // the page and the param, both used
      }
      count += 1024;
      elapsed = performance.now() - start;
    }
    return (count / elapsed) * 1000;
  };
  run(ms / 2);
  const result = run(ms);
  if (sink === 0) throw new Error('the matcher returned nothing');
  return Math.round(result);
}

/** Milliseconds to build a matcher for a table: the median of 5 builds after one more. */
export async function buildTime(make: (table: Case) => Matcher | Promise<Matcher>, table: Case): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    await make(table);
    times.push(performance.now() - start);
  }
  return Number(times.slice(1).sort((a, b) => a - b)[2]!.toFixed(2));
}

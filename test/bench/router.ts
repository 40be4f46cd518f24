// Route matches per second on the site's route table: ours beside React Router's
// matchRoutes, a path-to-regexp loop and find-my-way, same paths, same process.
import findMyWay from 'find-my-way';
import { match as compilePattern } from 'path-to-regexp';
import { matchRoutes } from 'react-router';
import { createMatcher } from '../../src/core/match.js';
import { siteRoutes as createSiteRoutes } from '../../src/site/routes.js';
import type { Services } from '../../src/site/services.js';

// The real table; the services are never called, since no page is rendered here.
const siteRoutes = createSiteRoutes({} as Services);

/** Each path with the page it must reach, so a matcher that answers wrong is caught before it is timed. */
export const PATHS: [string, string][] = [
  ['/', 'home'],
  ['/menu', 'menu'],
  ['/menu/42', 'dish'],
  ['/login', 'login'],
  ['/account', 'account'],
  ['/kitchen', 'kitchen'],
  ['/forbidden', 'forbidden'],
  ['/no/such/page', 'not-found'],
  ['/menu/caf%C3%A9', 'dish'],
];

type Matcher = (path: string) => string | undefined;

function ours(): Matcher {
  const match = createMatcher(siteRoutes);
  const pageOf: Record<string, string> = { menu: 'menu', 'menu/:id': 'dish', login: 'login', account: 'account', kitchen: 'kitchen', forbidden: 'forbidden', '*': 'not-found' };
  const leaves = siteRoutes[0]!.children!.flatMap((route) => route.children ?? [route]);
  const names = new Map(leaves.map((leaf) => [leaf, leaf.index ? 'home' : pageOf[leaf.path!]!]));
  return (path) => {
    const routes = match(path)!.routes;
    return names.get(routes[routes.length - 1]!);
  };
}

function reactRouter(): Matcher {
  const leaf = (id: string, path?: string) => (path ? { id, path } : { id, index: true as const });
  const routes = [
    {
      id: 'layout',
      children: [
        leaf('home'),
        leaf('menu', 'menu'),
        leaf('dish', 'menu/:id'),
        leaf('login', 'login'),
        { id: 'guard', children: [leaf('account', 'account')] },
        { id: 'roles', children: [leaf('kitchen', 'kitchen')] },
        leaf('forbidden', 'forbidden'),
        leaf('not-found', '*'),
      ],
    },
  ];
  return (path) => matchRoutes(routes, path)?.at(-1)?.route.id;
}

function pathToRegexpLoop(): Matcher {
  // No ranking: the loop is first-match, so the table is ordered by hand (splat last).
  const table = (
    [
      ['/', 'home'],
      ['/menu', 'menu'],
      ['/menu/:id', 'dish'],
      ['/login', 'login'],
      ['/account', 'account'],
      ['/kitchen', 'kitchen'],
      ['/forbidden', 'forbidden'],
      ['/*rest', 'not-found'],
    ] as const
  ).map(([pattern, id]) => [compilePattern(pattern, { decode: decodeURIComponent }), id] as const);
  return (path) => table.find(([test]) => test(path))?.[1];
}

function findMyWayRouter(): Matcher {
  const router = findMyWay();
  const add = (path: string, id: string) => router.on('GET', path, () => {}, { id });
  add('/', 'home');
  add('/menu', 'menu');
  add('/menu/:id', 'dish');
  add('/login', 'login');
  add('/account', 'account');
  add('/kitchen', 'kitchen');
  add('/forbidden', 'forbidden');
  add('/*', 'not-found');
  return (path) => (router.find('GET', path)?.store as { id: string } | undefined)?.id;
}

export const MATCHERS: Record<string, () => Matcher> = {
  ours,
  'react-router': reactRouter,
  'path-to-regexp': pathToRegexpLoop,
  'find-my-way': findMyWayRouter,
};

/** Checks that every matcher sends every path to the right page. */
export function checkMatchers(): void {
  for (const [name, make] of Object.entries(MATCHERS)) {
    const matcher = make();
    for (const [path, page] of PATHS) {
      const got = matcher(path);
      if (got !== page) throw new Error(`${name} sent ${path} to ${got}, not ${page}`);
    }
  }
}

/** Matches per second over the PATHS, best of `rounds` runs of `ms` each. */
export function measure(make: () => Matcher, { ms = 400, rounds = 5 } = {}): number {
  const matcher = make();
  const paths = PATHS.map(([path]) => path);
  let best = 0;
  let sink = 0;
  for (let round = 0; round <= rounds; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ms) {
      for (let i = 0; i < 1000; i++) sink += matcher(paths[i % paths.length]!)!.length;
      count += 1000;
      elapsed = performance.now() - start;
    }
    if (round > 0) best = Math.max(best, (count / elapsed) * 1000); // round 0 warms up
  }
  if (sink === 0) throw new Error('the matcher returned nothing');
  return Math.round(best);
}

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMatcher, type Route } from '../../src/router/match.js';

type Named = Route<{ name?: string }>;

/** The site's table, in the shape of the spec: a pathless layout around everything. */
const site: Named[] = [
  {
    name: 'layout',
    children: [
      { index: true, name: 'home' },
      { path: 'menu', name: 'menu' },
      { path: 'menu/:id', name: 'dish' },
      { path: 'login', name: 'login' },
      { name: 'guard', children: [{ path: 'account', name: 'account' }, { path: 'kitchen', name: 'kitchen' }] },
      { path: 'forbidden', name: 'forbidden' },
      { path: '*', name: 'not-found' },
    ],
  },
];

const names = (table: Named[], path: string) => createMatcher(table)(path)?.routes.map((route) => route.name) ?? null;
/** The params as a plain object, to compare with `assert.equal` (the matcher's inherit nothing). */
const params = (table: Named[], path: string) => {
  const found = createMatcher(table)(path);
  return found && { ...found.params };
};

const Matches = suite('match: the site table');

const cases: [path: string, chain: string[]][] = [
  ['/', ['layout', 'home']],
  ['/menu', ['layout', 'menu']],
  ['/menu/3', ['layout', 'dish']],
  ['/login', ['layout', 'login']],
  ['/account', ['layout', 'guard', 'account']],
  ['/kitchen', ['layout', 'guard', 'kitchen']],
  ['/forbidden', ['layout', 'forbidden']],
  ['/nope', ['layout', 'not-found']],
  ['/menu/3/extra', ['layout', 'not-found']],
  ['/menu/', ['layout', 'menu']],
  ['//menu//3', ['layout', 'dish']],
  ['/Menu', ['layout', 'menu']],
  ['/KITCHEN', ['layout', 'guard', 'kitchen']],
];
for (const [path, chain] of cases) {
  Matches(`${path} matches ${chain.join(' > ')}`, () => assert.equal(names(site, path), chain));
}

Matches('a param is a decoded string', () => {
  assert.equal(params(site, '/menu/3'), { id: '3' });
  assert.equal(params(site, '/menu/caf%C3%A9%20cr%C3%A8me'), { id: 'café crème' });
});

Matches('a param keeps its letter case while static segments ignore it', () => {
  assert.equal(params(site, '/MENU/Tiramisu'), { id: 'Tiramisu' });
});

Matches('a param is decoded once: %2525 becomes %25, not %', () => {
  assert.equal(params(site, '/menu/%2525'), { id: '%25' });
});

Matches('a malformed escape does not throw and stays as written', () => {
  assert.equal(params(site, '/menu/%E0%A4%A'), { id: '%E0%A4%A' });
  assert.equal(params(site, '/menu/%'), { id: '%' });
});

Matches('a param the pattern does not have is undefined, never "undefined"', () => {
  const found = params(site, '/menu');
  assert.equal(found, {});
  assert.is(found?.id, undefined);
});

Matches('params inherit nothing: constructor, toString and __proto__ are undefined too', () => {
  for (const path of ['/menu', '/menu/3', '/nope']) {
    const found = createMatcher(site)(path)!.params;
    for (let proto = Object.getPrototypeOf(found); proto; proto = Object.getPrototypeOf(proto)) assert.equal(Reflect.ownKeys(proto), [], path);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) assert.is(found[name], undefined, `${path} ${name}`);
  }
  assert.is(createMatcher<Named>([{ path: 'menu/:constructor' }])('/menu/x')!.params.constructor, 'x');
});

Matches('the splat holds the unmatched rest of the path, decoded', () => {
  assert.equal(params(site, '/a/b%20c/d'), { '*': 'a/b c/d' });
});

Matches.run();

const Ranking = suite('match: best match, not first match');

Ranking('a static segment beats a param defined before it', () => {
  const table: Named[] = [{ path: 'menu/:id', name: 'dish' }, { path: 'menu/specials', name: 'specials' }];
  assert.equal(names(table, '/menu/specials'), ['specials']);
  assert.equal(names(table, '/menu/7'), ['dish']);
});

Ranking('a param beats a splat defined before it', () => {
  const table: Named[] = [{ path: 'menu/*', name: 'rest' }, { path: 'menu/:id', name: 'dish' }];
  assert.equal(names(table, '/menu/7'), ['dish']);
  assert.equal(names(table, '/menu/7/8'), ['rest']);
});

Ranking('an exact end beats a splat that would match nothing', () => {
  const table: Named[] = [{ path: 'menu/*', name: 'rest' }, { path: 'menu', name: 'menu' }];
  assert.equal(names(table, '/menu'), ['menu']);
});

Ranking('a splat defined first does not swallow the whole table', () => {
  const table: Named[] = [{ path: '*', name: 'not-found' }, { path: 'login', name: 'login' }, { index: true, name: 'home' }];
  assert.equal(names(table, '/login'), ['login']);
  assert.equal(names(table, '/'), ['home']);
});

Ranking('the earlier segment decides: static first beats static later', () => {
  const table: Named[] = [{ path: ':lang/about', name: 'localised' }, { path: 'blog/:slug', name: 'post' }];
  assert.equal(names(table, '/blog/about'), ['post']);
  assert.equal(names(table, '/en/about'), ['localised']);
});

Ranking('ranking reaches into nested children', () => {
  const table: Named[] = [
    { name: 'outer', children: [{ path: ':section/:item', name: 'generic' }] },
    { path: 'menu', name: 'menu-parent', children: [{ path: ':id', name: 'dish' }] },
  ];
  assert.equal(names(table, '/menu/4'), ['menu-parent', 'dish']);
  assert.equal(names(table, '/wine/4'), ['outer', 'generic']);
});

Ranking('two patterns of the same shape: the one defined first wins', () => {
  const table: Named[] = [{ path: 'menu/:id', name: 'first' }, { path: 'menu/:slug', name: 'second' }];
  assert.equal(names(table, '/menu/4'), ['first']);
});

Ranking.run();

const Edges = suite('match: edge cases from the spec');

Edges('with no index route, / falls to the * route', () => {
  const table: Named[] = [{ name: 'layout', children: [{ path: 'menu', name: 'menu' }, { path: '*', name: 'not-found' }] }];
  assert.equal(names(table, '/'), ['layout', 'not-found']);
});

Edges('with no * route, an unknown path matches nothing', () => {
  const table: Named[] = [{ name: 'layout', children: [{ index: true, name: 'home' }] }];
  assert.is(names(table, '/nope'), null);
});

Edges('a route with children matches only through a child', () => {
  const table: Named[] = [{ path: 'menu', name: 'menu', children: [{ path: ':id', name: 'dish' }] }];
  assert.is(names(table, '/menu'), null);
  assert.equal(names(table, '/menu/1'), ['menu', 'dish']);
});

Edges('an index route matches its parent path exactly', () => {
  const table: Named[] = [{ path: 'menu', name: 'menu', children: [{ index: true, name: 'list' }, { path: ':id', name: 'dish' }] }];
  assert.equal(names(table, '/menu'), ['menu', 'list']);
});

Edges('an empty table matches nothing', () => {
  assert.is(names([], '/'), null);
});

Edges.run();

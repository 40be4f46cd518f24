// Where our ranking differs from React Router's, as the README says, shown with React
// Router's own matchRoutes beside ours on the same tables; and a rule where they agree.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchRoutes, type RouteObject } from 'react-router';
import { createMatcher } from '../../src/router/match.js';

type Named = RouteObject & { id: string; children?: Named[] };
const ours = (table: Named[], path: string) => createMatcher(table)(path)?.routes.map((route) => route.id) ?? null;
const theirs = (table: Named[], path: string) => matchRoutes(table, path)?.map((match) => match.route.id!) ?? null;

test('a route with children never matches on its own here; React Router matches it with an empty outlet', () => {
  const table: Named[] = [{ id: 'root', path: '/', children: [{ id: 'menu', path: 'menu' }, { id: 'not-found', path: '*' }] }];
  assert.equal(ours(table, '/'), ['root', 'not-found']);
  assert.equal(theirs(table, '/'), ['root']);
  // With an index route, both give it the page.
  table[0]!.children!.push({ id: 'home', index: true });
  assert.equal(ours(table, '/'), ['root', 'home']);
  assert.equal(theirs(table, '/'), ['root', 'home']);
});

test('of two branches of the same shape the first written wins here; React Router prefers the one ending in an index route', () => {
  const table: Named[] = [
    { id: 'page', path: 'docs/:page' },
    { id: 'section', path: 'docs/:section', children: [{ id: 'section-index', index: true }] },
  ];
  assert.equal(ours(table, '/docs/intro'), ['page']);
  assert.equal(theirs(table, '/docs/intro'), ['section', 'section-index']);
  assert.equal(ours([table[1]!, table[0]!], '/docs/intro'), ['section', 'section-index']);
});

test('where they agree: a static segment beats a param, and * written first still loses', () => {
  const table: Named[] = [{ id: 'not-found', path: '*' }, { id: 'dish', path: 'menu/:id' }, { id: 'specials', path: 'menu/specials' }];
  for (const path of ['/menu/specials', '/menu/3', '/nope']) assert.equal(ours(table, path), theirs(table, path), path);
});

test.run();

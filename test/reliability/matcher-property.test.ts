import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMatcher, type Route } from '../../src/router/match.js';
import { seededRandom } from './random.js';

// Random paths through the matcher: it never throws, and what it gives back for params
// is only ever the pattern's own names holding strings.
type Named = Route<{ name: string }>;

const table: Named[] = [
  {
    name: 'layout',
    children: [
      { index: true, name: 'home' },
      { path: 'menu', name: 'menu' },
      { path: 'menu/:id', name: 'dish' },
      { path: 'menu/:id/reviews/:review', name: 'review' },
      { path: 'login', name: 'login' },
      { name: 'guard', children: [{ path: 'account', name: 'account' }, { path: 'kitchen', name: 'kitchen' }] },
      { path: 'orders/:id', name: 'order' },
      { path: 'files/*', name: 'files' },
      { path: '*', name: 'not-found' },
    ],
  },
];

const names = new Map<string, string[]>([
  ['dish', ['id']],
  ['review', ['id', 'review']],
  ['order', ['id']],
  ['files', ['*']],
  ['not-found', ['*']],
]);

// Pieces chosen to hit the edges: prototype names, escapes good and bad, dots, slashes.
const PIECES = ['menu', 'MENU', 'reviews', 'orders', 'files', 'kitchen', '', '.', '..', '%', '%2', '%25', '%2F', '%E0%A4%A', '%C3%A9', '%00', '%ZZ',
  'constructor', '__proto__', 'toString', 'prototype', 'hasOwnProperty', '3', '-1', '1e3', 'ü', '🍕', ' ', '?', '#', ':id', '*', '\\'];

const Property = suite('matcher property: random paths');

Property('1,000,000 random paths: no throw; params are own string properties of the pattern, or absent', () => {
  const match = createMatcher(table);
  const random = seededRandom(20261122);
  for (let i = 0; i < 1_000_000; i++) {
    const segments = Array.from({ length: Math.floor(random() * 6) }, () => PIECES[Math.floor(random() * PIECES.length)]!);
    const path = (random() < 0.9 ? '/' : '') + segments.join(random() < 0.9 ? '/' : '//');
    const found = match(path);
    assert.ok(found, `every path matches something here (there is a *): ${path}`);
    const leaf = found.routes.at(-1)!.name;
    const expected = names.get(leaf) ?? [];
    assert.equal(Object.keys(found.params).sort(), [...expected].sort(), `${path} → ${leaf}`);
    for (let proto = Object.getPrototypeOf(found.params); proto; proto = Object.getPrototypeOf(proto)) assert.equal(Reflect.ownKeys(proto), [], path);
    for (const name of expected) assert.type(found.params[name], 'string', `${path} ${name}`);
    for (const name of ['constructor', 'toString', '__proto__', 'valueOf']) {
      if (!expected.includes(name)) assert.is(found.params[name], undefined, `${path} ${name}`);
    }
  }
});

Property.run();

// What createMatcher refuses, one problem at a time, each with the sentence it throws:
// the route named, and what to write instead (src/router/check.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tableProblems } from '../../src/router/check.js';
import { createMatcher, type Route } from '../../src/router/match.js';

type Loose = Route & Record<string, unknown>;
const Check = suite('createMatcher refuses what it does not support');

/** The one message the table's one problem gives, through createMatcher's error. */
function refusal(table: Loose[]): string {
  try {
    createMatcher(table);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('createMatcher took the table');
}
const under = (...children: Loose[]): Loose[] => [{ path: 'menu', children }];

const cases: [what: string, table: Loose[], message: string][] = [
  ['an optional segment', [{ path: 'menu/:id?' }], 'Route "menu/:id?": optional segments are not supported; write two routes, "menu" and "menu/:id".'],
  ['an optional first segment under a parent', under({ path: ':id?' }), 'Route ":id?" under "/menu": optional segments are not supported; write two routes, an index route and ":id".'],
  ['a param with a suffix', [{ path: 'files/:id.json' }], 'Route "files/:id.json": a param takes a whole segment; write ":id" and read the rest off its value.'],
  ['a param without a name', [{ path: 'menu/:' }], 'Route "menu/:": a param needs a name, as in ":id".'],
  ['* before the end', [{ path: '*/x' }], 'Route "*/x": * takes the rest of the address, so it comes last; write "*".'],
  ['* inside a segment', [{ path: 'files/*.js' }], 'Route "files/*.js": * takes a whole segment; write "files/*".'],
  ['a child below a *', [{ path: 'docs/*', children: [{ path: 'intro' }] }], 'Route "intro" under "/docs/*": "/docs/*" ends with *, which takes the rest of the address, so nothing with a path can come below it.'],
  ['two params of one name', [{ path: 'a/:id/:id' }], 'Route "a/:id/:id": two params are called "id"; give one another name.'],
  ['two params of one name, parent and child', [{ path: 'menu/:id', children: [{ path: 'reviews/:id' }] }], 'Route "reviews/:id" under "/menu/:id": two params are called "id"; give one another name.'],
  ['an absolute child path', [{ path: '/', children: [{ path: '/abs' }] }], 'Route "/abs" under "/": a child’s path is relative to its parent; write "abs".'],
  ['caseSensitive', [{ path: 'menu', caseSensitive: true }], 'Route "menu": caseSensitive is not supported: letter case is always ignored.'],
  ['strict', under({ path: 'x', strict: true }), 'Route "x" under "/menu": strict is not supported: a trailing slash is always ignored.'],
  ['exact', [{ path: 'menu', exact: true }], 'Route "menu": exact is not supported: a route always matches the whole address (a parent matches through its children).'],
  ['a route with neither path, index nor children', under({}), 'A route without a path under "/menu": it has neither a path nor children, so it would be its parent’s page without saying so; write index: true.'],
  ['an index route with a path', [{ index: true, path: 'x' }], 'Route "x": an index route is its parent’s own page and has no path of its own; remove the path or index: true.'],
  ['an index route with children', [{ index: true, children: [{ path: 'x' }] }], 'A route without a path at the top: an index route is a page and has no routes below it; take index: true away to make it a layout.'],
  ['a query in the path', [{ path: 'menu?x=1' }], 'Route "menu?x=1": a route matches the path only; the ?query and #hash are not part of it.'],
  ['an escaped slash', [{ path: 'a%2Fb' }], 'Route "a%2Fb": a segment cannot hold a slash (%2F).'],
];
for (const [what, table, message] of cases) {
  Check(`refuses ${what}`, () => assert.is(refusal(table), message));
}

Check('every problem of the table at once, in the order written, one line each', () => {
  const table: Loose[] = [{ path: 'a/:x?' }, { path: 'ok' }, { path: 'b', caseSensitive: false }];
  assert.is(refusal(table), ['Route "a/:x?": optional segments are not supported; write two routes, "a" and "a/:x".', 'Route "b": caseSensitive is not supported: letter case is always ignored.'].join('\n'));
  assert.equal(tableProblems(table).map((problem) => problem.route), [table[0], table[2]]);
});

Check('takes what it supports: an absolute path at the top, an index with an empty path, params of one name on two branches', () => {
  const table: Loose[] = [{ path: '/menu/:id' }, { children: [{ index: true, path: '' }, { path: 'orders/:id' }] }];
  assert.equal(tableProblems(table), []);
  assert.is(createMatcher(table)('/orders/7')?.params.id, '7');
});

Check.run();

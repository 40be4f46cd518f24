import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTable, type PlayRoute } from '../../src/playground/table-text.js';
import { branchesOf } from '../../src/router/match.js';

const patterns = (routes: PlayRoute[]) => branchesOf(routes).map(({ segments }) => `/${segments.join('/')}`);

test('a table: paths, pathless kinds, guards with roles, comments and blank lines', () => {
  const { routes, mistakes } = readTable(['# the site', '(layout)', '  (index)', '  menu', '  menu/:id   # a dish', '', '  (guard kitchen admin)', '    kitchen', '  account (guard)', '  *'].join('\n'));
  assert.equal(mistakes, []);
  assert.equal(patterns(routes), ['/', '/menu', '/menu/:id', '/kitchen', '/account', '/*']);
  const layout = routes[0]!;
  assert.equal(layout.label, '(layout)');
  assert.equal((layout.children as PlayRoute[])[4]!.guard, {});
  assert.equal((layout.children as PlayRoute[])[3]!.guard, { roles: ['kitchen', 'admin'] });
  assert.is((layout.children as PlayRoute[])[3]!.line, 7);
});

test('a leading slash and tabs are forgiven', () => {
  const { routes, mistakes } = readTable('(layout)\n\t/menu/:id\n\tmenu');
  assert.equal(mistakes, []);
  assert.equal(patterns(routes), ['/menu/:id', '/menu']);
});

const mistakesOf = (text: string) => readTable(text).mistakes;

test('each mistake is reported on its line, with what to write instead', () => {
  assert.equal(mistakesOf('menu specials'), [{ line: 1, message: 'An address has no spaces: write menu/specials, not menu specials.' }]);
  // What the router refuses, in the router's words (src/router/check.ts).
  assert.equal(mistakesOf('menu/:'), [{ line: 1, message: 'Route "menu/:": a param needs a name, as in ":id".' }]);
  assert.equal(mistakesOf('files/*/more'), [{ line: 1, message: 'Route "files/*/more": * takes the rest of the address, so it comes last; write "files/*".' }]);
  assert.equal(mistakesOf('files/a*'), [{ line: 1, message: 'Route "files/a*": * takes a whole segment; write "files/*".' }]);
  assert.equal(mistakesOf('menu?q=soup'), [{ line: 1, message: 'Route "menu?q=soup": a route matches the path only; the ?query and #hash are not part of it.' }]);
  assert.equal(mistakesOf('menu/:id?'), [{ line: 1, message: 'Route "menu/:id?": optional segments are not supported; write two routes, "menu" and "menu/:id".' }]);
  assert.equal(mistakesOf('files/:id.json'), [{ line: 1, message: 'Route "files/:id.json": a param takes a whole segment; write ":id" and read the rest off its value.' }]);
  assert.equal(mistakesOf('(page)'), [{ line: 1, message: '(page) is not a kind of route: write (index), (layout), (guard) or (guard role…).' }]);
  assert.equal(mistakesOf('menu (index)'), [{ line: 1, message: '(index) has no path of its own: write it alone on its line.' }]);
  assert.equal(mistakesOf('(layout admin)\n  menu'), [{ line: 1, message: '(layout) takes no roles; only (guard …) does.' }]);
  assert.equal(mistakesOf('menu (guard) extra'), [{ line: 1, message: 'menu (guard) extra is not a route: a path, then at most one (guard …).' }]);
});

test('mistakes of the tree: below an index or a *, a param named twice, a layout with nothing below it', () => {
  assert.equal(mistakesOf('(layout)\n  (index)\n    menu'), [{ line: 2, message: 'A route without a path under "/": an index route is a page and has no routes below it; take index: true away to make it a layout.' }]);
  assert.equal(mistakesOf('files/*\n  more'), [{ line: 2, message: 'Route "more" under "/files/*": "/files/*" ends with *, which takes the rest of the address, so nothing with a path can come below it.' }]);
  assert.equal(mistakesOf('orders/:id\n  items/:id'), [{ line: 2, message: 'Route "items/:id" under "/orders/:id": two params are called "id"; give one another name.' }]);
  assert.equal(mistakesOf('(layout)\nmenu'), [{ line: 1, message: '(layout) has no routes indented below it, so it is a page at its parent\'s address: indent the routes it wraps under it.' }]);
});

test('a line left out takes the lines below it along, and the rest of the table still works', () => {
  const { routes, mistakes } = readTable(['(layout)', '  menu specials', '    :id', '  menu', '  (guard x', '  *'].join('\n'));
  assert.equal(mistakes.map((mistake) => mistake.line), [2, 5]);
  assert.equal(patterns(routes), ['/menu', '/*']);
});

test.run();

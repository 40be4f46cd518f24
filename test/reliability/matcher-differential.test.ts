import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { explain } from '../../src/router/explain.js';
import { compileMatcher } from '../../src/router/compile.js';
import { createMatcher, type Match, type Route } from '../../src/router/match.js';
import { createRankedMatcher } from '../reference/ranked-matcher.js';
import { seededRandom } from './random.js';

// The segment tree against the reference: the ranked-list matcher the tree replaced
// (test/reference/ranked-matcher.ts, kept as it was). Over random tables and random paths
// both must pick the same chain of routes with the same params, and so must `explain`.
type Named = Route<{ name: string }>;

// Some of one length that differ in one letter, and two that differ only in a letter whose
// other case is no letter (`@` and a backquote), for the compiled matcher's switches.
const STATICS = ['menu', 'Menu', 'api', 'a', 'b', 'orders', 'caf%C3%A9', 'café', 'list', 'lost', 'meal', 'a@b', 'a`b'];
const PARAMS = [':id', ':slug', ':a'];
// Path pieces: the statics in other cases and percent-encoded (as a browser sends them),
// numbers, escapes good and bad, prototype names.
const PIECES = ['menu', 'MENU', 'm%65nu', '%4D%45NU', 'api', 'A', 'a', '%61', 'b', 'orders', 'caf%C3%A9', 'CAF%C3%89', 'café', 'CAFÉ', '3', '42', '%E0%A4%A', '%2F', 'x y', 'constructor', '__proto__', '', '*', ':id',
  'LIST', 'lost', 'lust', 'Meal', 'A@B', 'a`b', 'a%60b', 'A`B', 'ab@'];

function randomTable(random: () => number): Named[] {
  let count = 0;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Each param its own name (`:id7`), so no branch has two of one name, which the matcher refuses.
  const path = (splat: boolean) => {
    const segments = Array.from({ length: Math.floor(random() * 3) }, () => (random() < 0.6 ? pick(STATICS) : `${pick(PARAMS)}${count++}`));
    if (splat && random() < 0.2) segments.push('*');
    return segments.join('/');
  };
  const routes = (depth: number): Named[] =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, (): Named => {
      const name = `r${count++}`;
      const roll = random();
      if (depth < 3 && roll < 0.25) return { name, path: path(false) || undefined, children: routes(depth + 1) };
      if (depth < 3 && roll < 0.35) return { name, children: routes(depth + 1) }; // a pathless layout
      const leaf = path(true);
      // A leaf without a path is an index route (the matcher refuses one that does not say so).
      return roll < 0.45 || !leaf ? { name, index: true } : { name, path: leaf };
    });
  return routes(0);
}

function randomPath(random: () => number): string {
  const segments = Array.from({ length: Math.floor(random() * 5) }, () => PIECES[Math.floor(random() * PIECES.length)]!);
  return (random() < 0.9 ? '/' : '') + segments.join(random() < 0.9 ? '/' : '//') + (random() < 0.1 ? '/' : '');
}

/** Two answers for one path: the same chain of routes (by name) and the same params. */
function assertSame(got: Match<Named> | null, want: Match<Named> | null, where: string) {
  assert.equal(got?.routes.map((route) => route.name) ?? null, want?.routes.map((route) => route.name) ?? null, where);
  assert.equal(got && { ...got.params }, want && { ...want.params }, where);
}

const Differential = suite('matcher: the segment tree agrees with the ranked list');

Differential('3,000 random tables, 200 random paths each: the same routes and the same params', () => {
  const random = seededRandom(20261122);
  let matched = 0;
  for (let t = 0; t < 3000; t++) {
    const table = randomTable(random);
    const tree = createMatcher(table);
    const ranked = createRankedMatcher(table);
    for (let p = 0; p < 200; p++) {
      const path = randomPath(random);
      const [got, want] = [tree(path), ranked(path)];
      const where = `${path} in ${JSON.stringify(table)}`;
      assertSame(got, want, where);
      if (got) matched++;
    }
  }
  assert.ok(matched > 100_000, `most paths match some route (${matched} of 600,000), so the routes are compared, not just null`);
});

Differential('explain names the same winner, and every branch before it says where it stopped fitting', () => {
  const random = seededRandom(7);
  for (let t = 0; t < 500; t++) {
    const table = randomTable(random);
    const tree = createMatcher(table);
    for (let p = 0; p < 50; p++) {
      const path = randomPath(random);
      const explained = explain(table, path);
      const got = tree(path);
      const where = `${path} in ${JSON.stringify(table)}`;
      assert.equal(explained.winner?.routes.map((route) => route.name) ?? null, got?.routes.map((route) => route.name) ?? null, where);
      assert.equal(explained.winner && { ...explained.winner.params }, got && { ...got.params }, where);
      const first = explained.branches.findIndex((branch) => branch.fits);
      for (const branch of explained.branches.slice(0, first === -1 ? undefined : first)) {
        assert.ok(branch.stop && branch.stop.segment >= 0 && branch.stop.segment <= explained.segments.length, where);
      }
    }
  }
});

// The compiled matcher (step 8) against the walk it writes out: the module compileMatcher
// writes, imported as a browser's bundle would have it, over other random tables.
const Compiled = suite('matcher: the compiled matcher agrees with createMatcher');

Compiled('1,000 random tables, 200 random paths each: the same routes and the same params', async () => {
  const random = seededRandom(20261125);
  let matched = 0;
  for (let t = 0; t < 1000; t++) {
    const table = randomTable(random);
    const source = compileMatcher(table);
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { default: (table: Named[]) => (path: string) => Match<Named> | null };
    const compiled = module.default(table);
    const tree = createMatcher(table);
    for (let p = 0; p < 200; p++) {
      const path = randomPath(random);
      const [got, want] = [compiled(path), tree(path)];
      const where = `${path} in ${JSON.stringify(table)}`;
      assertSame(got, want, where);
      if (got) assert.is(Object.getPrototypeOf(Object.getPrototypeOf(got.params)), null, 'params inherit nothing');
      if (got) matched++;
    }
  }
  assert.ok(matched > 40_000, `most paths match some route (${matched} of 200,000)`);
});

Compiled('a table of 1,000 routes, most of one length under one parent (looked up, not compared in place): the same answers', async () => {
  const table: Named[] = [{ name: 'api', path: 'api', children: Array.from({ length: 1000 }, (_, i): Named => ({ name: `r${i}`, path: `resource-${i}${i % 2 ? '/:id' : ''}` })) }, { name: 'rest', path: '*' }];
  const module = await import(`data:text/javascript,${encodeURIComponent(compileMatcher(table))}`);
  const compiled = (module.default as typeof createMatcher)(table);
  const tree = createMatcher(table);
  const random = seededRandom(1000);
  for (let p = 0; p < 20_000; p++) {
    const i = Math.floor(random() * 1100);
    const text = `resource-${i}`.replace(/./g, (letter) => (random() < 0.2 ? letter.toUpperCase() : random() < 0.05 ? `%${letter.charCodeAt(0).toString(16)}` : letter));
    const path = `/${random() < 0.5 ? 'api' : 'API'}/${text}${random() < 0.5 ? `/item-${p}` : ''}${random() < 0.1 ? '/' : ''}`;
    const [got, want] = [compiled(path), tree(path)];
    assertSame(got, want, path);
  }
});

Compiled('30 pages under a param (each made by a shared function given its branch, with the param above in its answer): the same answers', async () => {
  const table: Named[] = [{ name: 'lang', path: ':lang', children: Array.from({ length: 30 }, (_, i): Named => ({ name: `p${i}`, path: `page-${i}${i % 2 ? '/:id' : ''}` })) }, { name: 'rest', path: '*' }];
  const source = compileMatcher(table);
  assert.match(source, 'const Q2 = (b) =>', 'the pages with :id are made by one function');
  const module = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  const compiled = (module.default as typeof createMatcher)(table);
  const tree = createMatcher(table);
  for (const path of ['/it/page-3/42', '/it/page-2', '/it/PAGE-3/caf%C3%A9', '/it/page-2/42', '/it/page-3', '/it/page-31/1', '//it//page-5//x//', '/it/page-3/42/more']) {
    assertSame(compiled(path), tree(path), path);
  }
  assert.equal({ ...compiled('/it/page-3/42')!.params }, { lang: 'it', id: '42' });
});

Differential.run();
Compiled.run();

// The bench compares matchers fairly only if each gives the same answers: every matcher
// of test/bench/router.ts sends every path of every case to its page with its decoded param.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { check, MATCHERS, SHAPES, SITE_CLASSES, TABLE_SIZES, tableCase } from '../bench/router.js';

test('every matcher of the bench answers the site classes alike', async () => {
  for (const [name, make] of Object.entries(MATCHERS)) {
    for (const [kind, table] of Object.entries(SITE_CLASSES)) {
      try {
        check(name, await make(table, { realSiteTable: true }), table);
      } catch (error) {
        assert.unreachable(`${kind}: ${(error as Error).message}`);
      }
    }
  }
});

test('ours and rou3, walking and compiled, and find-my-way answer every table shape alike', async () => {
  for (const name of ['ours', 'ours, compiled', 'find-my-way', 'rou3', 'rou3, compiled'] as const) {
    for (const shape of SHAPES) for (const size of TABLE_SIZES) check(name, await MATCHERS[name](tableCase(shape, size)), tableCase(shape, size));
  }
});

test('check() refuses a matcher that decodes nothing', () => {
  const table = SITE_CLASSES.param;
  assert.throws(() => check('raw', (path) => ['/menu/:id', path.split('/')[2]], table), /sent \/menu\/caf%C3%A9 to \["\/menu\/:id","caf%C3%A9"\], not \["\/menu\/:id","café"\]/);
});

test.run();

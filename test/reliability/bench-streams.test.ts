// The bench's stream rows run end to end on a small scale: a server of its own, paired
// displays (stations and the pass) on their streams, orders placed, each seen by every
// display. No timing is asserted (that is the bench's job): only that every order reached
// every stream and the figures came back.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureDisplays } from '../bench/streams.js';

test('the paired-displays row: 12 displays, 3 orders, each order seen by all of them', async () => {
  const figures = await measureDisplays({ displays: 12, orders: 3 });
  assert.equal([figures.displays, figures.orders], [12, 3]);
  assert.ok(Number.isFinite(figures.p50) && Number.isFinite(figures.p99) && figures.p99 >= figures.p50, JSON.stringify(figures));
});

test.run();

// The waiter's pad's lines before they are sent (site/pad/pad-lines.ts): a tap adds one to
// the dish's plain line of its course; a line with a seat, a note or choices is its own; the
// seat moves on by a tap; what is sent merges lines that came out the same.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { byCourse, createPadLines, missingChoices, nextSeat, sendBody } from '../../src/site/pad/pad-lines.js';

const CARBONARA = { id: 6, name: 'Spaghetti alla carbonara', priceCents: 1450 };
const WATER = { id: 30, name: 'Acqua', priceCents: 300 };
const STEAK = { id: 20, name: 'Tagliata', priceCents: 2400 };
const COOKED = { id: 1, name: 'Cottura', kind: 'choose' as const, min: 1, max: 1, options: [1, 2, 3].map((id) => ({ id, name: `Option ${id}`, priceCents: 0, addsAllergens: [], removesAllergens: [], available: true })) };

test('a tap adds one to the plain line of the dish in its course; another course, a seat or choices make a line of its own', () => {
  const lines = createPadLines();
  lines.add(CARBONARA, 2);
  lines.add(CARBONARA, 2);
  lines.add(WATER, 0);
  lines.add(CARBONARA, 3);
  assert.equal(lines.all().map((line) => [line.name, line.course, line.quantity]), [['Spaghetti alla carbonara', 2, 2], ['Acqua', 0, 1], ['Spaghetti alla carbonara', 3, 1]], 'two taps, one line; the same dish as a main is apart');
  const [first] = lines.all();
  first!.seat = 2;
  lines.add(CARBONARA, 2);
  assert.equal(lines.all().map((line) => [line.course, line.quantity, line.seat]), [[2, 2, 2], [0, 1, null], [3, 1, null], [2, 1, null]], 'a line with a seat is its own');
  const steak = lines.add(STEAK, 3, { own: true });
  steak.groups = [COOKED];
  assert.equal(missingChoices(steak).map((group) => group.name), ['Cottura']);
  steak.choices = [2];
  assert.equal(missingChoices(steak), []);
  assert.equal(byCourse(lines.all()).map(([course, inCourse]) => [course, inCourse.map((line) => line.name)]), [[0, ['Acqua']], [2, ['Spaghetti alla carbonara', 'Spaghetti alla carbonara']], [3, ['Spaghetti alla carbonara', 'Tagliata']]]);
  lines.change(steak.key, -1);
  assert.is(lines.find(steak.key), undefined, 'at none, the line goes');
});

test('the seat moves on by a tap: 1, 2 … the party, then none', () => {
  assert.equal([nextSeat(null, 3), nextSeat(1, 3), nextSeat(2, 3), nextSeat(3, 3), nextSeat(null, 0), nextSeat(1, 0)], [1, 2, 3, null, 1, null]);
});

test('what is sent: each line with its course, and its seat, note and choices when it has them; two lines that came out the same go as one', () => {
  const lines = createPadLines();
  const a = lines.add(STEAK, 3, { own: true });
  a.choices = [2];
  const b = lines.add(STEAK, 3, { own: true });
  b.choices = [2];
  const c = lines.add(CARBONARA, 2);
  c.seat = 4;
  c.note = '  no pepper ';
  lines.add(WATER, 0);
  assert.equal(sendBody(lines.all(), 4), {
    guests: 4,
    items: [
      { dishId: 20, quantity: 2, course: 3, choices: [2] },
      { dishId: 6, quantity: 1, course: 2, seat: 4, note: 'no pepper' },
      { dishId: 30, quantity: 1, course: 0 },
    ],
  });
  assert.equal(sendBody([], null), { items: [] });
});

test.run();

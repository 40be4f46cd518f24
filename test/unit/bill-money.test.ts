// The arithmetic of a bill (src/shared/bills.ts): even shares to the cent, the VAT inside a
// price that includes it, and the VAT of a bill by rate.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { shareOut, splitByLines, splitEvenly, vatByRate, vatInside } from '../../src/shared/bills.js';

const Money = suite('a bill’s money');

Money('split evenly: N shares a cent apart at most, larger first, adding up exactly, for N from 1 to 20 on awkward totals', () => {
  assert.equal(splitEvenly(10_000, 3), [3334, 3333, 3333]);
  assert.equal(splitEvenly(1, 4), [1, 0, 0, 0]);
  assert.equal(splitEvenly(0, 2), [0, 0]);
  for (const total of [1, 7, 99, 100, 101, 2899, 8351, 99_999, 1_234_567]) {
    for (let ways = 1; ways <= 20; ways++) {
      const shares = splitEvenly(total, ways);
      assert.is(shares.length, ways);
      assert.is(shares.reduce((sum, share) => sum + share, 0), total, `${total} in ${ways}`);
      assert.ok(Math.max(...shares) - Math.min(...shares) <= 1, `${total} in ${ways}: ${shares}`);
      assert.equal(shares, [...shares].sort((a, b) => b - a), 'larger shares first');
    }
  }
  assert.throws(() => splitEvenly(100, 0), /0 is not a number of shares/);
  assert.throws(() => splitEvenly(10.5, 2), /10.5 is not a whole number of cents/);
  assert.throws(() => splitEvenly(-1, 2), /-1 is not a whole number of cents/);
});

Money('the VAT inside a price, to the nearest cent: 10 % of €11.00 is €1.00, 22 % of €18.00 is €3.25', () => {
  assert.is(vatInside(1100, 1000), 100);
  assert.is(vatInside(1800, 2200), 325); // 324.59…
  assert.is(vatInside(105, 1000), 10); // 9.545…
  assert.is(vatInside(0, 1000), 0);
  assert.is(vatInside(104, 400), 4); // 4 %: 4.0
});

Money('a bill’s VAT by rate, highest first; the cover charge is taxed as food (10 %)', () => {
  const line = (totalCents: number, vatBp: number) => ({ dishId: 1, name: 'x', quantity: 1, unitCents: totalCents, totalCents, vatBp });
  assert.equal(vatByRate([line(3750, 1000), line(1800, 2200), line(1800, 1000)], 1000), [
    { rateBp: 2200, grossCents: 1800, vatCents: 325 },
    { rateBp: 1000, grossCents: 6550, vatCents: 595 },
  ]);
  assert.equal(vatByRate([], 500), [{ rateBp: 1000, grossCents: 500, vatCents: 45 }]);
  assert.equal(vatByRate([], 0), []);
});

Money('shared out by weights: a line of three split 1 + 2, a bottle in halves or thirds, to the cent and adding up', () => {
  assert.equal(shareOut(3750, [1, 2]), [1250, 2500]);
  assert.equal(shareOut(1800, [1, 1]), [900, 900]);
  assert.equal(shareOut(1000, [1, 1, 1]), [334, 333, 333]);
  assert.equal(shareOut(1001, [0, 1, 1]), [0, 501, 500]);
  assert.equal(shareOut(1, [1, 1, 1, 1]), [1, 0, 0, 0]);
  for (const total of [1, 99, 1001, 99_999]) {
    for (const weights of [[1, 2, 3], [5, 0, 7, 1], [1, 1, 1, 1, 1, 1, 1]]) assert.is(shareOut(total, weights).reduce((a, b) => a + b, 0), total, `${total} by ${weights}`);
  }
  assert.throws(() => shareOut(100, [0, 0]), /not whole weights/);
  assert.throws(() => shareOut(100, [1, -1, 2]), /not whole weights/);
  assert.throws(() => shareOut(100, [0.5, 1]), /not whole weights/);
});

Money('split by lines: each guest’s dishes, a shared bottle, and the cover charge evenly; the shares add up to the total', () => {
  const line = (totalCents: number) => ({ dishId: 1, name: 'x', quantity: 1, unitCents: totalCents, totalCents, vatBp: 1000 });
  // Carbonara ×3 (37.50): Ada one, Bruno two; the wine (18.00) in halves; cover 2 × 2.50.
  const bill = { lines: [line(3750), line(1800)], coverTotalCents: 500, remainingCents: 6050 };
  assert.equal(splitByLines(bill, [[1, 2], [1, 1]]), [1250 + 900 + 250, 2500 + 900 + 250]);
  const three = { lines: [line(1001), line(2)], coverTotalCents: 751, remainingCents: 1754 };
  const shares = splitByLines(three, [[1, 1, 1], [0, 1, 1]]);
  assert.equal(shares, [334 + 0 + 251, 334 + 1 + 250, 333 + 1 + 250]);
  assert.is(shares.reduce((a, b) => a + b, 0), 1001 + 2 + 751);
  // The bill: €86.00 of dishes, €5.50 off, four guests: the shares are of the €80.50 left.
  const four = { lines: [line(3600), line(2450), line(1000), line(1550)], coverTotalCents: 0, remainingCents: 8050 };
  const ofFour = splitByLines(four, [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]);
  assert.equal(ofFour, [3370, 2293, 936, 1451]);
  assert.is(ofFour.reduce((a, b) => a + b, 0), 8050);
  assert.equal(splitByLines({ lines: [line(0)], coverTotalCents: 0, remainingCents: 0 }, [[1, 1]]), [0, 0], 'nothing had, nothing owed');
});

Money.run();

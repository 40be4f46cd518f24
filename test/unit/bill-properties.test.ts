// A bill's money as properties over its arithmetic (src/shared/bills.ts), on random bills:
// the cheap runs beside the ones through the API (test/api/bill-properties.test.ts), which
// cost a database and a few hundred milliseconds each. A random bill here is what a bill can
// come to: lines of dishes at awkward prices and VAT rates (4, 10, 22 %), guests at a cover
// charge, discounts at most what it comes to, and payments (refunds taken off them) at most
// what is left. On each: the VAT by rate adds up to the total, each rate's VAT is the VAT inside
// its gross and bears its share of the discounts to the cent, however the lines are grouped
// (as the day's close keeps a paid bill's VAT); split evenly or by dishes, the
// shares add up to what remains exactly, a guest who had more never pays less, and with nothing
// off or paid each pays what they had. A failure prints fast-check's seed and path (BILL_SEED and
// BILL_PATH replay it).
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_VAT_BP, MOST_SHARES, shareOut, splitByLines, splitEvenly, vatByRate, vatInside } from '../../src/shared/bills.js';

const RUNS = Number(process.env.BILL_RUNS ?? 1000);
const options = { numRuns: RUNS, seed: process.env.BILL_SEED ? Number(process.env.BILL_SEED) : undefined, path: process.env.BILL_PATH, includeErrorInReport: true };
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

const lineArb = fc.record({
  unitCents: fc.oneof(fc.constantFrom(1, 5, 7, 49, 333, 777, 1001, 1999), fc.integer({ min: 1, max: 50_000 })),
  quantity: fc.integer({ min: 1, max: 60 }),
  vatBp: fc.constantFrom(400, 1000, 2200),
});
/** A bill as it can be: its lines and guests, then discounts and payments as parts (per mille) of what it came to and what was left. */
const billArb = fc
  .record({
    lines: fc.array(lineArb, { maxLength: 12 }),
    covers: fc.integer({ min: 0, max: 20 }),
    coverCents: fc.constantFrom(0, 175, 250, 333),
    discountPermille: fc.oneof(fc.constant(0), fc.constant(1000), fc.integer({ min: 0, max: 1000 })),
    paidPermille: fc.oneof(fc.constant(0), fc.constant(1000), fc.integer({ min: 0, max: 1000 })),
  })
  .map(({ lines, covers, coverCents, discountPermille, paidPermille }) => {
    const billLines = lines.map((line) => ({ ...line, totalCents: line.quantity * line.unitCents }));
    const coverTotalCents = covers * coverCents;
    const gross = sum(billLines.map((line) => line.totalCents)) + coverTotalCents;
    const discountCents = Math.floor((gross * discountPermille) / 1000);
    const totalCents = gross - discountCents;
    const paidCents = Math.floor((totalCents * paidPermille) / 1000);
    return { lines: billLines, coverTotalCents, discountCents, totalCents, paidCents, remainingCents: totalCents - paidCents };
  });
/** Weights for each of `lines` lines among 2 to 20 guests, none all 0 (a line nobody had is refused). */
const weightsArb = (lines: number) =>
  fc.integer({ min: 2, max: MOST_SHARES }).chain((guests) =>
    fc.array(
      fc.array(fc.nat(4), { minLength: guests, maxLength: guests }).filter((row) => row.some((weight) => weight > 0)),
      { minLength: lines, maxLength: lines },
    ),
  );
const billWithWeightsArb = billArb.filter((bill) => bill.lines.length > 0).chain((bill) => fc.tuple(fc.constant(bill), weightsArb(bill.lines.length)));

/** Each share within a cent of its exact part, in whole numbers (no rounding of the check itself). */
function withinACent(shares: readonly number[], total: number, weights: readonly number[]) {
  const whole = BigInt(sum(weights));
  shares.forEach((share, i) => {
    const off = BigInt(share) * whole - BigInt(total) * BigInt(weights[i]!);
    assert.ok(off > -whole && off < whole, `share ${i} (${share}) is within a cent of ${total} × ${weights[i]} / ${whole}`);
  });
}

const Properties = suite('a bill’s money, as properties');

Properties(`random bills (${RUNS} runs): the VAT by rate adds up to the total, each the VAT inside its gross, the discounts off each rate in proportion`, () => {
  fc.assert(
    fc.property(billArb, (bill) => {
      const vat = vatByRate(bill.lines, bill.coverTotalCents, bill.discountCents);
      assert.is(sum(vat.map((rate) => rate.grossCents)), bill.totalCents, 'Σ grossCents = totalCents');
      for (const rate of vat) {
        assert.is(rate.vatCents, vatInside(rate.grossCents, rate.rateBp));
        assert.ok(rate.grossCents >= 0, `${rate.rateBp}: ${rate.grossCents} is not below 0`);
      }
      const gross = new Map<number, number>();
      for (const line of bill.lines) gross.set(line.vatBp, (gross.get(line.vatBp) ?? 0) + line.totalCents);
      if (bill.coverTotalCents) gross.set(DEFAULT_VAT_BP, (gross.get(DEFAULT_VAT_BP) ?? 0) + bill.coverTotalCents);
      assert.equal(
        vat.map((rate) => rate.rateBp),
        [...gross.keys()].sort((a, b) => b - a),
        'a rate for each the bill holds, highest first',
      );
      const rates = vat.map((rate) => gross.get(rate.rateBp)!);
      withinACent(
        vat.map((rate) => gross.get(rate.rateBp)! - rate.grossCents),
        bill.discountCents,
        rates,
      );
    }),
    options,
  );
});

Properties(`random bills (${RUNS} runs): the VAT by rate is the same however the lines are grouped, as the close keeps it (orders and changes summed apart by rate): dishes all moved away leave no rate behind`, () => {
  fc.assert(
    fc.property(billArb, fc.array(lineArb, { maxLength: 4 }), (bill, gone) => {
      // As db/paid-bill-vat.ts reads a paid bill: its orders' dishes by rate (those since moved away or taken off too), and its changes by rate.
      const byRate = (lines: readonly { vatBp: number; totalCents: number }[]) => {
        const rates = new Map<number, number>();
        for (const line of lines) rates.set(line.vatBp, (rates.get(line.vatBp) ?? 0) + line.totalCents);
        return [...rates].map(([vatBp, totalCents]) => ({ vatBp, totalCents }));
      };
      const ordered = byRate([...bill.lines, ...gone.map((line) => ({ vatBp: line.vatBp, totalCents: line.quantity * line.unitCents }))]);
      const changes = byRate(gone.map((line) => ({ vatBp: line.vatBp, totalCents: -line.quantity * line.unitCents })));
      assert.equal(vatByRate([...ordered, ...changes], bill.coverTotalCents, bill.discountCents), vatByRate(bill.lines, bill.coverTotalCents, bill.discountCents));
    }),
    options,
  );
});

Properties(`random bills (${RUNS} runs): split evenly in 1 to 20, the shares add up to what remains, a cent apart at most, larger first`, () => {
  fc.assert(
    fc.property(billArb, fc.integer({ min: 1, max: MOST_SHARES }), (bill, ways) => {
      const shares = splitEvenly(bill.remainingCents, ways);
      assert.is(shares.length, ways);
      assert.is(sum(shares), bill.remainingCents);
      assert.ok(Math.max(...shares) - Math.min(...shares) <= 1, `${shares}`);
      assert.equal(shares, [...shares].sort((a, b) => b - a));
    }),
    options,
  );
});

Properties(`random bills (${RUNS} runs): split by dishes, the shares add up to what remains; a guest who had more pays no less; with nothing off or paid, each pays what they had`, () => {
  fc.assert(
    fc.property(billWithWeightsArb, ([bill, weights]) => {
      const shares = splitByLines(bill, weights);
      const guests = weights[0]!.length;
      assert.is(shares.length, guests);
      assert.is(sum(shares), bill.remainingCents, `${shares} add up to ${bill.remainingCents}`);
      assert.ok(
        shares.every((share) => Number.isInteger(share) && share >= 0),
        `${shares}: whole cents, none below 0`,
      );
      // What each had: their part of each line (shareOut), and of the cover charge evenly.
      const had = splitEvenly(bill.coverTotalCents, guests);
      bill.lines.forEach((line, i) => {
        for (const [guest, cents] of shareOut(line.totalCents, weights[i]!).entries()) had[guest]! += cents;
      });
      assert.is(sum(had), sum(bill.lines.map((line) => line.totalCents)) + bill.coverTotalCents);
      for (let a = 0; a < guests; a++) for (let b = 0; b < guests; b++) if (had[a]! > had[b]!) assert.ok(shares[a]! >= shares[b]!, `guest ${a} had ${had[a]} > ${had[b]}, pays ${shares[a]} < ${shares[b]}`);
      if (!bill.discountCents && !bill.paidCents) assert.equal(shares, had, 'with nothing off or paid, each pays what they had');
      else if (sum(had) > 0) withinACent(shares, bill.remainingCents, had);
    }),
    options,
  );
});

Properties(`shared out by weights (${RUNS} runs): adding up exactly, each within a cent of its part, nothing for a weight of 0`, () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.array(fc.nat(1_000), { minLength: 1, maxLength: 30 }).filter((weights) => weights.some((weight) => weight > 0)),
      (total, weights) => {
        const shares = shareOut(total, weights);
        assert.is(sum(shares), total);
        withinACent(shares, total, weights);
        for (const [i, weight] of weights.entries()) if (weight === 0) assert.is(shares[i], 0, `weight ${i} is 0`);
      },
    ),
    options,
  );
});

Properties.run();

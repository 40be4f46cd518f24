// Euros as a waiter or the owner types them (src/site/common/money-input.ts): a comma or a point
// before the cents, and thousands grouped as each language groups them.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { centsIn } from '../../src/site/common/money-input.js';

const Typed = suite('euros as typed');

Typed('the cents after a comma or a point, in either language', () => {
  for (const lang of ['en', 'it'] as const) {
    assert.is(centsIn('12.50', lang), 1250);
    assert.is(centsIn('12,50', lang), 1250);
    assert.is(centsIn(' 12 ', lang), 1200);
    assert.is(centsIn('0,5', lang), 50);
    assert.is(centsIn('999999.99', lang), 99_999_999);
  }
});

Typed('thousands grouped as the language groups them', () => {
  assert.is(centsIn('1.234,50', 'it'), 123_450);
  assert.is(centsIn('1.234', 'it'), 123_400);
  assert.is(centsIn('12.505', 'it'), 1_250_500, 'twelve thousand five hundred and five, as an Italian reads it');
  assert.ok(Number.isNaN(centsIn('12.505', 'en')), 'three decimals in English');
  assert.ok(Number.isNaN(centsIn('12.345.678', 'it')), 'over 999,999.99');
  assert.is(centsIn('1,234.50', 'en'), 123_450);
  assert.is(centsIn('1,234', 'en'), 123_400);
});

Typed('anything else is refused (NaN), never guessed', () => {
  for (const lang of ['en', 'it'] as const) {
    for (const typed of ['', 'abc', '-5', '1e3', '12,50 €', '1.23.4', '12..5', '1 234,50']) assert.ok(Number.isNaN(centsIn(typed, lang)), `${lang}: ${typed}`);
  }
  // The other language's grouping is not read as this one's: "1,234" in Italian is not 1,234 euros.
  assert.ok(Number.isNaN(centsIn('1,234', 'it')));
  assert.ok(Number.isNaN(centsIn('1.234,50', 'en')));
});

Typed.run();

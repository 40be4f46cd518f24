// The waiter's pad (issue 69): the server as `npm start` runs it (the built site, SQLite), a
// waiter signed in on a phone's screen (390 × 844) at table 5's pad, in Chromium at 4× CPU
// slowdown: taps as a waiter makes them (a category's tab, a dish, another, the guests, a
// seat, one more), each tap's next paint (Event Timing of the click, whose least threshold is
// 16 ms: a tap not reported took less and counts as 16); p75. The lines grow as the taps go,
// so later taps draw a longer order.
import type { Locator } from 'playwright-core';
import { startSite } from '../helpers/browser.js';
import { signIn } from './bill-page.js';
import { eventDurations, orSixteen } from './event-timing.js';

export interface PadFigures {
  taps: number;
  /** Lines on the pad at the end. */
  lines: number;
  /** p75 of the taps' next paints, ms (16: 16 or less). */
  tap: number;
}

export interface PadSizes {
  taps: number;
  slowdown: number;
}

const SIZES: PadSizes = { taps: 40, slowdown: 4 };

export async function measurePad({ taps, slowdown }: PadSizes = SIZES): Promise<PadFigures> {
  const site = await startSite();
  try {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, site.base);
    await page.goto(`${site.base}/tables/5/order`);
    const dish = (name: string) => page.locator('.pad-dish', { hasText: name });
    const tab = (name: string) => page.locator('.pad-tab', { hasText: name });
    await dish('Bruschetta al pomodoro').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const clicked = await eventDurations(page, ['click']);
    // A round of what a waiter taps, dishes without choices (each tap adds to the order).
    const round: (() => Locator)[] = [
      () => tab('Antipasti'),
      () => dish('Bruschetta al pomodoro'),
      () => dish('Burrata con pesche'),
      () => page.locator('.pad-guest[data-guests="4"]'),
      () => tab('Pasta'),
      () => dish('Spaghetti alla carbonara'),
      () => page.locator('.pad-line', { hasText: 'Spaghetti alla carbonara' }).getByRole('button', { name: /^Seat / }),
      () => tab('Mains'),
      () => dish('Saltimbocca alla romana'),
      () => page.locator('.pad-line', { hasText: 'Saltimbocca alla romana' }).getByRole('button', { name: /^One more/ }),
    ];
    const times: number[] = [];
    for (let i = 0; i < taps; i++) {
      const before = await clicked.count();
      await round[i % round.length]!().first().click();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      times.push(orSixteen((await clicked.since(before)).at(-1)));
    }
    const lines = await page.locator('.pad-line').count();
    if (lines < 4) throw new Error(`The pad shows ${lines} lines after ${taps} taps.`);
    const sorted = [...times].sort((a, b) => a - b);
    return { taps, lines, tap: sorted[Math.ceil(0.75 * sorted.length) - 1]! };
  } finally {
    await site.stop();
  }
}

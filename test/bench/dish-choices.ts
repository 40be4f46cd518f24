// A dish's choices on its page (issue 51): the server as `npm start` runs it (the built site,
// SQLite), dish 3 given three groups (a doneness to choose, extras, what can be left out);
// then, in Chromium at 4× CPU slowdown on a phone's screen (390 × 844), its page opened and
// options chosen one after another by click (a doneness, an extra on, then off, something left
// out): each click's next paint (Event Timing, whose least threshold is 16 ms: a click not
// reported took less and counts as 16), in which the price, the allergens and the Add
// button's total are drawn again; p75.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../helpers/browser.js';
import { siteAndServerBuilt } from '../helpers/built.js';
import { startServer, stopServer } from '../helpers/server-process.js';
import { eventDurations, orSixteen } from './event-timing.js';

export interface DishChoicesFigures {
  groups: number;
  options: number;
  /** p75 of the clicks' next paints, ms (16: 16 or less). */
  choose: number;
}

export interface DishChoicesSizes {
  /** Clicks on options, in turns through the groups. */
  clicks: number;
  slowdown: number;
}

const SIZES: DishChoicesSizes = { clicks: 20, slowdown: 4 };

const option = (name: string, priceCents = 0, more: Record<string, unknown> = {}) => ({ name, nameIt: null, priceCents, addsAllergens: [], removesAllergens: [], available: true, ...more });
/** The three groups the bench gives a dish (the API's shapes; test/api/choices.test.ts has the same). */
export const BENCH_GROUPS = [
  { name: 'How it is cooked', nameIt: 'Cottura', kind: 'choose', min: 1, max: 1, options: [option('Rare'), option('Medium'), option('Well done')] },
  { name: 'Extras', nameIt: 'Aggiunte', kind: 'choose', min: 0, max: 3, options: [option('Buffalo mozzarella', 200, { addsAllergens: ['milk'] }), option('Nduja', 150), option('Gluten-free base', 150, { removesAllergens: ['gluten'] }), option('Mushrooms', 100)] },
  { name: 'Without', nameIt: 'Senza', kind: 'without', min: 0, max: 2, options: [option('Onion'), option('Pecorino')] },
];

/** Gives dish `dish` the bench's three groups, as the Admin; answers how many options they hold. */
export async function giveChoices(base: string, dish: number): Promise<number> {
  const send = async (method: string, path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const admin = (await send('POST', '/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).accessToken as string;
  const groups: number[] = [];
  for (const group of BENCH_GROUPS) groups.push((await send('POST', '/admin/choice-groups', group, admin)).id);
  const { version } = await (await fetch(`${base}/api/v1/dishes/${dish}`)).json();
  await send('PUT', `/admin/dishes/${dish}/choice-groups`, { version, groups }, admin);
  return BENCH_GROUPS.reduce((sum, group) => sum + group.options.length, 0);
}

export async function measureDishChoices({ clicks, slowdown }: DishChoicesSizes = SIZES): Promise<DishChoicesFigures> {
  await siteAndServerBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-bench-choices-'));
  const { base, child } = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'bench-dish-choices-secret-bench-dish-choices', OPEN_ALL_HOURS: 'on' });
  const browser = await launchChromium();
  try {
    const options = await giveChoices(base, 3);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${base}/menu/3`);
    await page.getByRole('group', { name: /^How it is cooked/ }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const clicked = await eventDurations(page, ['click']);
    // A doneness, an extra on, the same extra off, something left out on and off: as a diner goes.
    const turns = [page.getByRole('radio', { name: 'Medium' }), page.getByRole('checkbox', { name: /^Buffalo mozzarella/ }), page.getByRole('radio', { name: 'Rare' }), page.getByRole('checkbox', { name: /^Buffalo mozzarella/ }), page.getByRole('checkbox', { name: 'Onion' })];
    const price = page.locator('.dish-details .price');
    const times: number[] = [];
    for (let i = 0; i < clicks; i++) {
      const before = await clicked.count();
      const was = await price.textContent();
      await turns[i % turns.length]!.click();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      times.push(orSixteen((await clicked.since(before)).at(-1)));
      if (i % turns.length === 1 && (await price.textContent()) === was) throw new Error('The price did not follow the extra chosen.');
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { groups: BENCH_GROUPS.length, options, choose: sorted[Math.ceil(0.75 * sorted.length) - 1]! };
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A waiter's bill of 60 lines from 12 orders (five different dishes each, on table 5 with
// a party of four seated): the server as `npm start` runs it (the built site, SQLite, a menu
// grown to 80 dishes), then in Chromium at 4× CPU slowdown on a phone's screen (390 × 844),
// signed in as Wanda:
// - the bill's first draw: from a click on table 5 on the Tables page to the first frame that
//   shows the bill whole (its total in the page, nothing loading), median of `draws`, each a
//   new bill page (Back to the Tables page in between);
// - a split by dishes among 4 guests: with the panel open at 3 guests, the keydown
//   (ArrowDown on the Guests select) that makes it 4 and draws 60 rows of 4 inputs, to its
//   next paint (Event Timing; 16 means 16 or less), p75 of `splits` (ArrowUp back to 3 in
//   between, not counted).
import type { Page } from 'playwright-core';
import { eventDurations } from './event-timing.js';
import { startSite } from '../helpers/browser.js';

export interface BillPageFigures {
  lines: number;
  orders: number;
  /** Click → the bill drawn whole, ms. */
  firstDraw: { median: number; max: number };
  /** p75 of the keydowns that split by dishes among 4 guests, ms (16: 16 or less). */
  splitFour: number;
}

/** The bench's sizes; the smoke (test/smoke/bench-chromium.test.ts) gives small ones. */
export interface BillPageSizes {
  orders: number;
  /** Different dishes in each order: the bill's lines are orders × this. */
  dishesPerOrder: number;
  draws: number;
  splits: number;
  /** How many times slower Chromium's CPU is made (DevTools' throttling): 4 for the bench. */
  slowdown: number;
}
const SIZES: BillPageSizes = { orders: 12, dishesPerOrder: 5, draws: 5, splits: 10, slowdown: 4 };
const TABLE = 5;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};

async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** A party of four at TABLE, and `orders` orders of `dishesPerOrder` dishes none of the others has: one line each. */
async function prepare(base: string, { orders, dishesPerOrder }: BillPageSizes): Promise<number> {
  const token = (await api(base, 'POST', '/auth/login', { email: 'wanda@tavola.test', password: 'tavola-waiter' })).body.accessToken as string;
  const seated = await api(base, 'POST', '/staff/bookings/walk-ins', { party: 4, table: TABLE, name: 'Bench' }, token);
  if (seated.status !== 201) throw new Error(`the walk-in: ${seated.status} ${JSON.stringify(seated.body)}`);
  // Dishes that can be ordered as they are (some of the seed's are sold out, some ask for a choice first), five different ones to an order.
  const dishes: number[] = [];
  for (let id = 1; dishes.length < orders * dishesPerOrder; id++) {
    const dish = await api(base, 'GET', `/dishes/${id}`);
    if (dish.status === 404 && id > 1000) throw new Error(`only ${dishes.length} dishes can be ordered`);
    if (dish.status === 200 && dish.body.available && dish.body.choosing !== 'required') dishes.push(id);
  }
  for (let order = 0; order < orders; order++) {
    const items = dishes.slice(order * dishesPerOrder, (order + 1) * dishesPerOrder).map((dishId) => ({ dishId, quantity: 1 + (dishId % 3) }));
    const placed = await api(base, 'POST', '/orders', { table: TABLE, items }, token);
    if (placed.status !== 201) throw new Error(`an order: ${placed.status} ${JSON.stringify(placed.body)}`);
  }
  const bill = (await api(base, 'GET', `/staff/tables/${TABLE}/bill`, undefined, token)).body;
  return bill.lines.length;
}

/** Signs Wanda, a waiter, in on `page` (the pad's bench too). */
export async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('wanda@tavola.test');
  await page.getByLabel('Password', { exact: true }).fill('tavola-waiter');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

export async function measureBillPage(sizes: BillPageSizes = SIZES): Promise<BillPageFigures> {
  const site = await startSite({ menuSize: 80 });
  try {
    const lines = await prepare(site.base, sizes);
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, site.base);
    await page.goto(`${site.base}/tables`);
    await page.locator(`.table-card[data-table="${TABLE}"] a.table-card-body`).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: sizes.slowdown });
    const draws: number[] = [];
    for (let round = 0; round < sizes.draws; round++) {
      draws.push(
        await page.evaluate(
          (table) =>
            new Promise<number>((resolve) => {
              const start = performance.now();
              // (No named function in here: the page has no `__name`, which tsx would wrap it in.)
              const observer = new MutationObserver(() => {
                if (!document.querySelector('.bill-lines tfoot') || document.querySelector('main [aria-busy="true"]')) return;
                observer.disconnect();
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
              });
              observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
              document.querySelector<HTMLAnchorElement>(`.table-card[data-table="${table}"] a.table-card-body`)!.click();
            }),
          TABLE,
        ),
      );
      await page.goBack();
      await page.locator(`.table-card[data-table="${TABLE}"] a.table-card-body`).waitFor();
    }
    await page.locator(`.table-card[data-table="${TABLE}"] a.table-card-body`).click();
    await page.getByText('Split by dishes').click();
    const guests = page.getByLabel('Guests', { exact: true });
    await guests.selectOption('3');
    const keydowns = await eventDurations(page, ['keydown']);
    const splits: number[] = [];
    for (let round = 0; round < sizes.splits; round++) {
      await guests.focus();
      const before = await keydowns.count();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('columnheader', { name: 'Guest 4' }).waitFor();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      splits.push(Math.max(16, ...(await keydowns.since(before))));
      await page.keyboard.press('ArrowUp');
      await page.getByRole('columnheader', { name: 'Guest 4' }).waitFor({ state: 'detached' });
    }
    return { lines, orders: sizes.orders, firstDraw: { median: quantile(draws, 0.5), max: Math.round(Math.max(...draws) * 10) / 10 }, splitFour: quantile(splits, 0.75) };
  } finally {
    await site.stop();
  }
}


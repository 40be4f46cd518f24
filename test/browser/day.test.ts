// The day's numbers in Chromium: the page shows what the API counts for orders this test
// places and serves; the chart has a bar per hour and the same numbers in a table; another
// date is a new history entry (Back returns); the CSV downloads; axe-core finds nothing at
// 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBothSchemes, siteForSuite, toNoonTomorrow, screenshot } from '../helpers/browser.js';
import { newPhone } from '../helpers/phones.js';

const Day = suite("the day's numbers in Chromium");
const site = siteForSuite(Day);
const { signedIn } = site;

// The API's answers, their bodies only.
const call = async (path: string, init?: Parameters<typeof site.call>[1]) => (await site.call(path, init)).body;
const { tokenOf } = site;

Day('the page shows the day as the API counts it, orders placed and served here included; another date, Back, and the CSV', async () => {
  await toNoonTomorrow(site); // tonight's 22:00 is bookable whatever the hour of the run
  const [kitchen, waiter, admin] = [await tokenOf('kai@tavola.test', 'tavola-kitchen'), await tokenOf('wanda@tavola.test', 'tavola-waiter'), await tokenOf('ada@tavola.test', 'tavola-admin')];
  const before = await call('/api/v1/admin/day', { token: admin });
  let order = await call('/api/v1/orders', { method: 'POST', body: { pickupName: 'Figures', pickupPhone: newPhone(), items: [{ dishId: 6, quantity: 2 }] } });
  for (const [status, token] of [['preparing', kitchen], ['ready', kitchen], ['served', waiter]] as const) order = await call(`/api/v1/orders/${order.id}`, { method: 'PATCH', token, body: { status, version: order.version } });
  // A party of 3 booked for today's last time (it ends at midnight), and come.
  const today = (await call('/api/v1/bookings/rules')).firstDate;
  const booking = await call('/api/v1/staff/bookings', { method: 'POST', token: waiter, body: { party: 3, date: today, time: '22:00', name: 'Figures' } });
  await call(`/api/v1/staff/bookings/${booking.id}`, { method: 'PATCH', token: waiter, body: { version: booking.version, status: 'arrived' } });
  const day = await call('/api/v1/admin/day', { token: admin });
  assert.equal([day.placed, day.served, day.takingsCents], [before.placed + 1, before.served + 1, before.takingsCents + 2900]);
  assert.equal(day.covers, { booked: before.covers.booked + 3, arrived: before.covers.arrived + 3, noShow: before.covers.noShow, walkIns: before.covers.walkIns });

  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/day`);
  const value = (label: string) => page.locator('.figure', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('strong').textContent();
  await page.locator('.figure').first().waitFor();
  assert.equal([await value('Orders placed'), await value('Served'), await value('Takings \\(served orders\\)')], [String(day.placed), String(day.served), `€${(day.takingsCents / 100).toFixed(2)}`]);
  assert.equal([await value('Guests booked'), await value('Booked guests who came')], [String(day.covers.booked), String(day.covers.arrived)]);
  assert.equal([await page.locator('.day-chart .hour-bar').count(), await page.locator('.day-chart .hour-bar-before').count()], [day.perHour.length, day.perHour.length]);
  // The axis says its values: 0, half and the top, a round number at or above the busiest hour of either day.
  const busiest = Math.max(...day.perHour.map((hour: { orders: number }) => hour.orders), ...day.weekBefore.perHour.map((hour: { orders: number }) => hour.orders));
  const values = (await page.locator('.day-chart .grid + text').allTextContents()).map(Number);
  assert.ok(values[0] === 0 && values.at(-1)! >= busiest && values.at(-1)! <= Math.max(1, busiest) * 2.5, `axis ${values} for a busiest hour of ${busiest}`);
  assert.is(await page.locator('.per-hour tbody tr').count(), day.perHour.length);
  // The table has both days, hour by hour, for a screen reader.
  const words = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  assert.equal(await page.locator('.per-hour thead th').allTextContents(), ['Hour', words(day.date), `A week before (${words(day.weekBefore.date)})`]);
  const rows = await page.locator('.per-hour tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
  assert.equal(rows, day.perHour.map((hour: { hour: string; orders: number }, i: number) => [`${hour.hour}:00`, String(hour.orders), String(day.weekBefore.perHour[i]?.orders ?? 0)]));
  assert.is(await page.getByRole('img', { name: 'Orders per hour' }).count(), 1);
  assert.match((await page.locator('.top-dishes li').allTextContents()).join('|'), 'Spaghetti alla carbonara · ');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: "Download the day's orders (CSV)" }).click();
  const file = await download;
  assert.is(file.suggestedFilename(), `tavola-orders-${day.date}.csv`);
  const { readFile } = await import('node:fs/promises');
  const text = await readFile((await file.path())!, 'utf8');
  assert.match(text, /^number,placed_at,table,pickup_name,taken_by,status,total_eur,ready_at,served_at\r\n/);
  assert.match(text, new RegExp(`\\r\\n${order.number},[^\\r]*,,Figures,,served,29.00,`));

  await page.getByLabel('Day').fill('2026-01-15');
  await page.waitForURL(`${site.base}/admin/day/2026-01-15`);
  await page.getByText('Thursday 15 January, compared with Thursday 8 January (times in Europe/Rome).').waitFor();
  assert.is(await value('Orders placed'), '0');
  await page.goBack();
  await page.waitForURL(`${site.base}/admin/day`);
  await page.getByText(`${words(day.date)}, compared with`, { exact: false }).waitFor();
});

Day('axe-core finds nothing on the day page at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
    await page.goto(`${site.base}/admin/day`);
    await page.locator('.day-chart').waitFor();
    await page.locator('details summary').click();
    assert.equal(await checkBothSchemes(page, `/admin/day at ${width} px`, { each: (scheme) => screenshot(page, `day-${width}-${scheme}`) }), []);
  }
});

Day.run();

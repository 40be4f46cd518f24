// The host stand end to end in Chromium: paired from the owner's Displays page as a host
// stand, a tablet shows the day's bookings on a timeline under its own bar (no site header
// or footer), hears a booking made online by itself, and is still live past the 2-minute
// mark of a person's token (the server's clock moved 125 seconds on); the host seats a
// party and finishes it (the table frees at once; undone by mistake, then again), seats a walk-in that the online free
// times then see, finds a guest by name and by phone, moves a booking by keyboard and by
// dragging it; a second stand that missed a change is told what changed; a dropped network
// says since when, claims no table free, refuses a move with the reason and catches up;
// axe-core at 1280 px and on a 768 px tablet, light and dark. Guests who sat down and ordered
// from a table's QR code with nobody seating them: the stand shows the table taken, in words,
// with what their bill has open; a walk-in there is refused in the API's words and seated as
// those guests with one click, Finish waits for the bill; on a waiter's phone in Italian, a
// booked party marked arrived where guests ordered first, likewise.
//
// The server's clock is moved first to noon tomorrow in Rome, so the day has its bookable
// times whatever the hour the tests run at.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkBothSchemes, moveClock, siteForSuite, toNoonTomorrow, type Tab, screenshot } from '../helpers/browser.js';
import { startProxy } from '../helpers/cuttable-proxy.js';

const Host = suite('the host stand in Chromium');
const site = siteForSuite(Host);
const { open, signedIn } = site;
const ADA = { email: 'ada@tavola.test', password: 'tavola-admin' };
const WANDA = { email: 'wanda@tavola.test', password: 'tavola-waiter' };
let day = '';

/** Calls the API from the test as a person (a new access token each time: they live 2 minutes). */
async function as(account: { email: string; password: string }) {
  const login = await fetch(`${site.base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(account) });
  const token = (await login.json()).accessToken;
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${site.base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };
}
const bookOnline = async (time: string, name: string, phone: string, party = 2) => {
  const response = await fetch(`${site.base}/api/v1/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ party, date: day, time, name, phone }) });
  assert.is(response.status, 201, await response.clone().text());
  return response.json();
};
const freeTimes = async (party: number) => (await (await fetch(`${site.base}/api/v1/bookings/times?party=${party}&date=${day}`)).json()).day.times.map((time: { time: string }) => time.time);

/** A host stand added through the API, and a fresh tablet paired with its code (what its QR code opens), at `base` (a proxy's, to cut its network). */
async function standAt(name: string, { width = 1280, base = site.base } = {}): Promise<Tab> {
  const { body } = await (await as(ADA))('POST', '/admin/displays', { name, kind: 'host' });
  const tablet = await open({ width });
  await tablet.page.goto(`${base}${body.pairing.path}`);
  await tablet.page.waitForURL(`${base}/display`);
  await tablet.page.getByRole('heading', { name, level: 1 }).waitFor();
  await tablet.page.getByText('Live: bookings appear by themselves.').waitFor();
  return tablet;
}
const barOf = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name} · \\d+ `) });
const panelOf = (page: Page, name: string) => page.locator('.booking-panel', { has: page.getByRole('heading', { name: new RegExp(`^${name} · `) }) });
const tableState = (page: Page, table: number) => page.locator(`.host-row[data-table="${table}"] .table-state`);

Host.before(async () => {
  await toNoonTomorrow(site);
  day = (await (await as(ADA))('GET', '/staff/bookings')).body.date;
});

Host('paired from the Displays page as a host stand: the day on a timeline under its own bar, an online booking by itself, and still live past the 2-minute mark', async () => {
  const admin = await signedIn(ADA.email, ADA.password);
  await admin.page.goto(`${site.base}/admin/displays`);
  await admin.page.getByLabel('Name', { exact: true }).last().fill('Front door');
  await admin.page.locator('#new-display-shows').selectOption('host');
  await admin.page.getByRole('button', { name: 'Add and show its code' }).click();
  await admin.page.getByRole('heading', { name: 'Pair Front door' }).waitFor();
  const code = (await admin.page.locator('.pairing-code').textContent())!;
  const tablet = await open({ width: 1280 });
  await tablet.page.goto(`${site.base}/pair#${code}`);
  await tablet.page.waitForURL(`${site.base}/display`);
  await tablet.page.getByRole('heading', { name: 'Front door', level: 1 }).waitFor();
  await tablet.page.getByText('Live: bookings appear by themselves.').waitFor();
  // A screen: its bar, no site header or footer, no link off it but its days.
  assert.is(await tablet.page.locator('.screen-bar').count(), 1);
  assert.is(await tablet.page.locator('.site-header, .site-footer').count(), 0);
  assert.equal([...new Set(await tablet.page.locator('a').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)))], ['/display']);
  assert.equal(await tablet.page.getByRole('navigation', { name: 'Days' }).getByRole('link').allTextContents(), ['Yesterday', 'Today', 'Tomorrow']);
  await admin.page.locator('.display-status', { hasText: 'Its board is open now.' }).waitFor({ timeout: 15_000 });

  await bookOnline('14:00', 'Online Guest', '347 600 0001');
  await barOf(tablet.page, 'Online Guest').waitFor(); // no reload
  assert.match((await barOf(tablet.page, 'Online Guest').textContent())!, /Booked$/);

  // Past the 2-minute mark of a person's access token, on the server's clock: the stand stays.
  await moveClock(site, 125_000);
  await bookOnline('15:00', 'After Two Minutes', '347 600 0002');
  await barOf(tablet.page, 'After Two Minutes').waitFor({ timeout: 15_000 });
  assert.is(new URL(tablet.page.url()).pathname, '/display');
  await tablet.page.getByText('Live: bookings appear by themselves.').waitFor();
  if (process.env.SCREENSHOTS) await tablet.page.screenshot({ path: `${process.env.SCREENSHOTS}/host-stand-1280.png` });
});

Host('the host seats a party and finishes it (the table frees at once), seats a walk-in the online free times see, and finds guests by name and phone', async () => {
  const waiter = await as(WANDA);
  const seated = await waiter('POST', '/staff/bookings', { party: 2, date: day, time: '12:00', name: 'Sat Down', phone: '347 600 0010', table: 1 });
  assert.is(seated.status, 201);
  const stand = await standAt('Host stand');
  const page = stand.page;
  await tableState(page, 1).getByText('Expecting Sat Down').waitFor();
  await barOf(page, 'Sat Down').click();
  await panelOf(page, 'Sat Down').getByRole('button', { name: 'Arrived', exact: true }).click();
  await tableState(page, 1).getByText('Seated: Sat Down until 14:00').waitFor();
  await panelOf(page, 'Sat Down').getByRole('button', { name: 'Finished: free the table' }).click();
  await tableState(page, 1).getByText('Free', { exact: true }).waitFor();
  // Finished by mistake: undone, they hold the table again until 14:00; then finished for real.
  await panelOf(page, 'Sat Down').getByRole('button', { name: 'Undo finished' }).click();
  await tableState(page, 1).getByText('Seated: Sat Down until 14:00').waitFor();
  // The answer beside the buttons that acted, as well as at the top.
  await panelOf(page, 'Sat Down').locator('.panel-outcome').getByText('Seated again: Sat Down, 2 people, table 1.').waitFor();
  await panelOf(page, 'Sat Down').getByRole('button', { name: 'Finished: free the table' }).click();
  await tableState(page, 1).getByText('Free', { exact: true }).waitFor();
  assert.match((await barOf(page, 'Sat Down').textContent())!, /Left \d\d:\d\d$/);
  const after = (await waiter('GET', `/staff/bookings?date=${day}`)).body.bookings.find((booking: { name: string }) => booking.name === 'Sat Down');
  assert.equal([after.status, after.finishedAt !== null, after.seatedAt !== null], ['arrived', true, true]);

  // Table 20 is made the only one for six: a walk-in of six holds it, and the free times online see it.
  const admin = await as(ADA);
  const table20 = (await admin('GET', '/admin/tables')).body.tables.find((table: { number: number }) => table.number === 20);
  assert.is((await admin('PATCH', '/admin/tables/20', { version: table20.version, seats: 8 })).status, 200);
  try {
    assert.is((await freeTimes(6))[0], '13:15', 'an hour ahead at least');
    await page.reload();
    await page.getByRole('button', { name: 'Seat a walk-in' }).click();
    await page.locator('#walk-in-party').fill('6');
    await page.locator('#walk-in-name').fill('Six at the door');
    await page.getByRole('button', { name: 'Seat them' }).click();
    // The clock is a little past 12:02 (moved 125 s on in the first test): held for the usual two hours from now.
    await page.getByRole('status').filter({ hasText: /^Seated: 6 people at table 20 until 14:0\d\.$/ }).first().waitFor();
    await barOf(page, 'Six at the door').waitFor();
    assert.is((await freeTimes(6))[0], '14:15', 'table 20 is held until past 14:00');
  } finally {
    const now = (await admin('GET', '/admin/tables')).body.tables.find((table: { number: number }) => table.number === 20);
    await admin('PATCH', '/admin/tables/20', { version: now.version, seats: 4 });
  }

  // Finding a guest: by name, then by three digits of the phone.
  await bookOnline('16:00', 'Giulia Ricercata', '347 600 0777');
  await barOf(page, 'Giulia Ricercata').waitFor();
  const search = page.getByRole('searchbox', { name: 'Find a guest' });
  await search.fill('ricerc');
  await page.getByText('1 found').waitFor();
  await page.getByRole('button', { name: /^Giulia Ricercata · 2 people · 16:00 · table \d+$/ }).click();
  await panelOf(page, 'Giulia Ricercata').waitFor();
  const focused = await page.evaluate(() => document.activeElement?.closest('.booking-bar')?.getAttribute('title'));
  assert.match(focused!, /^2 people, 16:00 to 18:00, table \d+$/);
  await search.fill('0777');
  await page.getByText('1 found').waitFor();
  await search.fill('Nobody Here');
  await page.getByText('No booking for “Nobody Here” on this day.').waitFor();
});

Host('moves: by keyboard and by dragging; a stand that missed a change is told what changed', async () => {
  const waiter = await as(WANDA);
  const mover = (await waiter('POST', '/staff/bookings', { party: 2, date: day, time: '19:00', name: 'Key Mover', table: 5 })).body;
  const dragged = (await waiter('POST', '/staff/bookings', { party: 2, date: day, time: '20:00', name: 'Drag Me', table: 7 })).body;
  const stand = await standAt('Moves');
  const page = stand.page;
  await page.setViewportSize({ width: 1280, height: 1200 });
  // Keyboard: the next table down, a quarter of an hour later, Enter.
  await barOf(page, 'Key Mover').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.is(await page.locator('.host-row[data-table="6"] .booking-bar.moving').count(), 1, 'the bar waits on table 6');
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: 'Moved: Key Mover, 2 people, table 6 at 19:15.' }).first().waitFor();
  const moved = (await waiter('GET', `/staff/bookings?date=${day}`)).body.bookings.find((booking: { id: number }) => booking.id === mover.id);
  assert.equal([moved.table, moved.time, moved.version], [6, '19:15', 2]);
  assert.match((await page.evaluate(() => (document.activeElement?.classList.contains('booking-bar') ? document.activeElement.textContent : null)))!, /^Key Mover · 2\b/, 'focus stays on the bar');
  // Escape puts a move back.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  assert.is(await page.locator('.host-row[data-table="6"]').getByRole('button', { name: /^Key Mover/ }).count(), 1);

  // Dragging: onto the next row, at the same time.
  const from = (await barOf(page, 'Drag Me').boundingBox())!;
  const row = (await page.locator('.host-row[data-table="8"] .host-track').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, row.y + row.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('status').filter({ hasText: 'Moved: Drag Me, 2 people, table 8 at 20:00.' }).first().waitFor();
  assert.is((await waiter('GET', `/staff/bookings?date=${day}`)).body.bookings.find((booking: { id: number }) => booking.id === dragged.id).table, 8);

  // A second stand whose stream hears nothing (it hangs) still shows Key Mover at 19:15 on table 6.
  const deaf = await open({ width: 1280 });
  await deaf.page.route('**/api/v1/staff/bookings/events', () => {}); // never answered
  const { body } = await (await as(ADA))('POST', '/admin/displays', { name: 'Deaf stand', kind: 'host' });
  await deaf.page.goto(`${site.base}${body.pairing.path}`);
  await barOf(deaf.page, 'Key Mover').waitFor();
  await (await as(WANDA))('PATCH', `/staff/bookings/${mover.id}`, { version: 2, table: 9 });
  await barOf(deaf.page, 'Key Mover').focus();
  await deaf.page.keyboard.press('ArrowDown');
  await deaf.page.keyboard.press('Enter');
  await deaf.page.getByRole('status').filter({ hasText: `Booking ${mover.id} (Key Mover) was changed meanwhile: it is now confirmed, 2 people at 19:15 on ` }).first().waitFor();
  await deaf.page.locator('.host-row[data-table="9"]').getByRole('button', { name: /^Key Mover/ }).waitFor();
});

Host('a dropped network: the stand says since when, claims no table free, refuses a move with the reason, and catches up', async () => {
  const wifi = await startProxy(site.base);
  try {
    await (await as(WANDA))('POST', '/staff/bookings', { party: 2, date: day, time: '21:00', name: 'Offline Test', table: 10 });
    const stand = await standAt('Offline stand', { base: wifi.base });
    const page = stand.page;
    await barOf(page, 'Offline Test').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    wifi.cut();
    await page.locator('.connection.offline').getByText(/^Offline since \d\d:\d\d\. Reconnecting by itself; tables are not shown free until it is back\.$/).waitFor({ timeout: 10_000 });
    assert.equal([...new Set(await page.locator('.table-state').allTextContents())], ['Not known while offline']);
    await barOf(page, 'Offline Test').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('.host-outcome').getByText(/^This screen is offline since \d\d:\d\d: nothing was changed, and nothing waits to be sent\. Try again when it is back online\.$/).waitFor();
    await page.locator('.host-row[data-table="10"]').getByRole('button', { name: /^Offline Test/ }).waitFor();
    await bookOnline('21:30', 'Missed Meanwhile', '347 600 0020');
    wifi.restore();
    await barOf(page, 'Missed Meanwhile').waitFor({ timeout: 15_000 });
    await page.getByText('Live: bookings appear by themselves.').waitFor();
    assert.ok((await page.locator('.table-state').allTextContents()).includes('Free'));
    assert.is(await page.evaluate(() => (window as unknown as { marker: string }).marker), 'same page', 'no reload');
  } finally {
    await wifi.close();
  }
});

Host('axe-core finds nothing on the host stand (1280 px and a 768 px tablet) and the staff bookings page, light and dark', async () => {
  const stand = await standAt('Axe stand');
  const wanda = await signedIn(WANDA.email, WANDA.password);
  const found: string[] = [];
  for (const width of [1280, 768]) {
    for (const [tab, path] of [
      [stand, `/display?date=${day}`],
      [wanda, `/bookings?date=${day}`],
    ] as const) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.goto(`${site.base}${path}`);
      await barOf(tab.page, 'Online Guest').click();
      await tab.page.locator('.booking-panel').waitFor();
      found.push(...(await checkBothSchemes(tab.page, `${path} at ${width} px`, { each: (scheme) => screenshot(tab.page, `${path.split('?')[0]!.slice(1)}-host-${width}-${scheme}`) })));
    }
  }
  assert.equal(found, []);
});

Host('a tablet at 1024 × 768 holds the evening’s 24 tables on one screen, a line each, its states and bars at 18 px; axe finds nothing', async () => {
  const call = await as(ADA);
  const { tables } = (await call('GET', '/admin/tables')).body as { tables: { number: number }[] };
  const highest = Math.max(...tables.map((table) => table.number));
  for (let number = highest + 1; number <= highest + 24 - tables.length; number++) assert.is((await call('POST', '/admin/tables', { number })).status, 201);
  const stand = await standAt('Tablet stand', { width: 1024 });
  await stand.page.setViewportSize({ width: 1024, height: 768 });
  await barOf(stand.page, 'Online Guest').waitFor();
  const seen = await stand.page.evaluate(() => {
    const box = document.querySelector('.host-scroll')!.getBoundingClientRect();
    const rows = [...document.querySelectorAll<HTMLElement>('.host-row')];
    return {
      rows: rows.length,
      inView: rows.filter((row) => row.getBoundingClientRect().bottom <= Math.min(box.bottom, innerHeight)).length,
      // One line each: every label as high as one line of 1.5rem (24 px), to the pixel.
      heights: [...new Set(rows.map((row) => Math.round(row.querySelector('.host-table')!.getBoundingClientRect().height)))],
      sizes: [...new Set([...document.querySelectorAll('.table-state, .booking-bar')].map((each) => getComputedStyle(each).fontSize))],
    };
  });
  assert.equal(seen, { rows: 24, inView: 24, heights: [24], sizes: ['18px'] });
  assert.equal(await checkBothSchemes(stand.page, '/display at 1024 × 768', { width: true, each: (scheme) => screenshot(stand.page, `display-host-1024x768-${scheme}`) }), []);
});

Host('the owner lets tables 11 and 12 join on the Tables page by keyboard; the host seats a walk-in of six at them joined: a bar on each row, each saying which table it joins', async () => {
  const admin = await signedIn(ADA.email, ADA.password);
  await admin.page.goto(`${site.base}/admin/tables`);
  const joins = admin.page.getByLabel('Joins with').nth(10);
  assert.is(await joins.getAttribute('id'), 'table-11-joins');
  await joins.focus();
  await admin.page.keyboard.type('12');
  await admin.page.keyboard.press('Enter');
  await admin.page.locator('.row-outcome', { hasText: 'Saved Table 11.' }).waitFor();
  // The pair is both tables': table 12's row, read again, says it joins 11.
  await admin.page.locator('#table-12-joins[value="11"]').waitFor();
  assert.is(await admin.page.locator('#table-11-joins').inputValue(), '12');
  const call = await as(ADA);
  try {
    const stand = await standAt('Joining stand', { width: 1024 });
    const page = stand.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Seat a walk-in' }).click();
    await page.locator('#walk-in-party').fill('6');
    await page.locator('#walk-in-name').fill('Joined Six');
    const joined = page.locator('#walk-in-table option[value="11+12"]');
    assert.is(await joined.textContent(), 'Tables 11 + 12 joined · 8 seats · Free');
    await page.locator('#walk-in-table').selectOption('11+12');
    await page.getByRole('button', { name: 'Seat them' }).click();
    await page.getByRole('status').filter({ hasText: /^Seated: 6 people at table 11 \+ 12 until \d\d:\d\d\.$/ }).first().waitFor();
    const bars = (table: number) => page.locator(`.host-row[data-table="${table}"] .booking-bar`);
    await bars(12).waitFor();
    assert.match((await bars(11).textContent())!, /^Joined Six · 6 · ⧉ with 12\n?Walk-in, seated$/);
    assert.match((await bars(12).textContent())!, /^Joined Six · 6 · ⧉ with 11\n?Walk-in, seated$/);
    assert.equal([await bars(11).getAttribute('class'), await bars(12).getAttribute('class')], ['booking-bar arrived', 'booking-bar arrived joined']);
    await tableState(page, 12).getByText(/^Seated: Joined Six until \d\d:\d\d$/).waitFor();
    // A tap on the second table's bar opens the same booking, its tables said whole.
    await bars(12).click();
    await panelOf(page, 'Joined Six').getByText('11 + 12', { exact: true }).waitFor();
    await screenshot(page, 'display-host-joined-1024x768');
    const seated = (await call('GET', `/staff/bookings?date=${day}`)).body.bookings.find((booking: { name: string }) => booking.name === 'Joined Six');
    assert.equal([seated.table, seated.tables], [11, [11, 12]]);
    assert.is((await call('POST', '/staff/bookings/walk-ins', { party: 2, table: 12 })).status, 409, 'table 12 holds the joined party');
  } finally {
    const eleven = (await call('GET', '/admin/tables')).body.tables.find((table: { number: number }) => table.number === 11);
    await call('PATCH', '/admin/tables/11', { version: eleven.version, joinsWith: [] });
  }
});

Host('a couple wait-listed at the stand by keyboard, told their table is ready, and seated from a waiter’s phone at 390 px in one act; the stand sees the stay and the quote against the wait', async () => {
  const stand = await standAt('Waiting stand', { width: 1024 });
  const page = stand.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Waitlist' }).click();
  await page.getByRole('heading', { name: 'Waitlist', level: 2 }).waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.id), 'waitlist-party', 'the form is ready to type in');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  // A name of spaces alone (which the browser's own check lets by) is refused in the form's words, the cursor back in the box.
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await page.locator('#waitlist .outcome').getByText('Write the name to call them by.', { exact: true }).waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.id), 'waitlist-name');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Coppia Attesa');
  // No way to reach them: the API's words, and the cursor in the phone's box.
  await page.keyboard.press('Enter');
  await page.locator('#waitlist .outcome').getByText('Give a phone number or an e-mail address: it is how they hear that their table is ready.', { exact: true }).waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.id), 'waitlist-phone');
  await page.keyboard.type('347 600 0999');
  await page.keyboard.press('Enter');
  // Tables are free at this hour: the quote says so.
  await page.locator('#waitlist .outcome').getByText('On the list: Coppia Attesa, 2 people. A table is free now.').waitFor();
  const entry = page.locator('.waitlist-entry', { hasText: 'Coppia Attesa' });
  await entry.getByRole('link', { name: '347 600 0999' }).waitFor();
  assert.is(await page.getByRole('button', { name: /^Waitlist/ }).textContent(), 'Waitlist (1)');
  await entry.getByRole('button', { name: 'Table ready (Coppia Attesa)' }).click();
  await entry.getByText('Marked as told: call them on 347 600 0999.').waitFor();
  await entry.getByText(/Told \d\d:\d\d that their table is ready\./).waitFor();
  await screenshot(page, 'display-host-waitlist-1024x768');

  // A waiter's phone: the same list, and the couple seated from it at the smallest free table.
  const { page: phone } = await signedIn(WANDA.email, WANDA.password, { width: 390 });
  await phone.goto(`${site.base}/bookings`);
  await phone.getByRole('button', { name: 'Waitlist (1)' }).click();
  const onPhone = phone.locator('.waitlist-entry', { hasText: 'Coppia Attesa' });
  await onPhone.getByRole('button', { name: 'Seat (Coppia Attesa)' }).click();
  assert.is(await phone.evaluate(() => document.activeElement?.tagName), 'SELECT', 'the table choice has the focus');
  await phone.keyboard.press('Enter');
  await onPhone.getByRole('button', { name: 'Seat them' }).click();
  await phone.getByText('Seated or gone today (1)').waitFor();
  await phone.getByText('Seated from the list today: 1; quoted 0 min on average, waited 0.').waitFor();
  await screenshot(phone, 'bookings-waitlist-390');
  // The stand hears it: the stay on the timeline, the list empty, the entry among those seated.
  await barOf(page, 'Coppia Attesa').waitFor();
  await page.locator('#waitlist').getByText('Nobody is waiting.').waitFor();
  assert.is(await page.getByRole('button', { name: /^Waitlist/ }).textContent(), 'Waitlist');
  const seated = (await (await as(ADA))('GET', '/staff/waitlist')).body.entries.find((each: { name: string }) => each.name === 'Coppia Attesa');
  assert.equal([seated.status, typeof seated.bookingId], ['seated', 'number']);
});

Host('the owner arranges the floor plan by keyboard (a taken place refused, the table put back); the stand shows each table there with its party, since when and its note, and acts on it', async () => {
  const admin = await signedIn(ADA.email, ADA.password);
  await admin.page.goto(`${site.base}/admin/tables`);
  const tableOnPlan = (number: number) => admin.page.locator(`.plan [data-table="${number}"]`);
  // Not placed yet, table 3 stands third on the first row; two places down is free.
  assert.is(await tableOnPlan(3).textContent(), 'Table 3, 4 seats, column 3, row 1');
  await tableOnPlan(3).focus();
  await admin.page.keyboard.press('ArrowDown');
  await admin.page.keyboard.press('ArrowDown');
  await admin.page.locator('.row-outcome', { hasText: 'Column 3, row 3: Enter puts table 3 there, Escape puts it back.' }).waitFor();
  await admin.page.keyboard.press('Enter');
  await admin.page.locator('.row-outcome', { hasText: 'Table 3 stands at column 3, row 3 now.' }).waitFor();
  await admin.page.waitForFunction(() => document.activeElement?.getAttribute('data-table') === '3');
  assert.is(await tableOnPlan(3).textContent(), 'Table 3, 4 seats, column 3, row 3');
  // Table 4 onto table 3's place: refused in the API's words, and back where it was.
  await tableOnPlan(4).focus();
  for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowDown', 'Enter']) await admin.page.keyboard.press(key);
  await admin.page.locator('.row-outcome', { hasText: 'Table 3 stands there already: move it first.' }).waitFor();
  assert.is(await tableOnPlan(4).textContent(), 'Table 4, 4 seats, column 4, row 1');
  const call = await as(ADA);
  const three = (await call('GET', '/admin/tables')).body.tables.find((table: { number: number }) => table.number === 3);
  assert.equal(three.plan, { x: 2, y: 2 });
  await screenshot(admin.page, 'admin-floor-plan-1280');

  // The stand's plan: table 5 seated with a note, table 6 free.
  assert.is((await call('POST', '/staff/bookings/walk-ins', { party: 2, table: 5, name: 'Plan Party', note: 'Nut allergy', minutes: 60 })).status, 201);
  const stand = await standAt('Plan stand', { width: 1024 });
  const page = stand.page;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole('button', { name: 'Floor plan' }).click();
  assert.is(await page.getByRole('button', { name: 'Floor plan' }).getAttribute('aria-pressed'), 'true');
  const five = page.locator('.host-plan [data-table="5"]');
  await five.waitFor();
  // One text, a line each: the number, who, the time they sat, the note; its name says it in words, the state last.
  assert.match((await five.textContent())!, /^5\nPlan Party · 2\n\d\d:\d\d\n✎ Nut allergy$/);
  assert.match((await five.getAttribute('aria-label'))!, /^Table 5 Plan Party · 2 (\d\d:\d\d) ✎ Nut allergy, since \1, Seated: Plan Party until \d\d:\d\d$/);
  assert.is(await page.locator('.host-plan [data-table="6"]').getAttribute('aria-label'), 'Table 6 4 seats, Free');
  assert.equal(await five.getAttribute('class'), 'seated plan-table square');
  assert.equal(await page.locator('.host-plan [data-table="3"]').evaluate((node) => [getComputedStyle(node).gridColumnStart, getComputedStyle(node).gridRowStart]), ['3', '3']);
  await screenshot(page, 'display-host-plan-1024x768');
  await five.click();
  await panelOf(page, 'Plan Party').waitFor();
  await page.locator('.host-plan [data-table="6"]').click();
  assert.is(await page.locator('#walk-in-table').inputValue(), '6', 'a free table opens the walk-in form on it');
  assert.equal(await checkBothSchemes(page, '/display plan at 1024 × 768', { width: true }), []);
  await page.getByRole('button', { name: 'Floor plan' }).click();
  assert.is(await page.getByRole('button', { name: 'Floor plan' }).getAttribute('aria-pressed'), 'false');
  await page.locator('.host-scroll').waitFor();
  const placed = (await call('GET', '/admin/tables')).body.tables.find((table: { number: number }) => table.number === 3);
  await call('PATCH', '/admin/tables/3', { version: placed.version, plan: null });
});

/** Table `n`'s code, as its printed QR code carries it (read by the Admin). */
async function tableCodeOf(n: number): Promise<string> {
  const { tables } = (await (await as(ADA))('GET', '/admin/tables')).body as { tables: { number: number; code: string }[] };
  return tables.find((table) => table.number === n)!.code;
}
/** Guests at table `n` order from its QR code (no sign-in): two Bruschette al pomodoro, €15.00. */
async function qrOrder(n: number) {
  const dish = await (await fetch(`${site.base}/api/v1/dishes/1`)).json();
  assert.equal([dish.name, dish.priceCents], ['Bruschetta al pomodoro', 750]);
  const response = await fetch(`${site.base}/api/v1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ table: n, tableCode: await tableCodeOf(n), items: [{ dishId: 1, quantity: 2 }] }) });
  assert.is(response.status, 201, await response.clone().text());
}
/** Nothing is booked at these tables today, so that what is drawn there is the test's own. */
async function nothingAt(...tables: number[]) {
  const { bookings } = (await (await as(WANDA))('GET', `/staff/bookings?date=${day}`)).body as { bookings: { tables: number[] }[] };
  assert.equal(bookings.filter((booking) => booking.tables.some((table) => tables.includes(table))), []);
}
const TAKEN = (table: number) => `Table ${table} is taken: guests are eating there, with €15.00 open on their bill. Seat this party at another table, or say they are those guests.`;

Host('guests order from the QR code of a table nobody seated: the stand shows it taken with what they owe; a walk-in there is refused, then seated as those guests with one click; Finish waits for the bill; axe and screenshots, light and dark', async () => {
  await nothingAt(22);
  const stand = await standAt('Door stand');
  const page = stand.page;
  await qrOrder(22);
  // The order's notice reads the day again: the table taken, in words, with the amount.
  const bars22 = page.locator('.host-row[data-table="22"] .booking-bar');
  await bars22.getByText('Seated themselves · €15.00 open').waitFor();
  assert.equal(await bars22.allTextContents(), ['Ordered at the table · ?\nSeated themselves · €15.00 open']);
  assert.match((await tableState(page, 22).textContent())!, /^Ordered at the table, until \d\d:\d\d$/);
  assert.match((await bars22.getAttribute('title'))!, /^\? people, \d\d:\d\d to \d\d:\d\d, table 22$/);
  assert.equal(await checkBothSchemes(page, '/display, a table taken by an order', { each: (scheme) => screenshot(page, `display-host-ordered-1280-${scheme}`) }), []);

  // A walk-in at table 22: refused in the API's words, where the host is looking.
  await page.getByRole('button', { name: 'Seat a walk-in' }).click();
  await page.locator('#walk-in-party').fill('2');
  assert.match((await page.locator('#walk-in-table option[value="22"]').textContent())!, /^Table 22 · \d+ seats · Ordered at the table, until \d\d:\d\d$/);
  await page.locator('#walk-in-table').selectOption('22');
  await page.locator('#walk-in-name').fill('Same Guests');
  await page.getByRole('button', { name: 'Seat them' }).click();
  await page.locator('#walk-in .outcome').getByText(TAKEN(22), { exact: true }).waitFor();
  const same = page.locator('#walk-in').getByRole('button', { name: 'They are those guests: seat them at table 22' });
  assert.equal(await checkBothSchemes(page, '/display, a walk-in refused', { each: (scheme) => screenshot(page, `display-host-walk-in-refused-1280-${scheme}`) }), []);
  // One click: the same sent again as those guests.
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/staff/bookings/walk-ins') && request.method() === 'POST');
  await same.click();
  assert.equal((await sent).postDataJSON(), { party: 2, table: 22, name: 'Same Guests', sameGuests: true });
  await page.locator('.host-outcome').getByText(/^Seated: 2 people at table 22 until \d\d:\d\d\.$/).waitFor();
  await page.locator('.host-row[data-table="22"] .booking-bar', { hasText: 'Same Guests' }).waitFor();
  assert.equal(await bars22.allTextContents(), ['Same Guests · 2\nWalk-in, seated · €15.00 open'], 'one party at table 22');
  assert.match((await tableState(page, 22).textContent())!, /^Seated: Same Guests until \d\d:\d\d$/);
  const stays = (await (await as(WANDA))('GET', `/staff/bookings?date=${day}`)).body.bookings.filter((booking: { tables: number[] }) => booking.tables.includes(22));
  assert.equal(stays.map((stay: { name: string; party: number; openedByOrder: boolean; billOpenCents: number }) => [stay.name, stay.party, stay.openedByOrder, stay.billOpenCents]), [['Same Guests', 2, false, 1500]]);

  // Finish while the bill is open: refused in the API's words beside the button.
  await bars22.click();
  const panel = panelOf(page, 'Same Guests');
  await panel.getByRole('button', { name: 'Finished: free the table' }).click();
  await panel.locator('.panel-outcome').getByText('Table 22’s bill has €15.00 open: take the payment before the guests leave, or move the bill to another table.', { exact: true }).waitFor();
  assert.is(await panel.locator('.same-guests').count(), 0);
  // Asked in one evaluation: the refusal reads the day again, and a locator's element found before that draw is not the one drawn after it.
  assert.is(await page.evaluate(() => (document.activeElement?.closest('.booking-panel') ? document.activeElement.textContent : null)), 'Finished: free the table', 'focus stays on Finish');
  assert.equal(await checkBothSchemes(page, '/display, Finish refused', { each: (scheme) => screenshot(page, `display-host-finish-refused-1280-${scheme}`) }), []);
});

Host('on a waiter’s phone in Italian (390 px): a booked party marked arrived where guests ordered first is refused on its line in the API’s words, and seated as those guests with one tap; one party at the table', async () => {
  await nothingAt(23);
  const waiter = await as(WANDA);
  // Booked for the first quarter hour at least 20 minutes from now; the guests sit down early and order.
  const now = Date.parse((await waiter('GET', `/staff/bookings?date=${day}`)).body.now);
  const at = new Date(Math.ceil((now + 20 * 60_000) / 900_000) * 900_000);
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' });
  const booked = await waiter('POST', '/staff/bookings', { party: 3, date: day, time, name: 'Galli Prenotati', table: 23 });
  assert.is(booked.status, 201, JSON.stringify(booked.body));
  await qrOrder(23);
  const { page } = await signedIn(WANDA.email, WANDA.password, { width: 390 });
  await page.goto(`${site.base}/it/bookings?date=${day}`);
  const ordered = page.locator('.host-list-item', { hasText: 'Ordine dal QR' }).filter({ hasText: 'Tavolo 23' });
  await ordered.waitFor();
  assert.match((await ordered.locator('.link-button').textContent())!, /^\d\d:\d\d · Ordine dal QR · \? persone$/);
  assert.is(await ordered.locator('p').first().textContent(), 'Tavolo 23 · Seduti in autonomia · 15,00\u00a0€ da pagare');
  const line = page.locator('.host-list-item', { hasText: 'Galli Prenotati' });
  await line.getByRole('button', { name: 'Arrivati', exact: true }).click();
  const taken = 'Il tavolo 23 è occupato: ci sono clienti che stanno mangiando, con 15,00\u00a0€ ancora da pagare sul loro conto. Fai accomodare questo gruppo a un altro tavolo, oppure indica che sono gli stessi clienti.';
  await line.locator('.line-outcome').getByText(taken, { exact: true }).waitFor();
  const same = line.getByRole('button', { name: 'Sono gli stessi clienti: registrali al tavolo 23' });
  await same.scrollIntoViewIfNeeded();
  assert.equal(await checkBothSchemes(page, '/it/bookings at 390 px, an arrival refused', { width: true, each: (scheme) => screenshot(page, `bookings-it-arrival-refused-390-${scheme}`) }), []);
  const sent = page.waitForRequest((request) => request.url().endsWith(`/api/v1/staff/bookings/${booked.body.id}`) && request.method() === 'PATCH');
  await same.click();
  assert.equal((await sent).postDataJSON(), { version: booked.body.version, status: 'arrived', sameGuests: true });
  await line.locator('.line-outcome').getByText('Seduti: Galli Prenotati, 3 persone, tavolo 23.', { exact: true }).waitFor();
  await ordered.waitFor({ state: 'detached' });
  const at23 = page.locator('.host-list-item', { hasText: 'Tavolo 23' });
  assert.equal(await at23.locator('p').first().allTextContents(), ['Tavolo 23 · Seduti · 15,00\u00a0€ da pagare'], 'one party at table 23');
  assert.equal(await checkBothSchemes(page, '/it/bookings at 390 px, seated as those guests', { width: true, each: (scheme) => screenshot(page, `bookings-it-seated-as-those-390-${scheme}`) }), []);
});

Host.run();

// Booking a table end to end in Chromium: a diner books at 390 px by keyboard only (party,
// day, time, details), sees the confirmation, downloads the .ics (read back by ical.js),
// opens the manage link in a fresh browser, moves the booking, then cancels it; a Waiter
// sees a booking made online appear on the timeline without a reload and marks another one
// arrived; an Admin with approval on accepts a request; the form asks before leaving with something
// typed (the router's blocker); axe-core on every new page at 360 and 1280 px, light and
// dark. The server runs open all day (OPEN_ALL_HOURS), so the times do not depend on the hour.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { answerQuestion, checkBothSchemes, screenshot, siteForSuite, toNoonTomorrow } from '../helpers/browser.js';

const Bookings = suite('table bookings in Chromium');
const site = siteForSuite(Bookings);
const { open, signedIn } = site;
const ADA = { email: 'ada@tavola.test', password: 'tavola-admin' };
const WANDA = { email: 'wanda@tavola.test', password: 'tavola-waiter' };

const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${site.base}/api/v1${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};
async function tokenOf(account: { email: string; password: string }) {
  return (await api('POST', '/auth/login', account)).body.accessToken as string;
}
/**
 * The day after tomorrow in the restaurant's time zone, as the server says (never this
 * machine's clock): far enough ahead that the hour's lead time never takes its first times
 * (tomorrow's 00:00 is within an hour's lead of a run at 23:30).
 */
async function dayAfterTomorrow() {
  const { body } = await api('GET', '/bookings/rules');
  return new Date(Date.parse(`${body.firstDate}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
}
/** The booking form is there and has asked for today's times (which may be none left at this hour). */
async function timesShown(page: Page) {
  await page.getByLabel('Party').waitFor();
  await page.locator('.booking-times[aria-busy]').waitFor({ state: 'detached' });
}
/** Presses Tab until the focused element matches `selector` (at most 40 times). */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; !(await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)); presses++) {
    assert.ok(presses < 40, `Tab never reached ${selector}`);
    await page.keyboard.press('Tab');
  }
}
const bookByApi = async (fields: Record<string, unknown>) => api('POST', '/bookings', { party: 2, name: 'Api Guest', phone: '347 555 0000', ...fields });

Bookings('a diner books by keyboard at 390 px, gets the .ics, and from a fresh browser moves the booking, then cancels it', async () => {
  const day = await dayAfterTomorrow();
  const diner = await site.browser.newContext({ baseURL: site.base, viewport: { width: 390, height: 844 }, locale: 'en-US', acceptDownloads: true });
  const page = await diner.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${site.base}/book`);
  await page.getByRole('heading', { name: 'Book a table', level: 1 }).waitFor();
  await timesShown(page);
  // Party: from the top of the page, by Tab; 4 people is two down from 2.
  const party = page.getByLabel('Party');
  await tabTo(page, 'select#book-party');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.is(await party.inputValue(), '4');
  // The party sizes end at the largest table (every table seats 4); past it, the number to call, a link.
  assert.equal(await party.locator('option').allTextContents(), ['1 person', '2 people', '3 people', '4 people']);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('href'), document.activeElement?.parentElement?.textContent]), ['06 1234 5678', 'tel:+390612345678', 'For 5 or more, please call us on 06 1234 5678.']);
  // The day, typed as the date field reads it (month, day, year).
  await page.keyboard.press('Tab');
  const [year, month, date] = day.split('-');
  await page.keyboard.type(`${month}${date}${year}`);
  assert.is(await page.getByLabel('Day').inputValue(), day);
  const times = page.getByRole('group', { name: /for 4 people$/ });
  await times.waitFor();
  // Into the times (the date field keeps Tab for its own parts first): the first one, then two along with the arrow keys.
  await tabTo(page, 'input[name="time"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  const chosen = await page.locator('input[name="time"]:checked').inputValue();
  assert.is(chosen, '00:30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Giulia Rossi');
  await page.keyboard.press('Tab');
  await page.keyboard.type('347 123 4567');
  await page.keyboard.press('Tab'); // e-mail: left empty
  await page.keyboard.press('Tab');
  await page.keyboard.type('A high chair, please');
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Book the table');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/booking#[A-Za-z0-9_-]{22}$/);
  await page.getByRole('heading', { name: 'Thank you: booked', level: 1 }).waitFor();
  await page.getByText('Your table is booked.').waitFor();
  const key = new URL(page.url()).hash.slice(1);
  const booked = (await api('GET', '/booking', undefined, { 'Booking-Key': key })).body;
  assert.equal([booked.status, booked.party, booked.date, booked.time, booked.name, booked.phone, booked.note], ['confirmed', 4, day, chosen, 'Giulia Rossi', '+393471234567', 'A high chair, please']);
  assert.is(await page.locator('.booking-facts dd').first().textContent(), booked.when);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/booking-confirmed-390.png`, fullPage: true });

  // Add to calendar: the file the browser downloads is the booking, at its instant, in the restaurant's time zone (Europe/Rome unless TIME_ZONE says otherwise).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar (.ics)' }).click()]);
  assert.is(download.suggestedFilename(), 'tavola-booking.ics');
  const text = readFileSync((await download.path())!, 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  assert.is(event.startDate.toJSDate().toISOString(), booked.startsAt);
  const { timeZone } = (await api('GET', '/bookings/rules')).body;
  assert.match(text, `DTSTART;TZID=${timeZone}:${day.replace(/-/g, '')}T${chosen.replace(':', '')}00`);
  assert.equal(problems, []);
  await diner.close();

  // The manage link in a fresh browser: move to another time, then cancel.
  const later = await open({ width: 390 });
  await later.page.goto(`${site.base}/booking#${key}`);
  await later.page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
  await later.page.getByText('Change the party, day or time').click();
  await later.page.getByRole('group', { name: /^Free times on / }).waitFor();
  await later.page.getByLabel('20:00').check();
  await later.page.getByRole('button', { name: 'Change the booking' }).click();
  await later.page.getByRole('status').filter({ hasText: /^Changed: / }).waitFor();
  const moved = (await api('GET', '/booking', undefined, { 'Booking-Key': key })).body;
  assert.equal([moved.time, moved.version], ['20:00', 2]);
  await later.page.locator('.booking-facts dd').first().filter({ hasText: 'at 20:00' }).waitFor();
  await later.page.getByRole('button', { name: 'Cancel the booking' }).click();
  assert.is(await answerQuestion(later.page, 'Cancel the booking'), `Cancel your booking for 4 people on ${moved.when}?`);
  await later.page.getByText('This booking is cancelled.').waitFor();
  assert.is((await api('GET', '/booking', undefined, { 'Booking-Key': key })).body.status, 'cancelled');
});

Bookings('a Waiter sees an online booking appear on the timeline without a reload and marks another arrived; an Admin with approval on accepts a request', async () => {
  // Noon tomorrow becomes today, so that a party can be seated (on its own day only), early: online bookings are an hour ahead at least.
  await toNoonTomorrow(site);
  const day = (await api('GET', '/bookings/rules')).body.firstDate;
  assert.is((await bookByApi({ date: day, time: '13:30', name: 'Early Bird', phone: '347 555 0001' })).status, 201);
  const wanda = await signedIn(WANDA.email, WANDA.password);
  await wanda.page.goto(`${site.base}/bookings?date=${day}`);
  const early = wanda.page.getByRole('button', { name: 'Early Bird · 2 Booked', exact: true });
  await early.waitFor();
  const made = await bookByApi({ date: day, time: '14:30', name: 'Live Guest', phone: '347 555 0002' });
  assert.is(made.status, 201);
  await wanda.page.getByRole('button', { name: 'Live Guest · 2 Booked', exact: true }).waitFor(); // no reload
  await early.click();
  const panel = wanda.page.getByRole('complementary', { name: 'Early Bird · 2 people' });
  await panel.getByRole('button', { name: 'Arrived', exact: true }).click();
  await wanda.page.getByRole('button', { name: 'Early Bird · 2 Seated', exact: true }).waitFor();
  await wanda.page.getByRole('status').filter({ hasText: /^Seated: Early Bird, 2 people, table \d+\.$/ }).first().waitFor();
  await wanda.page.getByText(/guests booked · 0 at the door · 2 seated now · 0 no-show$/).waitFor();

  const admin = await tokenOf(ADA);
  const settings = (await api('GET', '/admin/booking-settings', undefined, { Authorization: `Bearer ${admin}` })).body;
  assert.is((await api('PUT', '/admin/booking-settings', { ...settings, needsApproval: true }, { Authorization: `Bearer ${admin}` })).status, 200);
  try {
    const requested = await bookByApi({ date: day, time: '15:30', name: 'Asking Guest', phone: '347 555 0003' });
    assert.is(requested.body.booking.status, 'requested');
    const ada = await signedIn(ADA.email, ADA.password);
    await ada.page.goto(`${site.base}/admin/bookings?date=${day}`);
    const waiting = ada.page.getByRole('region', { name: 'Waiting to be accepted (1)' });
    await waiting.getByRole('button', { name: '15:30 · Asking Guest · 2 people' }).click();
    await ada.page.getByRole('complementary', { name: 'Asking Guest · 2 people' }).getByRole('button', { name: 'Accept', exact: true }).click();
    await ada.page.getByRole('button', { name: 'Asking Guest · 2 Booked', exact: true }).waitFor();
    await waiting.waitFor({ state: 'detached' });
  } finally {
    const now = (await api('GET', '/admin/booking-settings', undefined, { Authorization: `Bearer ${admin}` })).body;
    await api('PUT', '/admin/booking-settings', { ...now, needsApproval: false }, { Authorization: `Bearer ${admin}` });
  }
});

Bookings('with something typed, leaving the booking form asks first (the router’s blocker); staying keeps it', async () => {
  const guest = await open({ width: 390 });
  await guest.page.goto(`${site.base}/book`);
  await guest.page.getByLabel('Name', { exact: true }).fill('Half Typed');
  await guest.page.getByRole('link', { name: 'Menu', exact: true }).first().click();
  assert.is(await answerQuestion(guest.page, 'Stay on this page'), 'Leave without saving?');
  assert.is(new URL(guest.page.url()).pathname, '/book');
  assert.is(await guest.page.getByLabel('Name', { exact: true }).inputValue(), 'Half Typed');
  await guest.page.getByRole('link', { name: 'Menu', exact: true }).first().click();
  await answerQuestion(guest.page, 'Leave without saving');
  await guest.page.waitForURL(`${site.base}/menu`);
});

Bookings('axe-core finds nothing on the booking pages at 360 and 1280 px, light and dark', async () => {
  const day = await dayAfterTomorrow();
  const { body } = await bookByApi({ date: day, time: '19:00', name: 'Axe Guest', phone: '347 555 0004' });
  const guest = await open();
  const ada = await signedIn(ADA.email, ADA.password);
  const wanda = await signedIn(WANDA.email, WANDA.password);
  const found: string[] = [];
  for (const width of [360, 1280]) {
    for (const [tab, path, ready] of [
      [guest, '/book', 'Your details'],
      [guest, `/booking#${body.key}`, 'Your table is booked.'],
      [wanda, `/bookings?date=${day}`, 'Axe Guest · 2'],
      [ada, `/admin/bookings?date=${day}`, 'Axe Guest · 2'],
      [ada, '/admin/booking-settings', 'Save settings'],
    ] as const) {
      await tab.page.setViewportSize({ width, height: 900 });
      await tab.page.goto(`${site.base}${path}`);
      await tab.page.getByText(ready).first().waitFor();
      if (path === '/book') await timesShown(tab.page);
      found.push(...(await checkBothSchemes(tab.page, `${path} at ${width} px`, { each: (scheme) => screenshot(tab.page, `${path.split(/[?#]/)[0]!.slice(1).replace(/\//g, '-')}-${width}-${scheme}`) })));
    }
  }
  assert.equal(found, []);
});

Bookings('a waiter’s phone at 390 px: the day as a list by time with its actions under the thumb; Arrived seats them there', async () => {
  await toNoonTomorrow(site);
  const day = (await api('GET', '/bookings/rules')).body.firstDate;
  assert.is((await bookByApi({ date: day, time: '14:30', name: 'Phone Second', phone: '347 555 0011' })).status, 201);
  assert.is((await bookByApi({ date: day, time: '13:30', name: 'Phone First', phone: '347 555 0010', note: 'Severe nut allergy' })).status, 201);
  const { page } = await signedIn(WANDA.email, WANDA.password, { width: 390 });
  await page.goto(`${site.base}/bookings?date=${day}`);
  const list = page.getByRole('list', { name: 'The day by time' });
  const first = list.getByRole('listitem').filter({ hasText: '13:30 · Phone First · 2 people' });
  await first.waitFor();
  assert.is(await page.locator('.host-scroll').isVisible(), false, 'no timeline on a phone');
  const names = (await list.getByRole('listitem').allTextContents()).filter((text) => text.includes('Phone '));
  assert.equal(names.map((text) => text.slice(0, 24)), ['13:30 · Phone First · 2 ', '14:30 · Phone Second · 2']);
  assert.match((await first.locator('p').textContent())!, /^Table \d+ · Booked · ✎ Severe nut allergy$/);
  // Within the first screen: the thumb reaches Arrived without scrolling.
  const arrived = first.getByRole('button', { name: 'Arrived', exact: true });
  const box = (await arrived.boundingBox())!;
  assert.ok(box.y + box.height <= 844, `Arrived is at ${Math.round(box.y)} px`);
  await arrived.click();
  await page.getByRole('status').filter({ hasText: /^Seated: Phone First, 2 people, table \d+\.$/ }).first().waitFor();
  await first.getByRole('button', { name: 'Finished: free the table' }).waitFor();
  assert.equal(await checkBothSchemes(page, '/bookings at 390 px', { width: true, each: (scheme) => screenshot(page, `bookings-phone-390-${scheme}`) }), []);
});

Bookings.run();

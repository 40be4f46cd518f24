// The host stand on a busy day: 60 tables on the floor, 300 bookings (at 12:00, 14:30,
// 17:00, 19:30 and 22:00 on each table, those at noon seated), the server as `npm start`
// runs it (the built site, SQLite), its clock moved to noon of the next day in Rome
// (TEST_CLOCK) so that the day is the same whatever the hour the bench runs at. The 22:00
// bookings of half the tables are the 30 made online while 20 stands follow (below); then,
// in Chromium, at 4× CPU slowdown (the DevTools protocol's throttling), on a paired host
// stand at 1280 × 800:
// - first draw: from the day's answer received (its Resource Timing responseEnd) to the
//   paint that shows it (Element Timing of the day's heading, drawn in one task with the
//   first 16 tables of the timeline: more than a screen holds; the other 44 are drawn in
//   the task after that frame, and the time until they are in the page is given too), the
//   stand going to Tomorrow and back to Today five times (each a new host view, on a page
//   already loaded);
// - a move's next paint: Event Timing of the keydowns of 30 moves by keyboard (ArrowLeft
//   takes a 14:30 bar a quarter of an hour earlier, Enter sends the move): the p75 of each. Event Timing reports an
//   event only from 16 ms (its least threshold): an event not reported took less, and is
//   counted as 16 ms, so a p75 of 16 reads "16 ms or less".
// - the floor plan at 1024 × 768: the toggle's click to the paint of the plan's 60 tables, and a
//   seated table's click to the paint of its booking beside the plan (Event Timing, p75 of 10).
// And a booking made online reaching 20 paired host stands (their streams, and what each
// does with an event, in a process of their own: host-stand-clients.ts): from sending the
// booking to each stand having it (the day holds 270 bookings as the first is made, 300
// after the last), 30 bookings one after another; p50 and p99 of every stand's time, and
// of the last stand's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../helpers/browser.js';
import { siteAndServerBuilt } from '../helpers/built.js';
import { startServer, stopServer } from '../helpers/server-process.js';
import { eventDurations, orSixteen } from './event-timing.js';

export interface HostStandFigures {
  tables: number;
  bookings: number;
  firstDraw: { median: number; max: number };
  /** Median, ms: until the last row is in the page (not painted yet). */
  wholeDay: number;
  /** p75 of the keydowns' durations, ms (16: 16 or less). */
  pick: number;
  send: number;
  /** At 1024 × 768, p75 of the clicks' next paints (Event Timing; 16: 16 or less): the floor plan shown instead of the timeline, and a table on it opened (its party's booking beside it). */
  plan: { draw: number; open: number };
  stands: number;
  reach: { p50: number; p99: number; lastP50: number; lastP99: number };
}

const TIMES = ['12:00', '14:30', '17:00', '19:30', '22:00'];

/** The bench's sizes; the test run's smoke (test/browser/bench-scenarios.test.ts) gives small ones. */
export interface HostStandSizes {
  /** Tables on the floor, each with a booking at every time of TIMES. */
  tables: number;
  /** Paired stands following the day while the online bookings are made. */
  stands: number;
  /** The 22:00 bookings of this many tables (the last ones) are made online, one after another. */
  online: number;
  /** Rounds of the first draw; moves by keyboard; the floor plan shown, and a table opened on it. */
  draws: number;
  moves: number;
  plans: number;
  /** How many times slower Chromium's CPU is made (DevTools' throttling): 4 for the bench. */
  slowdown: number;
}
const SIZES: HostStandSizes = { tables: 60, stands: 20, online: 30, draws: 5, moves: 30, plans: 10, slowdown: 4 };
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
};

async function api(base: string, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => null);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The floor and the day: `tables` tables, five bookings each from noon (but the online ones), the first seated; and a way to add a host stand. */
export async function prepare(base: string, { tables: TABLES, online }: HostStandSizes) {
  const ONLINE_FROM = TABLES - online;
  const admin = (await api(base, 'POST', '/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).accessToken as string;
  const { now, timeZone } = await api(base, 'GET', '/v1/staff/bookings', undefined, admin);
  const [hours, minutes, seconds] = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(Date.parse(now)).split(':').map(Number) as [number, number, number];
  await api(base, 'POST', '/test/clock', { advanceMs: (36 * 3600 - hours * 3600 - minutes * 60 - seconds) * 1000 });
  const token = (await api(base, 'POST', '/v1/auth/login', { email: 'ada@tavola.test', password: 'tavola-admin' })).accessToken as string;
  const { tables } = await api(base, 'GET', '/v1/admin/tables', undefined, token);
  for (let number = tables.length + 1; number <= TABLES; number++) await api(base, 'POST', '/v1/admin/tables', { number, seats: 2 + (number % 5) * 2 }, token);
  const { date } = await api(base, 'GET', '/v1/staff/bookings', undefined, token);
  const names = ['Rossi', 'Bianchi', 'Verdi', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno'];
  for (let table = 1; table <= TABLES; table++) {
    for (const [i, time] of TIMES.entries()) {
      if (time === '22:00' && table > ONLINE_FROM) continue;
      const made = await api(base, 'POST', '/v1/staff/bookings', { party: 2, date, time, name: `${names[(table + i) % names.length]} ${table}-${i}`, phone: `+39 347 ${String(table * 10 + i).padStart(7, '0')}`, table }, token);
      if (i === 0) await api(base, 'PATCH', `/v1/staff/bookings/${made.id}`, { version: made.version, status: 'arrived' }, token);
    }
  }
  const pair = async (name: string) => {
    const { pairing } = await api(base, 'POST', '/v1/admin/displays', { name, kind: 'host' }, token);
    return pairing as { code: string; path: string };
  };
  return { date, pair };
}

/** First draw and the moves' next paints, on a paired stand in Chromium at 4× CPU slowdown. */
async function inChromium(base: string, path: string, { tables: TABLES, draws: DRAWS, moves: MOVES, plans: PLANS, slowdown }: HostStandSizes) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}${path}`);
    await page.waitForURL(`${base}/display`);
    await page.locator('.booking-bar').nth(TABLES * TIMES.length - 1).waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    // The day drawn anew: Tomorrow, then Today again (the 300 bookings), five times; each a new host view.
    await page.evaluate((tables) => {
      performance.setResourceTimingBufferSize(10_000);
      const drawn: number[] = [];
      const whole: number[] = [];
      Object.assign(window, { drawn, whole });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { renderTime: number; identifier: string })[]) if (entry.identifier === 'host-day') drawn.push(entry.renderTime);
      }).observe({ type: 'element' });
      // When the last of the rows is in the page (the rest of a first draw, in the task after its frame).
      let all = false;
      new MutationObserver(() => {
        const now = document.querySelectorAll('.host-row').length === tables;
        if (now && !all) whole.push(performance.now());
        all = now;
      }).observe(document.body, { childList: true, subtree: true });
    }, TABLES);
    const draws: number[] = [];
    const wholes: number[] = [];
    for (let round = 0; round < DRAWS; round++) {
      await page.getByRole('link', { name: 'Tomorrow' }).click();
      await page.locator('.host-day', { hasText: /\S/ }).waitFor();
      await page.locator('.booking-bar').first().waitFor({ state: 'detached' }); // tomorrow has none
      await page.getByRole('link', { name: 'Today' }).click();
      await page.locator('.booking-bar').nth(TABLES * TIMES.length - 1).waitFor({ state: 'attached' });
      await page.waitForTimeout(500);
      const [draw, whole] = await page.evaluate(() => {
        const { drawn, whole } = window as unknown as { drawn: number[]; whole: number[] };
        const day = performance.getEntriesByType('resource').filter((entry) => /\/api\/v1\/staff\/bookings\?date=/.test(entry.name)).at(-1) as PerformanceResourceTiming;
        return [drawn.at(-1)! - day.responseEnd, whole.at(-1)! - day.responseEnd];
      });
      draws.push(draw!);
      wholes.push(whole!);
    }
    // The moves: the 14:30 bars of the first tables, each a quarter of an hour earlier (ArrowLeft), then sent (Enter).
    const keydowns = await eventDurations(page, ['keydown']);
    const picks: number[] = [];
    const sends: number[] = [];
    for (let table = 1; table <= MOVES; table++) {
      // Found as the browser tests find a bar: the table's group, the booking's button by its name.
      // (A bar is named "Rossi 7-1 · 2" and its state; the 14:30 booking of table 7 is its second, 7-1.)
      await page.getByRole('group', { name: `Table ${table}`, exact: true }).getByRole('button', { name: new RegExp(`^\\S+ ${table}-1 · 2\\b`) }).focus();
      const before = await keydowns.count();
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(150); // Event Timing reports after the paint
      picks.push(orSixteen((await keydowns.since(before)).at(-1)));
      const picked = await keydowns.count();
      await page.keyboard.press('Enter');
      await page.locator('.host-outcome', { hasText: `table ${table} at 14:15.` }).waitFor();
      await page.waitForTimeout(300); // the answer drawn, and the stream's notice read
      sends.push(orSixteen((await keydowns.since(picked))[0]));
    }
    // The floor plan at 1024 × 768: shown instead of the timeline (its toggle's click, to the paint
    // of 60 tables in their places), then a seated table opened (its click, to the paint of the
    // booking beside the plan); the timeline shown again between rounds.
    await page.setViewportSize({ width: 1024, height: 768 });
    const clicks = await eventDurations(page, ['click']);
    const planDraws: number[] = [];
    const opens: number[] = [];
    const toggle = page.getByRole('button', { name: 'Floor plan' });
    for (let round = 0; round < PLANS; round++) {
      let before = await clicks.count();
      await toggle.click();
      await page.locator('.host-plan .plan-table').nth(TABLES - 1).waitFor();
      await page.waitForTimeout(150); // Event Timing reports after the paint
      planDraws.push(orSixteen((await clicks.since(before)).at(-1)));
      before = await clicks.count();
      const table = 1 + (round % TABLES);
      await page.locator(`.host-plan [data-table="${table}"]`).click();
      await page.locator('.booking-panel:not([hidden]) h3').waitFor();
      await page.waitForTimeout(150);
      opens.push(orSixteen((await clicks.since(before)).at(-1)));
      await page.getByRole('button', { name: 'Close' }).click();
      await toggle.click();
      await page.locator('.host-scroll').waitFor();
    }
    return {
      firstDraw: { median: quantile(draws, 0.5), max: Math.round(Math.max(...draws) * 10) / 10 },
      wholeDay: quantile(wholes, 0.5),
      pick: quantile(picks, 0.75),
      send: quantile(sends, 0.75),
      plan: { draw: quantile(planDraws, 0.75), open: quantile(opens, 0.75) },
    };
  } finally {
    await browser.close();
  }
}

/** `stands` stands following the day, in a process of their own; `bookings` online bookings one after another. */
async function reach(base: string, date: string, pair: (name: string) => Promise<{ code: string }>, stands: number, bookings: number) {
  const credentials: string[] = [];
  for (let i = 0; i < stands; i++) credentials.push((await api(base, 'POST', '/v1/displays/pair', { code: (await pair(`Stand ${i + 1}`)).code })).credential);
  const script = fileURLToPath(new URL('./host-stand-clients.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, base, date], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, STAND_CREDENTIALS: credentials.join('\n') } });
  try {
    const lines = createInterface({ input: child.stdout! });
    const waiting = new Map<string, (times: number[]) => void>();
    await new Promise<void>((resolve) => {
      lines.on('line', (line) => {
        if (line === 'ready') return resolve();
        const { name, times } = JSON.parse(line) as { name: string; times: number[] };
        waiting.get(name)?.(times);
      });
    });
    const every: number[] = [];
    const last: number[] = [];
    for (let i = 0; i < bookings; i++) {
      const name = `Online ${i}`;
      const arrived = new Promise<number[]>((resolve) => waiting.set(name, resolve));
      const sent = performance.timeOrigin + performance.now();
      await api(base, 'POST', '/v1/bookings', { party: 2, date, time: '22:00', name, phone: `+39 348 ${String(5_000_000 + i)}` }, undefined, { 'X-Forwarded-For': `10.7.0.${i + 1}` });
      const times = (await arrived).map((at) => at - sent);
      every.push(...times);
      last.push(Math.max(...times));
    }
    return { p50: quantile(every, 0.5), p99: quantile(every, 0.99), lastP50: quantile(last, 0.5), lastP99: quantile(last, 0.99) };
  } finally {
    child.kill();
  }
}

export async function measureHostStand(sizes: HostStandSizes = SIZES): Promise<HostStandFigures> {
  await siteAndServerBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-bench-host-'));
  const { base, child } = await startServer([process.execPath, 'dist/server/main.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'bench-host-stand-secret-bench-host-stand', OPEN_ALL_HOURS: 'on', TEST_CLOCK: 'on', TRUST_PROXY: '1' });
  try {
    const { date, pair } = await prepare(base, sizes);
    const reached = await reach(base, date, pair, sizes.stands, sizes.online);
    const chromium = await inChromium(base, (await pair('Bench stand')).path, sizes);
    return { tables: sizes.tables, bookings: sizes.tables * TIMES.length, ...chromium, stands: sizes.stands, reach: reached };
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

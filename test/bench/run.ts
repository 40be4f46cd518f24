// `npm run bench`: our figures beside the anchors of DESIGN.md, measured in this same run.
// `npm run bench -- --json` prints them as one JSON object instead of tables.
import { measureApi } from './api.js';
import { SITE_CLASSES } from './router.js';
import { BUILD_SIZE, measureRouter } from './router-rounds.js';
import * as sizes from './sizes.mjs';
import { measureLighthouse, PAGES, PRESETS } from './lighthouse.js';
import { measureNavigation } from './navigation.js';
import { measurePictureUpload } from './pictures.js';
import { measureDisplays, measureStreams } from './streams.js';
import { LISTS, measureDayFigures, measureScale, SIZES } from './scale.js';
import { measureBackup } from './backup.js';
import { measureBookings } from './bookings.js';
import { measureTableStays } from './table-stays.js';
import { measureHostStand } from './host-stand.js';
import { measureMenuEditor } from './menu-editor.js';
import { measureBillPage } from './bill-page.js';
import { measureDishChoices } from './dish-choices.js';
import { measurePad } from './pad.js';
import { measureMail } from './mail.js';
import { CHROMIUM_MISSING, hasChromium } from '../helpers/chromium.mjs';

// The last rows (navigation, Lighthouse) run in Chromium: say it is missing now, not after
// the quarter of an hour the other rows take.
if (!hasChromium()) {
  console.error(`npm run bench: ${CHROMIUM_MISSING}`);
  process.exit(1);
}

const json = process.argv.includes('--json');
const log = (line = '') => json || console.log(line);

// The first load's budgets (issue 40's note): 10,240 B in English, 10,752 B in Italian (its longer words).
const BUDGET = { routerCore: 1700, site: 10240, siteItalian: 10752, playground: 15360 };

function table(head: string[], rows: (string | number)[][]) {
  const cells = [head, ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell)))];
  const widths = head.map((_, i) => Math.max(...cells.map((row) => String(row[i]).length)));
  const line = (row: (string | number)[]) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i]!)).join(' | ')} |`;
  log(line(head));
  log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of cells.slice(1)) log(line(row));
  log();
}

const figures = await measureRouter();
const CLASSES = ['plain', 'param', 'nomatch'] as const;
const names = Object.keys(figures.classes.plain);
// The whole site table: every path of every class once, so the harmonic mix of the class rates.
const router = {
  ...Object.fromEntries(names.map((name) => {
    const paths = CLASSES.map((kind) => SITE_CLASSES[kind].paths.length);
    const seconds = CLASSES.reduce((sum, kind, i) => sum + paths[i]! / figures.classes[kind][name]!, 0);
    return [name, Math.round(paths.reduce((a, b) => a + b) / seconds)];
  })),
  ...figures,
};
const ratio = (value: number) => `${value.toFixed(2)}x`;
log('Route matches per second on the site\'s table, by class of path (each figure the median of 5 rounds, each measurement in a process of its own, the order alternated; every matcher returns the page and its decoded param, and the loop uses both):');
table(
  ['matcher', 'plain (/menu)', 'param (/menu/3)', 'no match (404)'],
  [
    ...names.map((name) => [name, ...CLASSES.map((kind) => figures.classes[kind][name]!)]),
    ['ours ÷ find-my-way (median of the rounds)', ...CLASSES.map((kind) => ratio(figures.ratios[kind]!))],
    ['ours ÷ rou3 (median of the rounds)', ...CLASSES.map((kind) => ratio(figures.rou3Ratios[kind]!))],
    ['ours, compiled ÷ find-my-way', ...CLASSES.map((kind) => ratio(figures.compiled.ratios[kind]!))],
    ['ours, compiled ÷ rou3', ...CLASSES.map((kind) => ratio(figures.compiled.rou3Ratios[kind]!))],
    ['ours, compiled ÷ rou3, compiled', ...CLASSES.map((kind) => ratio(figures.compiled.rou3CompiledRatios[kind]!))],
  ],
);
log('Route matches per second by table shape (plain: /page-7; half-param: every other route /page-7/:id; shared: the same under one first segment, /api/resource-7/:id):');
table(
  ['table', 'routes', 'ours', 'ours, compiled', 'find-my-way', 'rou3', 'rou3, compiled', 'ours ÷ find-my-way', 'ours ÷ rou3', 'compiled ÷ find-my-way', 'compiled ÷ rou3', 'compiled ÷ rou3 compiled'],
  Object.entries(figures.tables).map(([name, rates]) => {
    const [, shape, routes] = /^(.*)-(\d+)$/.exec(name)!;
    const { compiled } = figures;
    return [
      shape!, Number(routes), rates.ours!, rates['ours, compiled']!, rates['find-my-way']!, rates.rou3!, rates['rou3, compiled']!,
      ratio(figures.ratios[name]!), ratio(figures.rou3Ratios[name]!), ratio(compiled.ratios[name]!), ratio(compiled.rou3Ratios[name]!), ratio(compiled.rou3CompiledRatios[name]!),
    ];
  }),
);
log(`Building the matcher of a ${BUILD_SIZE.toLocaleString('en-US')}-route table (shared shape), ms, median:`);
table(['matcher', 'ms'], Object.entries(figures.build).map(([name, ms]) => [name, ms]));

const size = {
  routerCore: await sizes.routerCore(),
  site: await sizes.app('site'),
  siteFirstLoads: await sizes.appFirstLoads('site'),
  siteFirstLoadsItalian: await sizes.appFirstLoads('site', 'it'),
  otherLanguage: { en: await sizes.otherLanguageBytes('en'), it: await sizes.otherLanguageBytes('it') },
  demo: await sizes.app('demo'), playground: await sizes.app('playground') };
const anchors = await sizes.anchors();
log('JavaScript, min+gzip bytes:');
table(
  ['bundle', 'bytes', 'budget'],
  [
    ['router core (ours)', size.routerCore, `<= ${BUDGET.routerCore} ${size.routerCore <= BUDGET.routerCore ? 'ok' : 'OVER'}`],
    ...(['wouter', 'navigo', 'page.js'] as const).map((name) => [`  anchor: ${name}`, anchors[name], '']),
    ...Object.entries(size.siteFirstLoads).map(([page, bytes]) => [`restaurant site (ours), English: a landing on the ${page} page`, bytes, `<= ${BUDGET.site} ${bytes <= BUDGET.site ? 'ok' : 'OVER'}`]),
    ...Object.entries(size.siteFirstLoadsItalian).map(([page, bytes]) => [`restaurant site (ours), Italian (/it/): a landing on the ${page} page`, bytes, `<= ${BUDGET.siteItalian} ${bytes <= BUDGET.siteItalian ? 'ok' : 'OVER'}`]),
    ['restaurant site (ours): every chunk, staff and owner pages included', size.site, 'no budget: fetched by who opens them'],
    ['demo variant (ours)', size.demo, ''],
    ['router playground (ours)', size.playground, `<= ${BUDGET.playground} ${size.playground <= BUDGET.playground ? 'ok' : 'OVER'}`],
    ...(['react+react-router', 'preact+wouter'] as const).map((name) => [`  anchor: ${name} skeleton`, anchors[name], '']),
  ],
);

log("Bytes of the other language's words in each build's chunks (a catalog sentence that differs between the languages, found as a string in the JavaScript); budget 0:");
table(
  ['build', 'chunks', 'chunks with any', 'bytes, all chunks', 'budget'],
  (['en', 'it'] as const).map((lang) => {
    const found = size.otherLanguage[lang];
    return [lang === 'en' ? 'English' : 'Italian', found.chunks, found.chunksWithAny, found.bytes, found.bytes === 0 ? '0 ok' : `0 OVER (${found.examples.join(' | ')})`];
  }),
);

const api = await measureApi();
const atLeast = (value: number, goal: number) => `${value.toFixed(2)}${value >= goal ? '' : ` (UNDER ${goal})`}`;
log('API, requests per second and p99 latency (autocannon, 50 connections, 3 s after a 1 s warm-up, loopback; the median of 3 rounds, ours, the two anchors and ours with the metrics on in turns). Both anchors send our answer to GET /api/v1/dishes/3 byte for byte but the Date; goals: one dish at least 0.6 of bare node:http and level with Fastify in both languages, Italian within 5% of English, p99 under 10 ms:');
table(
  ['endpoint', 'requests/s', 'p99 ms'],
  [
    ['GET /api/v1/dishes (the first page of 27 dishes)', api.dishes.rps, api.dishes.p99],
    ['GET /api/v1/dishes/3?lang=en', api.dish.rps, api.dish.p99 < 10 ? api.dish.p99 : `${api.dish.p99} (OVER 10)`],
    ['GET /api/v1/dishes/3?lang=it', api.dishItalian.rps, api.dishItalian.p99 < 10 ? api.dishItalian.p99 : `${api.dishItalian.p99} (OVER 10)`],
    ['GET /api/v1/dishes/4?lang=en (three groups of choices)', api.dishChoices.rps, api.dishChoices.p99 < 10 ? api.dishChoices.p99 : `${api.dishChoices.p99} (OVER 10)`],
    ['GET /api/v1/auth/me (Bearer)', api.me.rps, api.me.p99],
    ['GET /api/v1/dishes/3?lang=en, metrics on (METRICS_TOKEN)', api.dishMetrics.rps, api.dishMetrics.p99],
    ['  anchor: bare node:http, our answer to /dishes/3', api.baseline.rps, api.baseline.p99],
    ['  anchor: Fastify with our route table, the same answer', api.fastify.rps, api.fastify.p99],
    ['one dish ÷ bare node:http, English (goal at least 0.6)', atLeast(api.dishRatio, 0.6), ''],
    ['one dish ÷ bare node:http, Italian (goal at least 0.6)', atLeast(api.dishItalianRatio, 0.6), ''],
    ['one dish ÷ Fastify, English (goal at least 1.0)', atLeast(api.fastifyRatio, 1), ''],
    ['one dish ÷ Fastify, Italian (goal at least 1.0)', atLeast(api.fastifyItalianRatio, 1), ''],
    [`one dish in Italian ÷ in English (goal 0.95 to 1.05)${api.italianRatio >= 0.95 && api.italianRatio <= 1.05 ? '' : ' OUTSIDE'}`, api.italianRatio.toFixed(2), ''],
    [`one dish with three groups of choices ÷ one without (goal 0.95 or more)${api.choicesRatio >= 0.95 ? '' : ' UNDER'}`, api.choicesRatio.toFixed(2), ''],
    [`one dish with the metrics on ÷ off, /metrics read every second meanwhile, ${api.metricsScrapes.ok} of ${api.metricsScrapes.taken} reads answered (goal 0.95 or more)${api.metricsRatio >= 0.95 && api.metricsScrapes.ok === api.metricsScrapes.taken ? '' : ' UNDER'}`, api.metricsRatio.toFixed(2), ''],
  ],
);

const pictures = await measurePictureUpload();
log(`A dish's photo: a 4,000 × 3,000 JPEG of ${(pictures.inputBytes / 1e6).toFixed(1)} MB uploaded by an Admin, checked, decoded, made anew as WebP 480 and 960 px wide and stored, ${pictures.uploads} uploads one at a time after one to warm up:`);
table(
  ['measure', 'value'],
  [
    ['upload → answer, median', `${pictures.median} ms`],
    ['  the slowest', `${pictures.max} ms`],
    ['server peak memory', `${pictures.rssMb} MB`],
  ],
);

const streams = await measureStreams();
const displays = await measureDisplays();
log(`Live orders: ${streams.streams.toLocaleString('en-US')} staff streams open (in a process of their own), loopback; then ${displays.displays} paired displays instead (stations mixed); goal for the displays: p99 under 100 ms:`);
table(
  ['measure', 'value'],
  [
    [`placing an order → the last of ${streams.streams.toLocaleString('en-US')} streams has it, p50 (${streams.orders} orders, one at a time)`, `${streams.p50} ms`],
    ['  the same, p99', `${streams.p99} ms`],
    [`placing an order → the last of ${displays.displays} paired displays has it (20 at the pass, 60 at each of 3 stations), p50 (${displays.orders} orders)`, `${displays.p50} ms`],
    ['  the same, p99', `${displays.p99} ms${displays.p99 < 100 ? '' : ' (OVER 100)'}`],
    [`orders placed per second (autocannon, 50 connections, each order to all ${streams.streams.toLocaleString('en-US')} streams)`, streams.ordersPerSecond],
    ['  the same with no stream open', streams.ordersPerSecondAlone],
  ],
);

const scale = await measureScale();
const goal = (p99: number) => (p99 < 50 ? `${p99}` : `${p99} (over 50)`);
log('Lists at scale: first page, every answer read from the database (menu cache off), autocannon 50 connections, 2 s after a 1 s warm-up; SQLite and PostgreSQL servers in turn:');
table(
  ['list', 'dishes', 'open orders', 'SQLite req/s', 'p99 ms', 'PostgreSQL req/s', 'p99 ms'],
  [
    ...(Object.keys(LISTS) as (keyof typeof LISTS)[]).flatMap((list) =>
      SIZES.filter((size) => scale.runs.sqlite[size.dishes]!.lists[list]).map((size) => {
        const [ours, theirs] = [scale.runs.sqlite[size.dishes]!.lists[list]!, scale.runs.postgres[size.dishes]!.lists[list]!];
        return [list, size.dishes, size.orders, ours.rps, goal(ours.p99), theirs.rps, goal(theirs.p99)];
      }),
    ),
    ...SIZES.filter((size) => scale.runs.sqlite[size.dishes]!.queueAlone).map((size) => {
      const [ours, theirs] = [scale.runs.sqlite[size.dishes]!.queueAlone!, scale.runs.postgres[size.dishes]!.queueAlone!];
      return ['queue, one connection (a kitchen screen)', size.dishes, size.orders, ours.rps, ours.p99, theirs.rps, theirs.p99];
    }),
    ['menu, kept in the menu cache (as it runs)', SIZES[2].dishes, SIZES[2].orders, scale.cached.sqlite.rps, goal(scale.cached.sqlite.p99), scale.cached.postgres.rps, goal(scale.cached.postgres.p99)],
    ...SIZES.map((size) => [`server peak memory, MB (budget 200)`, size.dishes, size.orders, scale.runs.sqlite[size.dishes]!.rssMb, '', scale.runs.postgres[size.dishes]!.rssMb, '']),
  ],
);

const day = await measureDayFigures();
log(`The day's numbers (GET /api/v1/admin/day) for a day of ${day.orders.toLocaleString('en-US')} orders (and as many a week before), one connection, every answer read from the database; goal: p99 under 50 ms:`);
table(
  ['database', 'requests/s', 'p99 ms'],
  (['sqlite', 'postgres'] as const).map((dialect) => [dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', day[dialect].rps, goal(day[dialect].p99)]),
);
log(`The close of that day (GET /api/v1/admin/close): its served orders paid in ${day.payments.toLocaleString('en-US')} payments, one connection; goal: p99 under 100 ms:`);
table(
  ['database', 'requests/s', 'p99 ms'],
  (['sqlite', 'postgres'] as const).map((dialect) => [dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', day.close[dialect].rps, day.close[dialect].p99 < 100 ? `${day.close[dialect].p99}` : `${day.close[dialect].p99} (over 100)`]),
);

const backup = await measureBackup();
log(`A backup of the embedded database (100,000 dishes, 10,000 open orders, 5,100 bookings: ${(backup.bytes / 1e6).toFixed(0)} MB) by the server's own handle, taken while 50 connections order (POST /api/v1/orders), a run with it and one without in turns, each in a process of its own; goals: the orders never standing still for 50 ms while it runs, orders per second within 10% of the run without:`);
table(
  ['measure', 'value'],
  [
    ['the backup, ms', backup.backupMs],
    [`the longest time no order was answered while it ran (the orders stood still), ms (goal under 50)${backup.stillMs < 50 ? '' : ' OVER'}`, backup.stillMs],
    ['  the same seconds of the run without a backup, ms', backup.stillWithoutMs],
    ['the longest wait of an order answered while it ran (queued behind 49 others), ms', backup.stallMs],
    ['  the same seconds of the run without a backup, ms', backup.stallWithoutMs],
    [`orders per second with the backup ÷ without (goal 0.9 or more)${backup.rateRatio >= 0.9 ? '' : ' UNDER'}`, `${backup.rateRatio.toFixed(2)} (${backup.rps} and ${backup.rpsWithout})`],
  ],
);

const bookings = await measureBookings();
log('Bookings on a floor of 100 tables: the free times of a day holding 300 bookings (GET /bookings/times, 10 connections), and 50 guests racing for the same evening of the next day, 20 bookings each, one after another (every table chosen by the server); goals: availability p99 under 50 ms, no double booking:');
table(
  ['database', 'free times: answers/s', 'p99 ms', 'race: answers/s', 'p99 ms', 'bookings made', 'refused (409)', 'double bookings'],
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const { availability, race } = bookings[dialect];
    return [dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', availability.rps, goal(availability.p99), race.answersPerSecond, race.p99, race.made, race.refused, race.doubleBookings === 0 ? '0' : `${race.doubleBookings} (MUST BE 0)`];
  }),
);

log('50 hosts and waiters on tables 1 to 20, joined in pairs along a row, at once: walk-ins at a table or two joined, a party booked for later seated early or moved to two joined tables, 10 acts each (Ada and Wanda, signed in once each). Goal: no moment where a table holds two parties:');
table(
  ['database', 'answers/s', 'p99 ms', 'seated or moved', 'refused (409)', 'a table holding two parties'],
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const { hosts } = bookings[dialect];
    return [dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', hosts.answersPerSecond, hosts.p99, hosts.seated, hosts.refused, hosts.twoParties === 0 ? '0' : `${hosts.twoParties} (MUST BE 0)`];
  }),
);

log('Two waiters paying the same bill at the same moment (the whole of what remains each), 200 rounds on each database, a table ordering before each round. Goals: no bill paid past its total, no payment lost, the other waiter told every round:');
table(
  ['database', 'rounds', 'paid past the total', 'payments lost', 'rounds with nobody told', 'p99 ms'],
  (['sqlite', 'postgres'] as const).map((dialect) => {
    const { pay } = bookings[dialect];
    const zero = (count: number) => (count === 0 ? '0' : `${count} (MUST BE 0)`);
    return [dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', pay.rounds, zero(pay.overpaid), zero(pay.lost), zero(pay.untold), pay.p99];
  }),
);

const tableStays = await measureTableStays();
{
  const { sizes } = tableStays.sqlite;
  const name = (dialect: 'sqlite' | 'postgres') => (dialect === 'sqlite' ? 'SQLite, one server process' : 'PostgreSQL, two server processes');
  const dialects = ['sqlite', 'postgres'] as const;
  log(`The table-stays race: on tables 1 to ${sizes.tables} at once, ${sizes.hosts} hosts seat walk-ins (some as the guests already eating there, sameGuests), ${sizes.phonesPerTable} phones a table order from its QR code and ${sizes.waiters} waiters pay in full and in parts (a stale version retried from the 409's bill, a quarter of the payments sent twice with one Idempotency-Key), ${sizes.rounds} rounds with the servers' clocks 11 minutes on between them, while the floor is read through every process (seed ${tableStays.sqlite.seed} and ${tableStays.postgres.seed}). Goals: every row of 0s at 0:`);
  table(
    ['database', 'seconds', 'orders placed', 'refused: bill paid', 'seated', 'as the guests there', 'seatings refused (409)', 'payments', 'in full', 'in part', 'stale versions retried', 'sent twice with one key', 'answers 503, asked again'],
    dialects.map((dialect) => {
      const race = tableStays[dialect];
      const refused = Object.values(race.seatings.refused).reduce((sum, count) => sum + count, 0);
      return [name(dialect), `${race.seconds}${race.cutShort ? ' (cut short)' : ''}`, race.orders.placed, race.orders.refusedPaid, race.seatings.seated, race.seatings.asTheGuests, refused, race.payments.taken, race.payments.inFull, race.payments.inParts, race.payments.staleRetried, race.payments.keyRetries, race.busy];
    }),
  );
  table(
    ['request', ...dialects.flatMap((dialect) => [`${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} count`, 'p50 ms', 'p99 ms'])],
    (Object.keys(tableStays.sqlite.latency) as (keyof typeof tableStays.sqlite.latency)[]).map((kind) => [kind, ...dialects.flatMap((dialect) => [tableStays[dialect].latency[kind].count, tableStays[dialect].latency[kind].p50, tableStays[dialect].latency[kind].p99])]),
  );
  const ZERO_ROWS: [keyof typeof tableStays.sqlite.zeros, string][] = [
    ['twoPartiesSeen', 'a table holding two parties, seen on /staff/bookings or /staff/tables/now'],
    ['twoOpenBillsSeen', 'two open bills at a table, seen on /staff/bills'],
    ['twoPartiesInRows', 'two seated stays holding a table at once, in the rows'],
    ['overlappingHolds', 'two stays holding a table over the same minutes, in the rows'],
    ['twoOpenBills', 'two open bills at a table, in the rows'],
    ['paymentsLost', 'payments answered 201 and not in the rows'],
    ['paymentsUnanswered', 'payments in the rows answered to nobody'],
    ['keyAnsweredOtherwise', 'a payment sent again with its key and answered otherwise'],
    ['overpaid', 'bills paid past their total'],
    ['paidBillsOff', 'paid bills whose payments are not their total (an order on a paid bill)'],
    ['ordersLost', 'orders answered 201 and not in the rows, or the other way'],
    ['ordersElsewhere', 'orders on a bill not of their table'],
    ['unexpected', 'answers the API does not document (a 500 among them)'],
  ];
  const zero = (count: number) => (count === 0 ? '0' : `${count} (MUST BE 0)`);
  table(['must be 0', 'SQLite', 'PostgreSQL'], ZERO_ROWS.map(([key, words]) => [words, zero(tableStays.sqlite.zeros[key]), zero(tableStays.postgres.zeros[key])]));
  for (const dialect of dialects) if (tableStays[dialect].evidence.length) log(`${name(dialect)}, what broke a promise:\n${tableStays[dialect].evidence.join('\n')}\n`);
}

const host = await measureHostStand();
const under100 = (ms: number) => (ms < 100 ? `${ms}` : `${ms} (over 100)`);
log(`The host stand on a day of ${host.bookings} bookings on ${host.tables} tables (the server as npm start runs it, SQLite). In Chromium at 4× CPU slowdown, a paired stand at 1280 × 800: the day's first draw (its answer received → the paint showing it, with its first 16 tables), and a move by keyboard (Event Timing of the keydown: the pick, ArrowLeft; the send, Enter; p75 of 30, 16 meaning 16 or less); at 1024 × 768, the floor plan shown instead of the timeline and a seated table opened on it (Event Timing of the click, p75 of 10); and a booking made online reaching ${host.stands} paired stands (sent → each stand has it). Goals: under 100 ms each (ms):`);
table(
  ['measure', 'value'],
  [
    ['first draw, median of 5', under100(host.firstDraw.median)],
    ['first draw, slowest of 5', under100(host.firstDraw.max)],
    ['every table in the page, median (not a paint)', host.wholeDay],
    ['a move: the pick, p75', under100(host.pick)],
    ['a move: the send, p75', under100(host.send)],
    ['the floor plan shown (1024 × 768, its click), p75', under100(host.plan.draw)],
    ['a table opened on the plan (its click), p75', under100(host.plan.open)],
    [`online booking → each of ${host.stands} stands, p50`, host.reach.p50],
    [`online booking → each of ${host.stands} stands, p99`, under100(host.reach.p99)],
    [`online booking → the last of ${host.stands} stands, p99`, under100(host.reach.lastP99)],
  ],
);

const bill = await measureBillPage();
log(`A waiter's bill of ${bill.lines} lines from ${bill.orders} orders (the server as npm start runs it, SQLite), in Chromium at 4× CPU slowdown on a phone's screen (390 × 844): its first draw (a click on its table on the Tables page → the frame showing it whole, median of 5) and a split by dishes among 4 guests (Event Timing of the keydown on Guests, p75 of 10, 16 meaning 16 or less). Goals: under 100 ms (ms):`);
table(
  ['measure', 'value'],
  [
    ['the bill drawn, median', under100(bill.firstDraw.median)],
    ['the bill drawn, slowest', under100(bill.firstDraw.max)],
    ['split by dishes among 4 guests, p75', under100(bill.splitFour)],
  ],
);

const choices = await measureDishChoices();
log(`A dish with ${choices.groups} groups of ${choices.options} choices (the server as npm start runs it, SQLite), its page in Chromium at 4× CPU slowdown on a phone's screen (390 × 844): an option chosen by click → the next paint, with the price, the allergens and the Add button's total drawn again (Event Timing, p75 of 20; 16 means 16 or less). Goal: under 50 ms (ms):`);
table(['measure', 'value'], [['an option chosen, p75', choices.choose < 50 ? `${choices.choose}` : `${choices.choose} (not under 50)`]]);

const pad = await measurePad();
log(`The waiter's pad (the server as npm start runs it, SQLite), table 5's order on a phone's screen (390 × 844) in Chromium at 4× CPU slowdown: ${pad.taps} taps as a waiter makes them (a category, dishes, the guests, a seat, one more; ${pad.lines} lines at the end), each tap → its next paint (Event Timing of the click, p75; 16 means 16 or less). Goal: under 50 ms (ms):`);
table(['measure', 'value'], [['a tap on the pad, p75', pad.tap < 50 ? `${pad.tap}` : `${pad.tap} (not under 50)`]]);

const editor = await measureMenuEditor();
const ownerFiles = await sizes.adminChunks();
log(`The owner's menu editor with ${editor.dishes} dishes (the server as npm start runs it, SQLite), in Chromium at 4× CPU slowdown at 1280 × 800: its first draw (a click on the navigation's Menu → the first frame showing a screenful, nothing in the window still loading; goal under 200 ms), and until every row is in the page; a Sold out switch's next paint (goal 50 ms or less) and a reorder's (goal under 100 ms) (Event Timing: the longest event of each interaction, p75 of 30; 16 means 16 or less); and the owner's files, min+gzip, fetched after the site's first load:`);
const under = (ms: number, goal: number) => (ms < goal ? `${ms}` : `${ms} (not under ${goal})`);
table(
  ['measure', 'value'],
  [
    ['first draw, a screenful, median of 5 (ms)', under(editor.firstDraw.median, 200)],
    ['first draw, a screenful, slowest of 5 (ms)', editor.firstDraw.max],
    ['every row in the page, median of 5 (ms)', editor.wholeMenu],
    ['a Sold out switch, p75 (ms)', editor.soldOut <= 50 ? `${editor.soldOut}` : `${editor.soldOut} (over 50)`],
    ['a reorder by keyboard, p75 (ms)', under100(editor.reorder)],
    ['a dish moved within its category by keyboard, p75 (ms)', under100(editor.dishMove)],
    ['later.ts and what it brings (B)', ownerFiles.later],
    ['admin.ts, every owner page, and what it brings beyond that (B)', ownerFiles.admin],
  ],
);

log("Each owner page's first draw in the same Chromium (4× CPU slowdown, 1280 × 800, 200 dishes): a click on its link in the navigation → the first frame with its heading and nothing still loading, median of 3 (ms):");
table(
  ['page', 'first draw (ms)'],
  Object.entries(editor.pages).map(([path, ms]) => [path, ms]),
);

const mail = await measureMail();
log("Guests' confirmations through a real SMTP server (in the bench's process): 1,000 bookings through the API of a server as npm start runs it (SQLite), 10 at a time; the booking's answer → its confirmation received (ms); then the same with the mail server stopped for 30 s from the 300th booking, and with the server killed (-9) at the 500th and started again. Goals: p99 under 5,000 ms with nothing wrong; none lost and none twice in every run:");
table(
  ['run', 'bookings made', 'confirmations received', 'p50 ms', 'p99 ms', 'last one, s after the fault ended', 'lost', 'twice'],
  (['none', 'smtp-stopped', 'kill-9'] as const).map((run) => {
    const figures = mail[run];
    const label = { none: 'all well', 'smtp-stopped': 'mail server stopped 30 s', 'kill-9': 'server killed (-9)' }[run];
    return [label, figures.bookings, figures.received, figures.p50, run === 'none' && figures.p99 >= 5000 ? `${figures.p99} (over 5000)` : figures.p99, figures.recoveredIn ?? '–', figures.lost === 0 ? '0' : `${figures.lost} (MUST BE 0)`, figures.twice];
  }),
);

const navigation = await measureNavigation();
log('In Chromium (ms): first contentful paint of the home page, cold; click → the first painted frame showing the new view, and the first showing its content (the price of the dish, the dishes of the menu), menu ↔ dish; median and p95:');
table(
  ['app', 'first paint', 'p95', 'click → view', 'p95', 'click → content', 'p95'],
  Object.entries(navigation).map(([name, timing]) => [name, timing.fcp.median, timing.fcp.p95, timing.frame.median, timing.frame.p95, timing.content.median, timing.content.p95]),
);

const lighthouse = await measureLighthouse();
log('Lighthouse in Debian\'s Chromium, the median of 3 runs per page and preset (mobile: a slow 4G network and a 4× slower CPU); budgets: performance >= 95, CLS < 0.05:');
table(
  ['page', 'preset', 'performance', 'accessibility', 'best practices', 'SEO', 'CLS', 'LCP ms', 'TBT ms'],
  PAGES.flatMap((page) =>
    PRESETS.map((preset) => {
      const figures = lighthouse[page][preset];
      return [page, preset, `${figures.performance}${figures.performance >= 95 ? '' : ' (UNDER 95)'}`, figures.accessibility, figures.bestPractices, figures.seo, `${figures.cls}${figures.cls < 0.05 ? '' : ' (OVER)'}`, figures.lcpMs, figures.tbtMs];
    }),
  ),
);

if (json) console.log(JSON.stringify({ router, size, api, pictures, anchors, streams, displays, scale, day, backup, bookings, tableStays, host, bill, choices, pad, editor, ownerFiles, mail, navigation, lighthouse }));

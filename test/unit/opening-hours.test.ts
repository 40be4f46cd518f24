// Opening hours in the restaurant's time zone: open or closed at an instant, until when
// or from when, across daylight-saving changes, around midnight and over closed dates.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_DAY_WEEK, describeWeek, instantOf, openingStatus, SAMPLE_WEEK, weekProblem, type OpeningHours, type Week } from '../../src/server/restaurant/opening-hours.js';

const Hours = suite('opening hours');
const ROME = 'Europe/Rome';
const sample: OpeningHours = { week: SAMPLE_WEEK, closedDates: [] };
const at = (iso: string) => Date.parse(iso);
const status = (hours: OpeningHours, iso: string, timeZone = ROME) => openingStatus(hours, at(iso), timeZone);
const lateSaturday: Week = { ...SAMPLE_WEEK, saturday: [{ opens: '19:00', closes: '01:00' }] };

Hours('open at lunch on a Saturday, until the end of lunch', () => {
  // 12:00 UTC is 13:00 in Rome in November.
  assert.equal(status(sample, '2026-11-21T12:00:00Z'), { open: true, closesAt: '2026-11-21T14:00:00.000Z', opensAt: null, opensWhen: null, summary: 'Open now · until 15:00' });
});

Hours('between lunch and dinner: opens today; on a Monday: opens tomorrow; late on Sunday: opens Tuesday', () => {
  assert.equal(status(sample, '2026-11-21T15:00:00Z'), { open: false, closesAt: null, opensAt: '2026-11-21T18:00:00.000Z', opensWhen: 'today at 19:00', summary: 'Closed · opens today at 19:00' });
  assert.is(status(sample, '2026-11-23T10:00:00Z').summary, 'Closed · opens tomorrow at 12:00');
  const sundayNight = status(sample, '2026-11-22T22:30:00Z');
  assert.equal([sundayNight.summary, sundayNight.opensAt], ['Closed · opens Tuesday at 12:00', '2026-11-24T11:00:00.000Z']);
});

Hours('the minute a service ends it is closed; the minute it starts it is open', () => {
  assert.is(status(sample, '2026-11-21T13:59:00Z').open, true);
  assert.is(status(sample, '2026-11-21T14:00:00Z').open, false);
  assert.is(status(sample, '2026-11-21T18:00:00Z').open, true);
  assert.is(status(sample, '2026-11-21T21:59:59Z').open, true);
  assert.is(status(sample, '2026-11-21T22:00:00Z').summary, 'Closed · opens tomorrow at 12:00');
});

Hours('a service past midnight belongs to the day it opens, even when the next day is closed', () => {
  const hours = { week: lateSaturday, closedDates: [{ date: '2026-11-22', note: 'Family day' }] };
  // Sunday 00:30 in Rome: Saturday's service still runs.
  assert.equal(status(hours, '2026-11-21T23:30:00Z'), { open: true, closesAt: '2026-11-22T00:00:00.000Z', opensAt: null, opensWhen: null, summary: 'Open now · until 01:00' });
  assert.is(status(hours, '2026-11-22T00:00:00Z').summary, 'Closed · opens Tuesday at 12:00');
});

Hours('closing at 24:00 closes at midnight; lunch that runs into dinner is one opening', () => {
  const hours = { week: { ...SAMPLE_WEEK, friday: [{ opens: '12:00', closes: '19:00' }, { opens: '19:00', closes: '24:00' }] }, closedDates: [] };
  assert.equal([status(hours, '2026-11-20T12:00:00Z').summary, status(hours, '2026-11-20T12:00:00Z').closesAt], ['Open now · until midnight', '2026-11-20T23:00:00.000Z']);
  assert.is(status(hours, '2026-11-20T23:00:00Z').summary, 'Closed · opens today at 12:00');
});

Hours('the autumn change (25 October 2026): a late service ends at 01:00 summer time, the next opens at 12:00 winter time', () => {
  const hours = { week: lateSaturday, closedDates: [] };
  assert.equal([status(hours, '2026-10-24T22:30:00Z').summary, status(hours, '2026-10-24T22:30:00Z').closesAt], ['Open now · until 01:00', '2026-10-24T23:00:00.000Z']);
  const morning = status(hours, '2026-10-25T09:00:00Z');
  assert.equal([morning.summary, morning.opensAt], ['Closed · opens today at 12:00', '2026-10-25T11:00:00.000Z']);
});

Hours('the spring change (29 March 2026): noon is 10:00 UTC; a time the clocks skip opens when it would have', () => {
  const night = status(sample, '2026-03-29T00:30:00Z');
  assert.equal([night.summary, night.opensAt], ['Closed · opens today at 12:00', '2026-03-29T10:00:00.000Z']);
  // 02:30 does not exist in Rome that night: 01:30 UTC is when it would have been.
  assert.is(new Date(instantOf(Date.UTC(2026, 2, 29) / 86_400_000, 150, ROME)).toISOString(), '2026-03-29T01:30:00.000Z');
});

Hours('closed dates are skipped; beyond a week the date is named; nothing planned says so', () => {
  const hours = { week: SAMPLE_WEEK, closedDates: [{ date: '2026-11-24', note: '' }, { date: '2026-11-25', note: '' }] };
  assert.is(status(hours, '2026-11-23T10:00:00Z').summary, 'Closed · opens Thursday at 12:00');
  const winterBreak = { week: SAMPLE_WEEK, closedDates: Array.from({ length: 9 }, (_, i) => ({ date: new Date(Date.UTC(2026, 10, 24 + i)).toISOString().slice(0, 10), note: 'Winter break' })) };
  assert.is(status(winterBreak, '2026-11-23T10:00:00Z').summary, 'Closed · opens on Thursday 3 December at 12:00');
  const empty = { week: Object.fromEntries(Object.keys(SAMPLE_WEEK).map((day) => [day, []])) as unknown as Week, closedDates: [] };
  assert.equal(status(empty, '2026-11-23T10:00:00Z'), { open: false, closesAt: null, opensAt: null, opensWhen: null, summary: 'Closed for now' });
});

Hours('another time zone is honoured', () => {
  assert.is(status(sample, '2026-11-21T12:00:00Z', 'America/New_York').summary, 'Closed · opens today at 12:00');
  assert.is(status(sample, '2026-11-21T17:00:00Z', 'America/New_York').summary, 'Open now · until 15:00');
});

Hours('open all day, every day', () => {
  assert.is(status({ week: ALL_DAY_WEEK, closedDates: [] }, '2026-11-23T03:00:00Z').summary, 'Open now · until further notice');
});

Hours('the week in words', () => {
  assert.is(describeWeek(SAMPLE_WEEK), 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00');
  assert.is(describeWeek({ ...SAMPLE_WEEK, monday: [{ opens: '12:00', closes: '15:00' }], tuesday: [{ opens: '12:00', closes: '15:00' }] }), 'Monday and Tuesday, 12:00–15:00; Wednesday to Sunday, 12:00–15:00 and 19:00–23:00');
  assert.is(describeWeek(Object.fromEntries(Object.keys(SAMPLE_WEEK).map((day) => [day, []])) as unknown as Week), 'Closed every day');
});

Hours('a week that cannot be: a service that opens and closes at once, a second one before the first ends', () => {
  assert.equal(weekProblem({ ...SAMPLE_WEEK, monday: [{ opens: '12:00', closes: '12:00' }] }), { field: 'week.monday.0.closes', message: 'week.monday: a service cannot open and close at 12:00.' });
  assert.equal(weekProblem({ ...SAMPLE_WEEK, monday: [{ opens: '12:00', closes: '15:00' }, { opens: '14:00', closes: '23:00' }] }), {
    field: 'week.monday.1.opens',
    message: 'week.monday: the second service must start after the first ends (15:00).',
  });
  assert.is(weekProblem(SAMPLE_WEEK), null);
});

Hours.run();

// A backup of a large embedded database (100,000 dishes, 10,000 open orders, 5,100
// bookings) taken while 50 connections order: the server as it runs with its own scheduled
// backups (the online API on its own handle, a step at a time), one process per run, a run
// with the backup and one without taking turns. Each order's answer is timed as it comes
// (autocannon's responses); the backup starts 2 s into the load. Figures: the longest wait
// of an order answered while the backup ran, and the orders per second of the run with the
// backup beside the run without; the same window of the run without says what waits are
// there anyway. With 50 connections on two cores every order queues behind the others (about
// 50 × 4 ms) with or without a backup, so the stall the backup itself causes is read apart: the
// longest time in its window in which no order was answered at all (the orders stood still).
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { bundle, step } from './scale.js';

export interface BackupFigures {
  /** The backup's own time, ms, and the copy's size, bytes. */
  backupMs: number;
  bytes: number;
  /** The longest wait of an order answered while it ran, ms; the same window without a backup. */
  stallMs: number;
  stallWithoutMs: number;
  /** The longest time no order was answered while it ran (the orders stood still), ms; the same window without. */
  stillMs: number;
  stillWithoutMs: number;
  /** Orders per second with the backup ÷ without (medians of the rounds). */
  rateRatio: number;
  rps: number;
  rpsWithout: number;
}

const ORDER = JSON.stringify({ pickupName: 'Bench', pickupPhone: '+39 347 123 4567', items: [{ dishId: 1, quantity: 1 }] });

async function run(where: string, seconds: number, backup: boolean): Promise<{ rps: number; stall: number; still: number; backupMs: number; bytes: number }> {
  const { line: url, child } = await step(['serve-backup', where]);
  try {
    const timed: [at: number, ms: number][] = [];
    let done: { start: number; end: number; bytes: number } | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      const found = /backup (\d+) (\d+) (\d+)/.exec(chunk.toString());
      if (found) done = { start: Number(found[1]), end: Number(found[2]), bytes: Number(found[3]) };
    });
    const options = { url: `${url}/api/v1/orders`, method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: ORDER, connections: 50 };
    await autocannon({ ...options, duration: 1 }); // warm up
    const started = Date.now();
    const signal = setTimeout(() => backup && child.kill('SIGUSR2'), 2000);
    const result = await autocannon({
      ...options,
      duration: seconds,
      setupClient: (client: { on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void }) => client.on('response', (_status, _bytes, ms) => timed.push([Date.now(), ms])),
    } as autocannon.Options);
    clearTimeout(signal);
    if (result.errors || result.non2xx) throw new Error(`orders: ${result.errors} errors, ${result.non2xx} answers that were not 2xx`);
    if (backup) for (let waited = 0; !done && waited < 30_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    if (backup && !done) throw new Error('the backup never ended');
    // The window: while the backup ran (or, without one, the same seconds of the run).
    const window = done ?? { start: started + 2000, end: started + 2000 + 1000, bytes: 0 };
    const during = timed.filter(([at, ms]) => at >= window.start && at - ms <= window.end).map(([, ms]) => ms);
    // The answers' moments from the one before the window to the one after it: the longest gap between two.
    const moments = timed.map(([at]) => at).sort((a, b) => a - b);
    const first = Math.max(0, moments.findIndex((at) => at >= window.start) - 1);
    const after = moments.findIndex((at) => at > window.end);
    const inWindow = moments.slice(first, after < 0 ? moments.length : after + 1);
    const still = Math.max(0, ...inWindow.slice(1).map((at, i) => at - inWindow[i]!));
    return { rps: Math.round(result.requests.average), stall: Math.round(Math.max(0, ...during)), still, backupMs: window.end - window.start, bytes: window.bytes };
  } finally {
    child.kill();
  }
}

/** The bench's sizes; test/reliability/bench-backup.test.ts gives small ones. */
export interface BackupSizes {
  dishes: number;
  orders: number;
  /** Days of 300 bookings each. */
  bookingDays: number;
  seconds: number;
  rounds: number;
}

export async function measureBackup({ dishes, orders, bookingDays, seconds, rounds }: BackupSizes = { dishes: 100_000, orders: 10_000, bookingDays: 17, seconds: 8, rounds: 3 }): Promise<BackupFigures> {
  await bundle();
  const { line: where } = await step(['prepare-backup', String(dishes), String(orders), String(bookingDays)]);
  try {
    const withBackup: Awaited<ReturnType<typeof run>>[] = [];
    const without: Awaited<ReturnType<typeof run>>[] = [];
    for (let round = 0; round < rounds; round++) {
      // Which goes first takes turns: this machine's speed drifts from minute to minute.
      if (round % 2) without.push(await run(where, seconds, false));
      withBackup.push(await run(where, seconds, true));
      if (!(round % 2)) without.push(await run(where, seconds, false));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratios = withBackup.map((run, i) => run.rps / without[i]!.rps);
    return {
      backupMs: median(withBackup.map((run) => run.backupMs)),
      bytes: withBackup[0]!.bytes,
      stallMs: Math.max(...withBackup.map((run) => run.stall)),
      stallWithoutMs: Math.max(...without.map((run) => run.stall)),
      stillMs: Math.max(...withBackup.map((run) => run.still)),
      stillWithoutMs: Math.max(...without.map((run) => run.still)),
      rateRatio: Math.round(median(ratios) * 100) / 100,
      rps: median(withBackup.map((run) => run.rps)),
      rpsWithout: median(without.map((run) => run.rps)),
    };
  } finally {
    rmSync(where, { recursive: true, force: true });
  }
}

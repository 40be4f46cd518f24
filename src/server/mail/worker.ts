// The worker that empties the outbox: it takes due messages (outbox.ts: no two processes
// take the same), sends each, and writes what happened. A message refused for good (a 5xx)
// fails at once with the server's words; any other failure is tried again later, waiting
// twice as long each time (from `firstRetryMs` up to `longestWaitMs`), and given up a day
// after it was written, with the last reason kept. A poke (a message just written by this
// process) sends at once; otherwise it looks when the next retry falls due, and every
// `pollMs` for messages other processes wrote. A database that does not answer is waited
// out: the worker says so once and tries again.
import type { Db } from '../db/schema.js';
import { markNotSent, markSent, nextDue, takeDue } from './outbox.js';
import { failureOf, type Sender } from './smtp.js';

export interface WorkerOptions {
  db: Db;
  clock: () => number;
  sender: Sender;
  /** The name messages come from: the restaurant's, read when sending. */
  fromName: () => Promise<string>;
  firstRetryMs?: number;
  longestWaitMs?: number;
  giveUpMs?: number;
  pollMs?: number;
  /** How long a taken message is this process's (then another may take it). */
  leaseMs?: number;
  batch?: number;
}

export interface MailWorker {
  /** Something was written: look now. */
  poke(): void;
  /** Stops looking, waits for the sends under way, closes the connections. */
  stop(): Promise<void>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function startMailWorker({ db, clock, sender, fromName, firstRetryMs = 10_000, longestWaitMs = 10 * 60_000, giveUpMs = DAY_MS, pollMs = 5_000, leaseMs = 2 * 60_000, batch = 20 }: WorkerOptions): MailWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let saidDown = false;

  const waitFor = (tries: number) => Math.min(longestWaitMs, firstRetryMs * 2 ** Math.max(0, tries - 1));

  async function sendDue(): Promise<void> {
    for (;;) {
      const taken = await takeDue(db, clock(), batch, leaseMs);
      if (!taken.length) return;
      const name = await fromName();
      await Promise.all(
        taken.map(async (message) => {
          if (clock() - message.created_ms >= giveUpMs) {
            await markNotSent(db, message.id, `Given up: not sent within a day of being written. ${message.last_error ?? ''}`.trim(), null);
            return;
          }
          try {
            await sender.send(message, name);
          } catch (error) {
            const { reason, final } = failureOf(error);
            const now = clock();
            await markNotSent(db, message.id, final ? reason : now - message.created_ms >= giveUpMs ? `Given up after a day: ${reason}` : reason, final || now - message.created_ms >= giveUpMs ? null : now + waitFor(message.tries));
            return;
          }
          await markSent(db, message.id, clock());
        }),
      );
      if (stopped) return;
    }
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, ms));
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendDue()
      .then(async () => {
        saidDown = false;
        const due = await nextDue(db);
        schedule(Math.min(pollMs, due === undefined ? pollMs : due - clock()));
      })
      .catch((error: Error) => {
        if (!saidDown) console.error(`Mail: could not read or write the outbox (${error.message}); trying again every ${pollMs / 1000} s.`);
        saidDown = true;
        schedule(pollMs);
      })
      .finally(() => {
        running = undefined;
        if (again) run();
      });
  }

  run();
  return {
    poke: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      sender.close();
    },
  };
}

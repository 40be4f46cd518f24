// The server's hourly chores (the refresh-token sweep, the bookings' data sweep): once a
// second after start, then every hour, never keeping the process alive. A run that fails
// says so and waits for the next.

const EVERY_MS = 60 * 60 * 1000;

/** Runs `chore` now and then every hour (or `everyMs`) until the returned function is called; `what` names it in the log. */
export function hourly(chore: () => Promise<unknown>, what: string, everyMs = EVERY_MS): () => void {
  const run = () => chore().catch((error: Error) => console.error(`Could not ${what} (the next run will): ${error.message}`));
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

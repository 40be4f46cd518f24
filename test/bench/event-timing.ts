// Event Timing in a bench's page: the durations of the events named (click, keydown) that
// Chromium reports from now on. It reports an event only from 16 ms (its least threshold):
// an interaction that added none took less, and is read as 16 ("16 ms or less").
import type { Page } from 'playwright-core';

export interface EventDurations {
  /** How many have been reported so far: the mark to read `since` from. */
  count(): Promise<number>;
  /** The durations reported after the first `mark`, in order. */
  since(mark: number): Promise<number[]>;
}

/** Starts observing `names` on `page`; each observer keeps its own list. */
export async function eventDurations(page: Page, names: string[]): Promise<EventDurations> {
  const key = `benchEvents${names.join('')}`;
  await page.evaluate(
    ({ key, names }) => {
      const seen: number[] = [];
      (window as unknown as Record<string, number[]>)[key] = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (names.includes(entry.name)) seen.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    },
    { key, names },
  );
  const all = () => page.evaluate((key) => (window as unknown as Record<string, number[]>)[key]!.slice(0), key);
  return { count: async () => (await all()).length, since: async (mark) => (await all()).slice(mark) };
}

/** A duration read as Event Timing allows: `undefined` (nothing reported) is 16, "16 ms or less". */
export const orSixteen = (duration: number | undefined): number => duration ?? 16;

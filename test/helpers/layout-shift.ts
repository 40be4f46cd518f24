/**
 * Cumulative Layout Shift in Chromium, as a page is met on a slow connection: every
 * request but the document waits `delayMs`, so the shell paints before the script runs
 * and each page paints its frame before its data arrives. Once the page has settled, a
 * PerformanceObserver asked for the buffered `layout-shift` entries (Chromium keeps those
 * of the page's load) sums the ones not caused by input, and names what moved.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface Shifts {
  /** The sum of the shifts since the page loaded (what Lighthouse counts for a load this short). */
  cls: number;
  /** What moved, for the message of a failing test. */
  sources: string[];
}

/** Delays every request but documents by `delayMs` in this context. */
export async function slowConnection(context: BrowserContext, delayMs = 250): Promise<void> {
  await context.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
}

// Run in the page as written: the test's compiler would wrap named functions in a helper
// (`__name`) that the page does not have.
const READ_SHIFTS = `new Promise((resolve) => {
  const describe = (node) => !(node instanceof Element) ? (node ? node.nodeName : '(gone)')
    : node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + [...node.classList].map((name) => '.' + name).join('');
  const observer = new PerformanceObserver((list) => {
    observer.disconnect();
    let value = 0;
    const sources = [];
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      value += entry.value;
      sources.push(entry.value.toFixed(4) + ' at ' + Math.round(entry.startTime) + ' ms: ' + (entry.sources || []).map((source) => describe(source.node)).join(', '));
    }
    resolve({ value, sources });
  });
  observer.observe({ type: 'layout-shift', buffered: true });
  // No shift at all: the observer is never called.
  setTimeout(() => { observer.disconnect(); resolve({ value: 0, sources: [] }); }, 200);
})`;

/** The shifts of `page` since it loaded. */
export async function shiftsOf(page: Page): Promise<Shifts> {
  const { value, sources } = await page.evaluate<{ value: number; sources: string[] }>(READ_SHIFTS);
  return { cls: Math.round(value * 10000) / 10000, sources };
}

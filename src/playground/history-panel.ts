// The history panel: the entries of the app's history, oldest first, each with how it
// came to be (loaded, pushed by a link or the address bar, replaced by a keystroke or a
// guard), the current one marked in words as well as in colour.
import { h } from '../core/dom.js';
import type { MemoryLocation } from '../router/location.js';

export type Arrival = 'load' | 'push' | 'replace';

const SAID: Record<Arrival, string> = { load: 'loaded', push: 'pushed', replace: 'replaced' };

export function historyEntries(memory: MemoryLocation, arrivals: Map<string, Arrival>): HTMLOListElement {
  return h(
    'ol',
    { class: 'entries' },
    memory.entries.map((entry, index) => {
      const current = index === memory.index;
      const from = (entry.state as { from?: string } | undefined)?.from;
      return h(
        'li',
        { class: current ? 'current' : null, 'aria-current': current ? 'step' : null },
        h('code', null, entry.path),
        ` ${SAID[arrivals.get(entry.key) ?? 'load']}`,
        from ? `, state from = ${from}` : '',
        current ? h('strong', null, ' ← current') : '',
      );
    }),
  );
}

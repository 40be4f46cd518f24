// The bar at the top of a wall screen (a kitchen or pass display, the pickup board): the
// screen's name, the clock, whether it is live, and its few controls (sound, full screen).
// It stays at the top while the tickets scroll under it; nothing in it leads off the board.
import { clockIn, deviceZone } from './zone-time.js';
import { h, nodes, type Child } from '../../core/dom.js';

export interface ScreenBar {
  bar: HTMLElement;
  /** Shows `button` in the bar (the chime's prompt), or takes it away (null). */
  prompt(button: HTMLButtonElement | null): void;
  /** The clock tells the time of `timeZone` (the restaurant's), whatever the tablet is set to. */
  inTimeZone(timeZone: string): void;
}

/** The bar: `name` (the page's h1, and what goes with it), then the clock, `connection` and `tools`, kept until `signal` aborts. */
export function screenBar({ name, connection, tools, signal }: { name: Child[]; connection: HTMLElement; tools: Child[]; signal: AbortSignal }): ScreenBar {
  const clock = h('time', { class: 'screen-clock' });
  // The device's own time until the restaurant's zone is known.
  let zone = deviceZone();
  const tick = () => {
    const now = new Date();
    clock.textContent = clockIn(zone, now.getTime());
    clock.dateTime = now.toISOString();
  };
  tick();
  // On the minute, then every minute.
  let timer = setTimeout(function next() {
    tick();
    timer = setTimeout(next, 60_000 - (Date.now() % 60_000));
  }, 60_000 - (Date.now() % 60_000));
  signal.addEventListener('abort', () => clearTimeout(timer));
  const prompts = h('div', { class: 'screen-prompt' });
  const bar = h(
    'header',
    { class: 'screen-bar' },
    h('div', { class: 'screen-name' }, nodes(name)),
    clock,
    connection,
    prompts,
    h('div', { class: 'board-tools' }, nodes(tools)),
  );
  return {
    bar,
    prompt: (button) => prompts.replaceChildren(...(button ? [button] : [])),
    inTimeZone: (timeZone) => {
      zone = timeZone;
      tick();
    },
  };
}

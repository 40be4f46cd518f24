// The host view's page: its parts, made empty for the draws to fill; the switch between the timeline and the floor plan; and the order they stand in.
import { h } from '../../core/dom.js';
import { t } from '../../core/words.js';
import type { HostState } from './host-state.js';

/** Where this device keeps the host's choice of the timeline or the floor plan. */
const MODE_KEY = 'tavola.host-view';

/** The parts the draws fill. */
export function hostNodes() {
  // elementtiming: the bench times the first paint of the day (test/bench/host-stand.ts).
  const heading = h('h2', { class: 'host-day', id: 'host-day', elementtiming: 'host-day' });
  const timeline = h('div', { class: 'host-timeline' });
  const scroller = h('div', { class: 'host-scroll', role: 'region', 'aria-labelledby': 'host-day', tabindex: 0 }, timeline);
  // The floor plan instead of the timeline, as the host chooses (kept on this device).
  const planArea = h('div', { class: 'host-plan', hidden: true });
  return {
    heading,
    covers: h('p', { class: 'covers' }),
    nav: h('nav', { class: 'row day-nav', 'aria-label': t('Days') }),
    timeline,
    scroller,
    planArea,
    /** The day, and the booking's panel beside it (host-panels.ts puts it there). */
    main: h('div', { class: 'host-main' }, scroller, planArea),
    /** The guests by the half hour they come, under the day. */
    coversArea: h('div'),
    waiting: h('div', { class: 'host-waiting' }),
    // A phone shows the day as a list by time instead of the timeline (host-list.ts), drawn only there.
    phoneList: h('ol', { class: 'host-list', 'aria-label': t('The day by time') }),
    over: h('div'),
  };
}

export type HostNodes = ReturnType<typeof hostNodes>;

/** The timeline or the floor plan, as the host last chose on this device. */
export const savedMode = (): HostState['mode'] => (localStorage.getItem(MODE_KEY) === 'plan' ? 'plan' : 'timeline');

/** One toggle: pressed, the plan is shown (a switch of two buttons would not fit a tablet's heading line). */
export function modeSwitch(state: HostState, draw: () => void): HTMLButtonElement {
  const other = (): HostState['mode'] => (state.mode === 'plan' ? 'timeline' : 'plan');
  const button = h('button', { type: 'button', class: 'button secondary view-switch', 'aria-pressed': String(state.mode === 'plan'), onclick: () => show(other()) }, t('Floor plan'));
  function show(which: HostState['mode']) {
    state.mode = which;
    localStorage.setItem(MODE_KEY, which);
    button.setAttribute('aria-pressed', String(which === 'plan'));
    draw();
  }
  return button;
}

/** What stands around the day: the answers' line, the switch, and the tools with the forms they open. */
export interface AroundTheDay {
  status: HTMLElement;
  viewSwitch: HTMLElement;
  search: { node: HTMLElement };
  walkIn: { node: HTMLElement; toggle: HTMLElement };
  waitlist: { node: HTMLElement; toggle: HTMLElement };
}

/** The page, top to bottom. */
export function hostBody(nodes: HostNodes, { status, viewSwitch, search, walkIn, waitlist }: AroundTheDay): HTMLElement {
  return h(
    'div',
    { class: 'host-view' },
    h('div', { class: 'host-tools' }, nodes.nav, search.node, walkIn.toggle, waitlist.toggle),
    walkIn.node,
    waitlist.node,
    h('div', { class: 'host-heading-row' }, nodes.heading, nodes.covers, viewSwitch),
    status,
    nodes.waiting,
    nodes.phoneList,
    nodes.main,
    h('p', { class: 'hint' }, t('On a booking: Enter shows it; the arrow keys move it to another table or time, Enter then moves it, Escape puts it back. Or drag it.')),
    nodes.coversArea,
    nodes.over,
  );
}

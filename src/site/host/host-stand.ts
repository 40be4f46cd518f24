// A paired host stand's screen (/display on a display of kind `host`): the host view of
// yesterday, today or tomorrow under the screen's own bar (its name, the clock, the live
// state, full screen), kept on all service. It opens with the display credential, not a
// person's sign-in: nothing on it ends at two minutes.
import { h, nodes } from '../../core/dom.js';
import type { BookingsApi } from '../bookings/index.js';
import type { LaterServices } from '../shell/services.js';
import { fullScreenButton } from '../common/full-screen.js';
import { keepScreenOn } from '../common/screen-awake.js';
import { screenBar } from '../common/screen-bar.js';
import { hostView } from './host-view.js';
import type { HostStandRequest } from '../kitchen/index.js';
import { phoneBookingForm } from './phone-booking-form.js';

/** What /display gives a host stand (display-board.ts), and the API it reads with. */
export interface HostStandOptions extends HostStandRequest {
  api: BookingsApi;
}

export function hostStand({ follow, announce }: Pick<LaterServices, 'follow' | 'announce'>, options: HostStandOptions): HTMLElement {
  const { api, display, signal } = options;
  const title = h('h1', { tabindex: -1 }, display.name);
  const connection = h('p', { class: 'connection', role: 'status' });
  const awake = h('p', { class: 'hint awake' });
  const screen = h('div', { class: 'board-screen host-screen' });
  let shown: string | undefined;
  const view = hostView({
    api,
    follow,
    token: options.token,
    signal,
    announce,
    date: options.date,
    dayAddress: (day) => `/display?date=${day}`,
    days: 'three',
    navigate: options.navigate,
    connection,
    refused: options.refused,
    changed: options.changed,
    onDay: (day) => {
      shown = day.date;
      inTimeZone(day.timeZone);
    },
  });
  const { bar, inTimeZone } = screenBar({ name: [title], connection, tools: [fullScreenButton(screen, signal)], signal });
  keepScreenOn(signal, (text) => (awake.textContent = text));
  screen.append(...nodes([bar, view.node, phoneBookingForm({ api, day: () => shown, booked: () => view.reload(), refused: options.refused }), awake]));
  return screen;
}

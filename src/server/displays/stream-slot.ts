// A paired display's open stream (the pass's orders, the host stand's bookings): a place
// among the process's open streams as an account of its own, watched (watch.ts) so that
// unpairing the display ends it and a change of what the display is, or of the board's
// settings, is told on it.
import type { DisplayRow } from '../db/schema.js';
import { notice } from '../http/event-stream.js';
import type { OpenStreams, StreamSlot } from '../http/open-streams.js';
import type { DisplayWatch } from './watch.js';

export interface DisplayStream {
  slot: StreamSlot;
  /** Hands over the stream's way to send a frame while it is open. */
  attach(write: (bytes: Uint8Array) => void): void;
}

/** The slot and the watch of `display`'s stream, opened when the board's settings were at `settingsVersion`. */
export function displayStream(streams: OpenStreams, watch: DisplayWatch, display: DisplayRow, settingsVersion: number): DisplayStream {
  const admitted = streams.admitDisplay(display.id);
  let unwatch = () => {};
  let write = (_bytes: Uint8Array) => {};
  return {
    slot: {
      onClose: (finish) => {
        admitted.onClose(finish);
        unwatch = watch.track({ display: display.id, credential: display.credential_hash!, version: display.version, settings: settingsVersion, end: finish, tell: (name, data) => write(notice(name, data)) });
      },
      release: () => {
        unwatch();
        admitted.release();
      },
    },
    attach: (send) => {
      write = send;
    },
  };
}

// The event streams this process has open: how many it takes, and the way to end them
// all (a shutdown tells every client to reconnect, to another instance).
//
// A diner's stream needs no sign-in, so anyone could hold thousands. Caps:
// - `perClient` diner streams from one client address: past it, 429 `too_many_streams`;
// - `perProcess` streams of any kind in this process: past it, a diner gets 503 `server_busy`;
// - `perAccount` staff streams of one account: past it, the account's oldest stream is
//   ended (its screen reconnects) and the new one is taken. A staff stream is never
//   refused: a kitchen screen reconnecting is not turned away because its own earlier
//   stream has not finished closing, nor because diners filled the process.
// A diner at a cap who already follows the same order from the same address is treated
// the same way: the newer stream replaces the older one (a reload, a reconnect).
// A paired display counts as an account of its own (its streams are never refused), and
// the pickup board as a diner following one more "order".
import { ApiError } from './errors.js';
import { t } from './language.js';

export interface StreamLimits {
  perClient: number;
  perAccount: number;
  perProcess: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perClient: 100, perAccount: 20, perProcess: 2000 };

/** A stream's place in the count: it learns how to end the stream, and gives the place back when the stream ends. */
export interface StreamSlot {
  /** `finish` ends the stream; it is called when the stream must go (shutdown, or replaced). */
  onClose(finish: () => void): void;
  /** The stream has ended: its place is free. */
  release(): void;
}

export interface OpenStreams {
  /** A place for a diner's stream of `orderId` from `client`; throws a 429 or 503 past a cap. */
  admitDiner(client: string, orderId: number): StreamSlot;
  /** A place for a staff stream of `userId`; ends the account's oldest stream past its cap. */
  admitStaff(userId: number): StreamSlot;
  /** A place for a paired display's stream, as for an account of its own. */
  admitDisplay(displayId: number): StreamSlot;
  /** A place for the pickup board's stream from `client`, as for a diner's. */
  admitBoard(client: string): StreamSlot;
  /** Ends every open stream: each client connects again (the test clock moved). */
  endAll(): void;
  /** Ends every open stream and refuses new ones (503 `shutting_down`): the process is going away. */
  closeAll(): void;
  /** How many streams are open. */
  readonly size: number;
  /** How many are open by kind: diners' (orders and the pickup board), staff's, paired screens' (the metrics). */
  byKind(): { diners: number; staff: number; screens: number };
}

const RETRY_SECONDS = 10;

interface Stream {
  /** A diner's order; undefined for staff. */
  orderId: number | undefined;
  finish: (() => void) | undefined;
  /** Asked to end before it knew how: it ends as soon as it does. */
  closing: boolean;
}

export function createOpenStreams(limits: StreamLimits = DEFAULT_STREAM_LIMITS): OpenStreams {
  const all = new Set<Stream>();
  // Each group in the order its streams were opened: the first is the oldest.
  const groups = new Map<string, Set<Stream>>();
  let shuttingDown = false;

  function close(stream: Stream) {
    if (stream.finish) stream.finish();
    else stream.closing = true;
  }

  function refuseWhileShuttingDown() {
    if (shuttingDown) throw new ApiError(503, 'shutting_down', t('This server is shutting down. Connect again: another one will answer.'), { headers: { 'Retry-After': '1' } });
  }

  function open(group: string, orderId: number | undefined): StreamSlot {
    const stream: Stream = { orderId, finish: undefined, closing: false };
    let members = groups.get(group);
    if (!members) {
      members = new Set();
      groups.set(group, members);
    }
    members.add(stream);
    all.add(stream);
    return {
      onClose(finish) {
        stream.finish = finish;
        if (stream.closing) finish();
      },
      release() {
        all.delete(stream);
        members.delete(stream);
        if (!members.size && groups.get(group) === members) groups.delete(group);
      },
    };
  }

  // A person's or a display's streams: past the cap, the oldest ones end, and the new one is taken.
  function admitSigned(group: string): StreamSlot {
    refuseWhileShuttingDown();
    const mine = groups.get(group);
    if (mine && mine.size >= limits.perAccount) {
      // The oldest first; a stream asked to close but not yet gone is not asked twice.
      const excess = mine.size - limits.perAccount + 1;
      [...mine].filter((stream) => !stream.closing).slice(0, excess).forEach(close);
    }
    return open(group, undefined);
  }

  const streams: OpenStreams = {
    admitDiner(client, orderId) {
      refuseWhileShuttingDown();
      const group = `client:${client}`;
      const mine = groups.get(group);
      const full = (mine?.size ?? 0) >= limits.perClient || all.size >= limits.perProcess;
      if (full) {
        const older = mine && [...mine].find((stream) => stream.orderId === orderId);
        if (older) close(older);
        else if ((mine?.size ?? 0) >= limits.perClient) {
          throw new ApiError(429, 'too_many_streams', t('Too many live order streams are open from this connection (at most {perClient}). Close some order pages, or try again in {RETRY_SECONDS} seconds.', { perClient: limits.perClient, RETRY_SECONDS }), {
            headers: { 'Retry-After': String(RETRY_SECONDS) },
          });
        } else {
          throw new ApiError(503, 'server_busy', t('This server is following too many live orders right now. Try again in {RETRY_SECONDS} seconds.', { RETRY_SECONDS }), {
            headers: { 'Retry-After': String(RETRY_SECONDS) },
          });
        }
      }
      return open(group, orderId);
    },
    admitStaff: (userId) => admitSigned(`staff:${userId}`),
    admitDisplay: (displayId) => admitSigned(`display:${displayId}`),
    admitBoard: (client) => streams.admitDiner(client, PICKUP_BOARD),
    endAll() {
      for (const stream of [...all]) close(stream);
    },
    closeAll() {
      shuttingDown = true;
      streams.endAll();
    },
    get size() {
      return all.size;
    },
    byKind() {
      const counts = { diners: 0, staff: 0, screens: 0 };
      for (const [group, members] of groups) counts[group.startsWith('staff:') ? 'staff' : group.startsWith('display:') ? 'screens' : 'diners'] += members.size;
      return counts;
    },
  };
  return streams;
}

/** The pickup board, among the "orders" a diner's address follows (order numbers start at 1). */
const PICKUP_BOARD = 0;

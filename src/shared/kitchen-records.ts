/**
 * The kitchen's records as the API sends them: stations, the board's settings, paired
 * displays as the owner sees them and as a screen knows itself, a screen's recall list
 * and the pickup board. One definition, read by the server and by the pages.
 */
import type { DisplayKind, Ticket } from './order-states.js';

export type { DisplayKind, Ticket };

export interface Station {
  id: number;
  name: string;
  /** Its name in Italian, or null while not translated (Italian boards then show the English). */
  nameIt: string | null;
  /** Where the dishes of a new category are cooked. */
  isDefault: boolean;
  /** The English name changed after the Italian was written. */
  italianToReview: boolean;
  version: number;
}

/** What every board reads first: when a ticket is late, and the stations' names. */
export interface BoardSettings {
  /** A ticket older than this many minutes is late, and older than the second very late. */
  lateMinutes: number;
  veryLateMinutes: number;
  stations: Station[];
  version: number;
}

/** A paired screen as the owner sees it. */
export interface Display {
  id: number;
  name: string;
  kind: DisplayKind;
  /** The station a station's screen shows; null for the pass. */
  station: number | null;
  paired: boolean;
  pairedAt: string | null;
  lastSeenAt: string | null;
  /** Its event stream is open now (on any server process). */
  streamOpen: boolean;
  /** While a pairing code is waiting to be used: when it stops working. */
  pairingExpiresAt: string | null;
  /** The language its board speaks, set by the Admin: it opens under /it/ in Italian. */
  lang: 'en' | 'it';
  version: number;
}

/** A one-time pairing code, shown to the owner once: typed at `/pair`, or scanned as the QR code of `path`. */
export interface PairingCode {
  code: string;
  path: string;
  expiresAt: string;
}

/** What a paired screen is told about itself. */
export interface PairedDisplay {
  id: number;
  name: string;
  kind: DisplayKind;
  station: { id: number; name: string; nameIt: string | null } | null;
  /** The language its board speaks (the Admin sets it). */
  lang: 'en' | 'it';
}

/** A ticket this screen took off its board in the last 10 minutes, which it may bring back. */
export interface Recall {
  ticket: Ticket;
  /** The station's part it marked done, or null for a whole order served at the pass. */
  station: number | null;
  bumpedAt: string;
}

/** The pickup board: order numbers only, of pickup orders still open, oldest first. */
export interface PickupBoard {
  preparing: number[];
  ready: number[];
  /** Where its event stream follows on from. */
  lastEventId: number;
}

// What a paired kitchen screen keeps on the device: its display credential (from /pair)
// and what it is, under `tavola.display` in local storage. A stored value of the wrong
// shape reads as "not paired". It is not a person's session: it has no role, no expiry,
// and the owner ends it by unpairing the display (the API then answers 401).
import { createStored, isRecord, type Store } from '../../core/stored.js';
import type { PairedDisplay } from '../../shared/kitchen-records.js';

export interface PairedScreen {
  credential: string;
  display: PairedDisplay;
}

export type PairedScreenStore = Store<PairedScreen | null>;

function parseDisplay(json: unknown): PairedDisplay | undefined {
  if (!isRecord(json)) return undefined;
  const { id, name, kind, station } = json;
  if (typeof id !== 'number' || typeof name !== 'string' || (kind !== 'station' && kind !== 'pass' && kind !== 'host')) return undefined;
  // Kept before displays had a language: English.
  const lang = json.lang === 'it' ? 'it' : 'en';
  if (station === null) return { id, name, kind, station: null, lang };
  if (!isRecord(station) || typeof station.id !== 'number' || typeof station.name !== 'string') return undefined;
  // Kept before stations had an Italian name: none.
  return { id, name, kind, station: { id: station.id, name: station.name, nameIt: typeof station.nameIt === 'string' ? station.nameIt : null }, lang };
}

export function parsePairedScreen(json: unknown): PairedScreen | undefined {
  if (!isRecord(json) || typeof json.credential !== 'string' || !json.credential.startsWith('tvd_')) return undefined;
  const display = parseDisplay(json.display);
  return display && { credential: json.credential, display };
}

export const createPairedScreen = (storage?: Storage, events?: Window): PairedScreenStore =>
  createStored<PairedScreen | null>({ key: 'tavola.display', parse: parsePairedScreen, empty: null, storage, events });

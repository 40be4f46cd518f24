import { isRecord } from '../core/stored.js';
import type { Session } from '../core/session.js';

/** What the demo keeps of the user: the spec's `{ id, firstName, role }` and nothing more. */
export interface DemoUser {
  id: number;
  firstName: string;
  role: string;
}

export type DemoSession = Session<DemoUser>;

export function parseDemoUser(json: unknown): DemoUser | undefined {
  if (!isRecord(json)) return undefined;
  const { id, firstName, role } = json;
  if (typeof id !== 'number' || typeof firstName !== 'string' || typeof role !== 'string') return undefined;
  return { id, firstName, role };
}

// The activity list: who changed what, when, what it was and what it became. Written by
// the change's own transaction (pass its `trx`), so a change and its record are kept or
// lost together; read newest first, a page at a time.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ActivityEntry } from '../../shared/admin-records.js';
import { englishSubject, storedSubject, subjectWords, type Subject } from './subject-words.js';

/** Who makes a change: a person (a user's id and name), or a paired display (its id, and the name "Display: Pass"). */
export interface Who {
  id: number;
  name: string;
  display?: boolean;
}

/** Who makes a change (a person, or a paired display marking a dish sold out), and when. */
export interface Actor {
  user: Who;
  now: number;
}

export interface Change {
  by: Who;
  at: number;
  action: string;
  subject: Subject;
  before: unknown;
  after: unknown;
}

const stored = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function recordActivity(trx: Kysely<Database>, change: Change): Promise<void> {
  await trx
    .insertInto('activity')
    .values({
      at: new Date(change.at).toISOString(),
      user_id: change.by.display ? null : change.by.id,
      display_id: change.by.display ? change.by.id : null,
      user_name: change.by.name,
      action: change.action,
      subject: englishSubject(change.subject),
      subject_parts: JSON.stringify(change.subject),
      before: stored(change.before),
      after: stored(change.after),
    })
    .execute();
}

// A record someone broke by hand reads as null rather than failing the whole page.
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An entry's subject in the language asked: from its parts, or as recorded when it has none. */
function said(row: { subject: string; subject_parts: string | null }): string {
  const parts = storedSubject(row.subject_parts);
  return parts ? subjectWords(parts) : row.subject;
}

/** Newest first, `limit` entries from before the id `before` (the `next` of the page before). */
export async function listActivity(db: Kysely<Database>, { before, limit }: { before?: number; limit: number }): Promise<{ entries: ActivityEntry[]; next: number | null }> {
  let query = db.selectFrom('activity').selectAll().orderBy('id', 'desc').limit(limit + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.execute();
  const entries = rows.slice(0, limit).map((row) => ({
    id: row.id,
    at: row.at,
    by: row.display_id !== null ? { id: row.display_id, name: row.user_name, kind: 'display' as const } : { id: row.user_id!, name: row.user_name, kind: 'person' as const },
    action: row.action,
    subject: said(row),
    before: parsed(row.before),
    after: parsed(row.after),
  }));
  return { entries, next: rows.length > limit ? entries.at(-1)!.id : null };
}

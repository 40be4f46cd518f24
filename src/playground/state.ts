// The playground's own address holds what the learner sees: the table, the address inside
// it, who is signed in, and the lesson open, so a link shares exactly that view.
import { LESSONS, START, type Role, type View } from './lessons.js';

export interface PlayState extends View {
  /** The open lesson's index in LESSONS, or -1. */
  lesson: number;
  base: string;
}

const ROLES: readonly Role[] = ['guest', 'waiter', 'kitchen', 'admin'];

/** The state in a query string; anything missing or wrong is the lesson's, or the start's. */
export function stateOf(search: string): PlayState {
  const query = new URLSearchParams(search);
  const lesson = Number(query.get('lesson') ?? -1);
  const base = LESSONS[lesson] ?? START;
  const as = query.get('as') as Role | null;
  const at = query.get('at');
  return {
    lesson: LESSONS[lesson] ? lesson : -1,
    table: query.get('table') ?? base.table,
    at: at?.startsWith('/') ? at : base.at,
    as: as && ROLES.includes(as) ? as : base.as,
    base: baseOf(query.get('base')) ?? base.base ?? '',
  };
}

/** A base as the field takes it: `/it`, `/en/shop`; empty is none; anything else is not one (undefined). */
export function baseOf(text: string | null): string | undefined {
  if (text === null) return undefined;
  const base = text.trim().replace(/\/+$/, '');
  return base === '' || /^(\/[A-Za-z0-9._~-]+)+$/.test(base) ? base : undefined;
}

/** The query string of a state. */
export function searchOf({ lesson, table, at, as, base }: PlayState): string {
  const query = new URLSearchParams({ table, at, as });
  if (base) query.set('base', base);
  if (lesson >= 0) query.set('lesson', String(lesson));
  return `?${query}`;
}

export { ROLES };

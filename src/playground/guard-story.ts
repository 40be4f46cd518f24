// What the guard decided for the address the learner asked for, in words: the same
// `decideGuard` the app runs, given the guard of the first guarded route on the branch.
import { decideGuard, type GuardDecision, type GuardOptions } from '../router/guard.js';
import type { PlaySession } from './app-screen.js';

export interface GuardStory {
  /** The address asked for (before any redirect). */
  asked: string;
  roles?: readonly string[];
  decision: GuardDecision<PlaySession>;
}

export const FORBIDDEN = '/forbidden';

export function guardStory(guard: Omit<GuardOptions, 'forbidden'>, session: PlaySession | null, asked: string): GuardStory {
  return { asked, roles: guard.roles, decision: decideGuard(session, asked, { ...guard, forbidden: FORBIDDEN }) };
}

export function tellStory(story: GuardStory | null, who: string): string {
  if (!story) return 'No guard on this route: everyone sees the page.';
  const { asked, roles, decision } = story;
  const needs = roles?.length ? `needs ${roles.join(' or ')}` : 'needs anyone signed in';
  if (decision.render) return `${asked} ${needs}. ${who} may see it: the guard lets the page render.`;
  if (decision.state) {
    return `${asked} ${needs}. A guest is sent to ${decision.redirect}, with from = ${decision.state.from} in the navigation state so signing in comes back here; the entry is replaced, so Back does not return to ${asked}.`;
  }
  return `${asked} ${needs}. ${who} is signed in without that role: sent to ${decision.redirect}, the entry replaced.`;
}

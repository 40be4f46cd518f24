// What the sign-in page is sent with, kept apart from the form itself: the rest of the app
// sends people to sign in (a guard, a session that ended) without loading the form.
import { SESSION_ENDED } from './http.js';
import type { Navigation } from '../router/navigation.js';
import { isRecord, type Store } from './stored.js';

/** Navigation state the login page reads: where to go back to, and why we are here. */
export interface LoginState {
  from?: string;
  message?: string;
  /** The form's entry was pushed on top of `from`'s: signing in goes back to it, so no entry is doubled. */
  back?: boolean;
}

/**
 * The API said the session is over: open Sign in with the spec's message, coming back to
 * `here` afterwards, then forget the session (its token is useless). In this order, so
 * no guard sees a guest on the page being left.
 */
export function endSession(navigation: Navigation, session: Store<unknown>, here: string): void {
  const state: LoginState = { from: here, message: SESSION_ENDED };
  navigation.navigate('/login', { replace: true, state });
  session.set(null);
}

/** Only an in-app path is a place to go back to: never `//other.site`, `https://…` or the form itself; `otherwise` without one. */
export function safeFrom(state: unknown, otherwise = '/'): string {
  const from = isRecord(state) && typeof state.from === 'string' ? state.from : otherwise;
  return from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && !from.startsWith('/login') ? from : otherwise;
}

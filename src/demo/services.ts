// What the demo's views are given.
import type { Navigation } from '../router/navigation.js';
import type { SessionStore } from '../core/session.js';
import type { DemoApi } from './api.js';
import type { DemoUser } from './user.js';

export interface Services {
  api: DemoApi;
  session: SessionStore<DemoUser>;
  navigation: Navigation;
  /** The API refused the token: forget the session and ask to sign in again, coming back to `here`. */
  endSession(here: string): void;
  announce(text: string): void;
}

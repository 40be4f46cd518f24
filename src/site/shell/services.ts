// What the site's views are given: they never reach for storage or fetch themselves.
import type { FollowOptions } from '../../core/event-stream.js';
import type { Navigation } from '../../router/navigation.js';
import type { SessionStore } from '../../core/session.js';
import type { SiteApi } from '../common/api.js';
import type { OrdersApi } from '../common/orders-api.js';
import type { Cart } from '../diner/cart.js';
import type { MyOrders } from '../diner/my-orders.js';
import type { SignInAgain } from '../common/sign-in-again.js';
import type { StaffUser } from '../common/user.js';

export interface Services {
  api: SiteApi;
  cart: Cart;
  /** The orders this browser placed (public ids). */
  myOrders: MyOrders;
  /** Follows a live event stream (see core/event-stream.ts). */
  follow(url: string, options: FollowOptions): void;
  session: SessionStore<StaffUser>;
  navigation: Navigation;
  /** Says something to screen readers (the polite live region). */
  announce(text: string): void;
}

/** What the pages fetched after the first one (later.ts) are given: the same, with the order and staff calls. */
export interface LaterServices extends Services {
  api: SiteApi & OrdersApi;
  /** The API said the session is over: forget it and ask to sign in again, coming back to `here` (only staff pages, which come later, can hear it). */
  endSession(here: string): void;
  /** The session ended under a page: a dialog over it asks to sign in again; true once signed in (sign-in-again.ts). */
  signInAgain: SignInAgain;
}


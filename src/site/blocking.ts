// "Leave without saving?" for the site: a navigation has one blocker, made the first time a
// form needs it (the owner's forms, the booking form), shared by every page that has one.
import { createBlocker, type Blocking } from '../router/blocker.js';
import type { Navigation } from '../router/navigation.js';

let blocking: Blocking | undefined;

export const siteBlocker = (navigation: Navigation): Blocking => (blocking ??= createBlocker(navigation, { go: (delta) => history.go(delta), win: window }));

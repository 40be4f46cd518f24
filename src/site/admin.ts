// The owner's pages, fetched the first time an Admin opens one: a diner never loads them.
// The blocker ("Leave without saving?") is made here, once, for the forms that use it.
import { createBlocker, type Blocking } from '../router/blocker.js';
import { createHttp } from '../core/http.js';
import { API_BASE } from './api.js';
import { createAdminApi } from './admin-api.js';
import type { Services } from './services.js';
import { adminActivityPage } from './views/admin/admin-activity.js';
import { adminDishPage } from './views/admin/admin-dish.js';
import { adminHoursPage } from './views/admin/admin-hours.js';
import { adminMenuPage } from './views/admin/admin-menu.js';

// later.ts imports this file when an Admin opens a page; importing it back puts every module
// the first page shares with the later files into one chunk (esbuild splits chunks by which
// files use a module, and each chunk is compressed alone: two would cost the diner bytes).
import './later.js';

let blocking: Blocking | undefined;

export function adminPages({ session, navigation }: Services) {
  const token = () => session.get()?.token;
  const admin = createAdminApi(createHttp({ base: API_BASE, token }), token);
  blocking ??= createBlocker(navigation, { go: (delta) => history.go(delta), win: window });
  return {
    menu: adminMenuPage(admin),
    dish: adminDishPage(admin, blocking),
    hours: adminHoursPage(admin, blocking),
    activity: adminActivityPage(admin),
  };
}

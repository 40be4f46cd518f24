// The owner's pages, fetched the first time an Admin opens one: a diner never loads them.
// The blocker ("Leave without saving?") is made here, once, for the forms that use it.
import { createHttp } from '../../core/http.js';
import { retrying } from '../common/sign-in-again.js';
import { API_BASE } from '../common/api.js';
import { createAdminApi } from './api.js';
import type { LaterServices } from '../shell/services.js';
import { adminActivityPage } from './admin-activity.js';
import { adminMessagesPage } from './admin-messages.js';
import { adminDishPage } from './admin-dish.js';
import { adminHoursPage } from './admin-hours.js';
import { adminRestaurantPage } from './admin-restaurant.js';
import { adminMenuPage } from './admin-menu.js';
import { adminChoicesPage } from './admin-choices.js';
import { adminChoiceGroupPage } from './admin-choice-group.js';
import { adminOverviewPage } from './admin-overview.js';
import { adminStaffMemberPage, adminStaffPage } from './admin-staff.js';
import { adminQrCodesPage, adminTablesPage } from './admin-tables.js';
import { adminDayPage } from './admin-day.js';
import { adminClosePage } from './admin-close.js';
import { adminDisplaysPage } from './admin-displays.js';
import { adminStationsPage } from './admin-stations.js';
import { notFoundContent } from '../../core/not-found.js';
import { siteBlocker } from '../common/blocking.js';
import { adminNav } from './admin-nav.js';
import { adminBookingSettingsPage } from './admin-booking-settings.js';
import type { View } from '../../router/app.js';
import { t } from '../../core/words.js';

/**
 * The owner's pages by section (`/admin/<section>`) and by section and id
 * (`/admin/<section>/<id>`), each with its title. `/admin` itself is today at a glance;
 * `/admin/menu` the menu editor.
 * `adminBookings` is the bookings page, which lives in the bookings file (later.ts fetches it).
 */
export function adminPages(services: LaterServices, adminBookings: (nav: () => Node) => View<unknown>): View<unknown> {
  const { session, navigation } = services;
  const token = () => session.get()?.token;
  const admin = createAdminApi(retrying(createHttp({ base: API_BASE, token }), services.signInAgain), token, services.signInAgain);
  const blocking = siteBlocker(navigation);
  const sections: Record<string, [string, View<unknown>]> = {
    '': [t('Today'), adminOverviewPage(admin, services)],
    menu: [t('Menu editor'), adminMenuPage(admin)],
    choices: [t('Choices'), adminChoicesPage(admin)],
    hours: [t('Opening hours'), adminHoursPage(admin, blocking)],
    restaurant: [t('The restaurant'), adminRestaurantPage(admin, blocking)],
    activity: [t('Activity'), adminActivityPage(admin)],
    messages: [t('Guests’ e-mails'), adminMessagesPage(admin)],
    staff: [t('Staff'), adminStaffPage(admin)],
    tables: [t('Tables'), adminTablesPage(admin)],
    'qr-codes': [t('QR codes for the tables'), adminQrCodesPage(admin)],
    day: [t('The day\'s numbers'), adminDayPage(admin)],
    close: [t('Close the day'), adminClosePage(admin)],
    displays: [t('Displays'), adminDisplaysPage(admin)],
    stations: [t('Stations and late times'), adminStationsPage(admin)],
    bookings: [t('Bookings'), adminBookings(adminNav)],
    'booking-settings': [t('Booking settings'), adminBookingSettingsPage(admin, blocking)],
  };
  const items: Record<string, [string, View<unknown>]> = {
    dishes: [t('Edit dish'), adminDishPage(admin, blocking)],
    choices: [t('Group of choices'), adminChoiceGroupPage(admin, blocking)],
    staff: [t('Staff member'), adminStaffMemberPage(admin)],
    day: [t('The day\'s numbers'), adminDayPage(admin)],
    close: [t('Close the day'), adminClosePage(admin)],
  };
  return (ctx) => {
    const { section = '', id } = ctx.params;
    const found = Object.hasOwn(id === undefined ? sections : items, section) ? (id === undefined ? sections : items)[section] : undefined;
    if (!found) {
      ctx.retitle(t('Page not found'));
      return notFoundContent(ctx.here, { href: '/admin/menu', text: t('Open the menu editor') });
    }
    ctx.retitle(found[0]);
    return found[1](ctx);
  };
}

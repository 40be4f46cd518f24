// Every migration, in the order they run: one file each, named as the name stored in the
// database's `kysely_migration` table (those names never change). Listed here rather than
// read from the folder at run time, so the bundled server (build.mjs) carries them; a unit
// test checks that this list and the folder agree.
import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as orders from './002-orders.js';
import * as searchEverything from './003-search-everything.js';
import * as scale from './004-scale.js';
import * as tokenSweep from './005-token-sweep.js';
import * as owner from './006-owner.js';
import * as staff from './007-staff.js';
import * as tables from './008-tables.js';
import * as dayFigures from './009-day-figures.js';
import * as kitchenScreens from './010-kitchen-screens.js';
import * as bookings from './011-bookings.js';
import * as pickupPhone from './012-pickup-phone.js';
import * as allergens from './013-allergens.js';
import * as restaurant from './014-restaurant.js';
import * as searchWords from './015-search-words.js';
import * as passkeys from './016-passkeys.js';
import * as hostStand from './017-host-stand.js';
import * as outbox from './018-outbox.js';
import * as italian from './019-italian.js';
import * as dishOrder from './020-dish-order.js';
import * as finishUndo from './021-finish-undo.js';
import * as italianReview from './022-italian-review.js';
import * as stationItalian from './023-station-italian.js';
import * as activityParts from './024-activity-parts.js';
import * as tableJoins from './025-table-joins.js';
import * as waitlist from './026-waitlist.js';
import * as floorPlan from './027-floor-plan.js';
import * as bills from './028-bills.js';
import * as billLineChanges from './029-bill-line-changes.js';
import * as choices from './030-choices.js';
import * as paidBillVat from './031-paid-bill-vat.js';
import * as tableStays from './032-table-stays.js';
import * as courses from './033-courses.js';

export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-orders': orders,
  '003-search-everything': searchEverything,
  '004-scale': scale,
  '005-token-sweep': tokenSweep,
  '006-owner': owner,
  '007-staff': staff,
  '008-tables': tables,
  '009-day-figures': dayFigures,
  '010-kitchen-screens': kitchenScreens,
  '011-bookings': bookings,
  '012-pickup-phone': pickupPhone,
  '013-allergens': allergens,
  '014-restaurant': restaurant,
  '015-search-words': searchWords,
  '016-passkeys': passkeys,
  '017-host-stand': hostStand,
  '018-outbox': outbox,
  '019-italian': italian,
  '020-dish-order': dishOrder,
  '021-finish-undo': finishUndo,
  '022-italian-review': italianReview,
  '023-station-italian': stationItalian,
  '024-activity-parts': activityParts,
  '025-table-joins': tableJoins,
  '026-waitlist': waitlist,
  '027-floor-plan': floorPlan,
  '028-bills': bills,
  '029-bill-line-changes': billLineChanges,
  '030-choices': choices,
  '031-paid-bill-vat': paidBillVat,
  '032-table-stays': tableStays,
  '033-courses': courses,
};

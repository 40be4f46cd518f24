// The kitchen's screens, fetched the first time one is shown: a person's board at /kitchen,
// a paired display's at /display (a host stand's comes from the bookings file), and /pair,
// where a tablet becomes one. A diner never
// loads them. Each board's calls come from one API module (kitchen-api.ts), made with the
// person's access token or the display's credential.
import { createHttp } from '../../core/http.js';
import { createStored } from '../../core/stored.js';
import { API_BASE } from '../common/api.js';
import { retrying } from '../common/sign-in-again.js';
import { createKitchenApi, type KitchenApi } from './api.js';
import { createPairedScreen } from './paired-display.js';
import type { LaterServices } from '../shell/services.js';
import { displayBoardPage, type LoadHostStand } from './display-board.js';
import { pairPage } from './pair.js';
import { personBoardPage } from './person-board.js';

/** Makes the boards' API for a token (a test hands in a fake one). */
export type ConnectKitchen = (token: () => string | undefined) => KitchenApi;

export function kitchenPages(services: LaterServices, connect?: ConnectKitchen, hostStand?: LoadHostStand) {
  // A person's calls are sent again after signing in again; a display's credential does not end.
  connect ??= (token) => createKitchenApi(retrying(createHttp({ base: API_BASE, token }), services.signInAgain));
  const paired = createPairedScreen();
  // The device's choice to keep the chime quiet, remembered across reloads.
  const muted = createStored<boolean>({ key: 'tavola.board.muted', parse: (json) => (json === true ? true : undefined), empty: false });
  // By their address (routes.ts): a person's board, a paired screen's, pairing.
  return {
    kitchen: personBoardPage(services, connect, muted),
    display: displayBoardPage(services, connect, paired, muted, hostStand),
    pair: pairPage(connect, paired),
  };
}

export type KitchenPages = ReturnType<typeof kitchenPages>;

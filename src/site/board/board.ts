// The pickup board, fetched the first time it is shown (a TV by the counter opens it; a
// diner's phone never does). It needs no sign-in.
import { createHttp } from '../../core/http.js';
import { API_BASE } from '../common/api.js';
import { readPickupBoard } from './api.js';
import type { LaterServices } from '../shell/services.js';
import { pickupBoardPage } from './pickup-board.js';

export function pickupBoard({ api, follow, announce }: LaterServices) {
  const http = createHttp({ base: API_BASE });
  return pickupBoardPage({ read: (signal) => readPickupBoard(http, signal), restaurant: api.restaurant, follow, announce });
}

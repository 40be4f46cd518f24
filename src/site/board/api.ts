// The pickup board's calls (fetched with it): the numbers of the pickup orders still open,
// and their stream. No sign-in: the API sends numbers and states only.
import type { Http } from '../../core/http.js';
import type { PickupBoard } from '../../shared/kitchen-records.js';
import { API_BASE } from '../common/api.js';

export const PICKUP_EVENTS = `${API_BASE}/pickup-board/events`;

export const readPickupBoard = (http: Http, signal?: AbortSignal) => http.get<PickupBoard>('/pickup-board', { signal });

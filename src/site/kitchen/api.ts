// The kitchen boards' calls (fetched with them): the open orders and their live stream,
// the moves, a station's part done, recall, the board's settings, what a paired display is,
// the Sold out panel's, and pairing. The same calls for a person (their access token) and
// for a paired display (its credential): the HTTP client they are made with holds which.
import type { Http } from '../../core/http.js';
import type { BoardSettings, PairedDisplay, Recall } from '../../shared/kitchen-records.js';
import type { KitchenOption } from '../../shared/choices.js';
import type { Dish, DishPage } from '../../shared/menu-records.js';
import type { OrderStatus, Ticket } from '../../shared/order-states.js';

/** Open orders come in pages of the largest size: the board needs them all. */
const QUEUE_PAGE_SIZE = 200;

/** Every order event, live: the boards follow it with their token or credential. */

export type KitchenApi = ReturnType<typeof createKitchenApi>;

const at = (order: Ticket, path = '') => `/orders/${encodeURIComponent(order.id)}${path}`;

export function createKitchenApi(http: Http) {
  return {
    /** Every open order, page after page; `lastEventId` is the first page's, so no change made meanwhile is missed. */
    async queue(signal?: AbortSignal) {
      type QueuePage = { orders: Ticket[]; lastEventId: number; next: number | null };
      const first = await http.get<QueuePage>(`/orders/queue?limit=${QUEUE_PAGE_SIZE}`, { signal });
      const orders = [...first.orders];
      for (let next = first.next; next !== null; ) {
        const page: QueuePage = await http.get<QueuePage>(`/orders/queue?limit=${QUEUE_PAGE_SIZE}&after=${next}`, { signal });
        orders.push(...page.orders);
        next = page.next;
      }
      return { orders, lastEventId: first.lastEventId };
    },
    settings: (signal?: AbortSignal) => http.get<BoardSettings>('/board-settings', { signal }),
    move: (order: Ticket, status: OrderStatus) => http.patch<Ticket>(at(order), { status, version: order.version }),
    /** A station's screen: its part of the order is done. */
    partDone: (order: Ticket, station: number) => http.post<Ticket>(at(order, `/parts/${station}/done`), { version: order.version }),
    /** A held course of a table fired: its orders, now received. */
    fire: (table: number, course: number) => http.post<{ orders: Ticket[] }>(`/staff/tables/${table}/courses/${course}/fire`, {}),
    /** A paired screen brings back a ticket it took off its board. */
    recall: (order: Ticket) => http.post<Ticket>(at(order, '/recall'), { version: order.version }),
    recalls: (signal?: AbortSignal) => http.get<{ recalls: Recall[] }>('/display/recalls', { signal }).then((body) => body.recalls),
    /** What a paired screen is (its name and station may have changed since it was paired). */
    me: (signal?: AbortSignal) => http.get<PairedDisplay>('/display', { signal }),
    /** A page of the menu, for the Sold out panel. */
    dishes: (after: number | undefined, signal?: AbortSignal) => http.get<DishPage>(`/dishes?limit=200${after === undefined ? '' : `&after=${after}`}`, { signal }),
    /** Sold out (false) or back on (true), based on the dish's version. */
    setAvailable: (dish: Dish, available: boolean) => http.patch<Dish>(`/dishes/${dish.id}`, { version: dish.version, available }),
    /** Every option of every group of choices, for the Sold out panel. */
    options: (signal?: AbortSignal) => http.get<{ options: KitchenOption[] }>('/choice-options', { signal }).then((body) => body.options),
    /** An option sold out (false) or back (true), based on its group's version. */
    setOptionAvailable: (option: KitchenOption, available: boolean) => http.patch<KitchenOption>(`/choice-options/${option.id}`, { version: option.version, available }),
    /** Pairs this device with a one-time code (no token): its credential and what it now is. */
    pair: (code: string) => http.post<{ credential: string; display: PairedDisplay }>('/displays/pair', { code }),
  };
}

// The orders this browser placed, newest first, so a diner can find them again after a
// reload: public ids only (`tavola.orders`), at most 20; anything else stored is dropped.
import { createStored, type Store } from '../../core/stored.js';

const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/;
const KEEP = 20;

export const isOrderId = (id: unknown): id is string => typeof id === 'string' && PUBLIC_ID.test(id);

export interface MyOrders extends Store<string[]> {
  remember(id: string): void;
}

export function createMyOrders(storage?: Storage, events?: Window): MyOrders {
  const store = createStored<string[]>({
    key: 'tavola.orders',
    parse: (json) => (Array.isArray(json) ? json.filter(isOrderId).slice(0, KEEP) : undefined),
    empty: [],
    storage,
    events,
  });
  return { ...store, remember: (id) => store.set([id, ...store.get().filter((known) => known !== id)]) };
}

// An order's state as a word inside a sentence ("Order 42 is ready: …"), in the request's
// language: the codes stay the API's, the words follow the language (Italian's are masculine,
// as "ordine" is: the context in the key says so).
import type { OrderStatus } from '../../shared/order-states.js';
import { t } from '../http/language.js';

export function orderStateWord(status: OrderStatus | string): string {
  if (status === 'held') return t('[order] held');
  if (status === 'received') return t('[order] received');
  if (status === 'preparing') return t('[order] preparing');
  if (status === 'ready') return t('[order] ready');
  if (status === 'served') return t('[order] served');
  if (status === 'cancelled') return t('[order] cancelled');
  return status;
}

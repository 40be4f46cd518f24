// What the diner's order page and the kitchen board both show of an order: where it goes,
// its state (in words and a shape, never colour alone), its dishes as the kitchen reads them
// (each line's choices and note) and its total.
import { h } from '../../core/dom.js';
import type { ChosenOption } from '../../shared/choices.js';
import type { OrderLine, OrderStatus } from '../../shared/order-states.js';
import type { Order } from './api.js';
import { formatPrice } from './price.js';
import { LANG, t } from '../../core/words.js';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  held: t('[order] Held'),
  received: t('Received'),
  preparing: t('Preparing'),
  ready: t('Ready'),
  served: t('Served'),
  cancelled: t('[order] Cancelled'),
};

/** A column of a board, over several orders ("Pronti 5", where one order is "Pronto"). */
export const COLUMN_LABELS: Record<OrderStatus, string> = {
  held: t('[orders] Coming'),
  received: t('[orders] Received'),
  preparing: t('[orders] Preparing'),
  ready: t('[orders] Ready'),
  served: t('[orders] Served'),
  cancelled: t('[orders] Cancelled'),
};

/** "Table 7" or "Pickup for Ada". */
export const destination = (order: Pick<Order, 'table' | 'pickupName'>) => (order.table !== null ? t('Table {table}', { table: order.table }) : t('Pickup for {pickupName}', { pickupName: order.pickupName ?? '' }));

export const statusBadge = (status: OrderStatus, label = STATUS_LABELS[status]) => h('span', { class: `badge status-${status}` }, label);

// A note that names one of the 14 allergens (or says "allergy"), in the words people write
// them: it is marked on the ticket so the cook cannot miss it. Only the diner's own words
// are shown; nothing is guessed.
const ALLERGY_WORDS = /\b(allerg\w*|gluten|wheat|c(o)?eliac|crustaceans?|shrimps?|prawns?|crabs?|lobsters?|eggs?|fish|peanuts?|soy(a|beans?)?|milk|dairy|lactose|nuts?|almonds?|hazelnuts?|walnuts?|cashews?|pistachios?|celery|mustard|sesame|sul(ph|f)ites?|lupin|mollus(c|k)s?|clams?|mussels?|oysters?|squid)\b/i;

export const mentionsAllergy = (note: string) => ALLERGY_WORDS.test(note);

/** A note, marked when it names an allergy (the diner's words only). */
export const noteOf = (note: string) => (mentionsAllergy(note) ? h('p', { class: 'note allergy' }, h('strong', null, t('Allergy: ')), note) : h('p', { class: 'note' }, note));

/** What was chosen for a dish, each on its line in the page's language; what is left out in capitals ("SENZA cipolla"). */
const choicesOf = (choices: readonly Pick<ChosenOption, 'name' | 'nameIt' | 'without'>[]) =>
  h(
    'ul',
    { class: 'order-items' },
    choices.map((choice) => {
      const name = LANG === 'it' && choice.nameIt ? choice.nameIt : choice.name;
      return h('li', null, choice.without ? h('strong', null, t('WITHOUT {name}', { name })) : `+ ${name}`);
    }),
  );

/** The dishes of an order as the kitchen reads them: "1 × Bistecca ai ferri", then its choices and its note under it. */
export const itemList = (items: readonly (Pick<OrderLine, 'quantity' | 'name' | 'note' | 'seat'> & { choices?: readonly Pick<ChosenOption, 'name' | 'nameIt' | 'without'>[] })[]) =>
  h(
    'ul',
    { class: 'order-items' },
    items.map((item) => h('li', null, h('span', { class: 'quantity' }, `${item.quantity} ×`), ' ', item.name, item.seat ? h('span', { class: 'seat' }, t(' · seat {seat}', { seat: item.seat })) : null, item.choices?.length ? choicesOf(item.choices) : null, item.note ? noteOf(item.note) : null)),
  );

export const orderTotal = (order: Order) => h('p', { class: 'order-total' }, t('Total {price}', { price: formatPrice(order.totalCents) }));

// The shapes of orders: as placed, as staff and diners see them, as a display's ticket, and their moves.
import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../shared/order-states.js';
import { readableText } from '../http/readable-text.js';
import { NEXT } from '../http/schemas.js';

export const OrderStatusSchema = z.enum(ORDER_STATUSES).openapi('OrderStatus', {
  description: 'held → received → preparing → ready → served; cancelled from held, received or preparing. `held`: a later course of a table’s order taken by course, coming, until a waiter fires it.',
});

export const OrderSchema = z
  .object({
    id: z.string().openapi({ description: 'The public id (128 random bits): the diner follows the order with it.', example: 'kQ3v9Xw2T0yYzL5mN8pR1A' }),
    number: z.number().int().openapi({ description: 'The short sequential number staff call the order by.', example: 42 }),
    table: z.number().int().nullable().openapi({ description: 'The table, or null for pickup.', example: 7 }),
    pickupName: z.string().nullable().openapi({ description: 'The name a pickup order is called by, or null at a table.' }),
    pickupPhone: z.string().nullable().optional().openapi({ description: "A pickup order's phone number in international form (E.164), for the kitchen to call; null when none was given. Only staff and the pass are sent it (a station's screen gets null).", example: '+393471234567' }),
    pickupPhoneText: z.string().nullable().optional().openapi({ description: 'The same number as people read it, with its country code; sent with `pickupPhone`.', example: '+39 347 123 4567' }),
    takenBy: z.string().nullable().openapi({ description: 'The Waiter or Kitchen member who placed it for the table, or null for a diner’s own order.' }),
    status: OrderStatusSchema,
    course: z.number().int().nullable().openapi({ description: 'The course, when a waiter took the table’s order by course: 0 at once (drinks), 1 antipasti, 2 primi, 3 secondi, 4 dolci; null otherwise.', example: 3 }),
    firedAt: z.string().nullable().openapi({ description: 'When a held course was fired (its time in the kitchen runs from then); null when it went at once or is still held.' }),
    note: z.string(),
    items: z.array(
      z.object({
        dishId: z.number().int(),
        name: z.string(),
        quantity: z.number().int(),
        priceCents: z.number().int().openapi({ description: 'Left out for a paired display.' }),
        station: z.number().int().openapi({ description: 'The station that cooks it (its category’s when ordered).' }),
        choices: z
          .array(
            z.object({
              id: z.number().int(),
              group: z.string().openapi({ example: 'How it is cooked' }),
              groupIt: z.string().nullable().openapi({ example: 'Cottura' }),
              name: z.string().openapi({ example: 'Medium' }),
              nameIt: z.string().nullable().openapi({ example: 'Media' }),
              priceCents: z.number().int().openapi({ description: 'Its price change, in the line’s price. Left out for a paired display.' }),
              without: z.boolean().openapi({ description: 'Something left out (“senza cipolla”).' }),
            }),
          )
          .optional()
          .openapi({ description: 'What was chosen, as it was when ordered; absent when nothing was.' }),
        note: z.string().optional().openapi({ description: 'The line’s own note for the kitchen; absent when none.' }),
        seat: z.number().int().optional().openapi({ description: 'The guest’s seat at the table (from 1), when the waiter said it; absent otherwise.' }),
      }),
    ),
    parts: z
      .array(z.object({ station: z.number().int(), name: z.string().openapi({ example: 'Pizza oven' }), nameIt: z.string().nullable().openapi({ example: 'Forno pizza' }), done: z.boolean(), doneBy: z.string().nullable().openapi({ example: 'Display: Pizza oven' }) }))
      .openapi({ description: 'One per station with dishes in the order: when every part is done, the order is ready by itself.' }),
    totalCents: z.number().int().openapi({ description: 'Computed by the server from its own prices. Left out for a paired display.', example: 2900 }),
    currency: z.literal('EUR'),
    version: z.number().int().openapi({ description: 'Goes up with every change; send it with a move.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601 date and time the order was placed.' }),
    updatedAt: z.string(),
    movedBy: z.string().nullable().openapi({ description: 'Who made the last change: a person’s name, or "Display: Pass" for a paired screen; null while untouched.' }),
  })
  .openapi('Order');

/** An order as a paired display gets it: without prices. */
const LineSchema = OrderSchema.shape.items.element;
export const TicketSchema = OrderSchema.omit({ totalCents: true, items: true })
  .extend({ items: z.array(LineSchema.omit({ priceCents: true, choices: true }).extend({ choices: z.array(LineSchema.shape.choices.unwrap().element.omit({ priceCents: true })).optional() })) })
  .openapi('Ticket', { description: 'An order as a paired display is sent it: everything but the prices.' });

export const OrderQueueSchema = z
  .object({
    orders: z.array(z.union([OrderSchema, TicketSchema])).openapi({ description: 'Orders for people; tickets (no prices) for a paired display.' }),
    lastEventId: z.number().int().openapi({ description: 'Give it as Last-Event-ID to /orders/events to follow on without a gap.' }),
    next: NEXT,
  })
  .openapi('OrderQueue');

export const PlaceOrderSchema = z
  .object({
    table: z.number().int().min(1).max(9999).optional().openapi({ description: 'The table to bring it to. Give `table` or `pickupName`, not both.', example: 7 }),
    tableCode: z.string().min(1).max(100).optional().openapi({ description: "The table's code, from the QR code on it: an order to a table needs it, unless Waiter or Kitchen staff place it (send their Bearer token).", example: 'pL0k2Wq9XbYv7TnR3sJ1eA' }),
    pickupName: readableText({ max: 60 }).optional().openapi({ description: 'The name to call a pickup order by.', example: 'Ada' }),
    pickupPhone: z.string().max(40).optional().openapi({ description: "A pickup order's phone number, for the kitchen to call when it waits: needed with `pickupName`. Without a country code it is read as one of the restaurant's country.", example: '347 123 4567' }),
    items: z
      .array(
        z.object({
          dishId: z.number().int().min(1),
          quantity: z.number().int().min(1).max(20),
          choices: z.array(z.number().int().min(1)).max(30).optional().openapi({ description: 'The options chosen (ids from the dish’s `choices`): each group’s minimum and maximum are checked, and the price is the dish’s with theirs.' }),
          note: readableText({ min: 0, max: 200 }).optional().openapi({ description: 'For the kitchen, about this line (“allergic to sesame”).' }),
        }),
      )
      .min(1)
      .max(30)
      .openapi({ description: '1 to 30 lines, 1 to 20 of each; the same dish is listed again only with other choices or another note.' }),
    note: readableText({ min: 0, max: 200, multiline: true }).optional().openapi({ description: 'For the kitchen, up to 200 characters.', example: 'No basil, please.' }),
    guests: z.number().int().min(1).max(50).optional().openapi({ description: 'How many are at the table, asked at its first order: it tells a party nobody seated (the stay this order opens) and the guests the cover charge counts, until someone says otherwise. With `table` only.', example: 4 }),
  })
  .openapi('PlaceOrder');

export const MoveOrderSchema = z
  .object({
    status: OrderStatusSchema,
    version: z.number().int().min(1).openapi({ description: 'The version the move is based on.' }),
  })
  .openapi('MoveOrder');

export const VersionSchema = z.object({ version: z.number().int().min(1).openapi({ description: "The order's version the screen saw." }) }).strict().openapi('OrderVersion');

export const OrderIdSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The public id of the order.', example: 'kQ3v9Xw2T0yYzL5mN8pR1A' }),
});

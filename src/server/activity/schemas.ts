// The shape of the activity list, and its query.
import { z } from '@hono/zod-openapi';

export const ActivitySchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        by: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['person', 'display']).openapi({ description: 'A person (id of a user) or a paired display (id of a display; its name is "Display: …").' }) }),
        action: z.string().openapi({ example: 'dish.updated' }),
        subject: z.string().openapi({ description: 'What changed, in the language asked (its names and numbers as they are).', example: 'Dish 12 · Carbonara' }),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
    next: z.number().int().nullable().openapi({ description: 'Give it as `before` for the next (older) page; null on the last page.' }),
  })
  .openapi('Activity');

export const ActivityQuerySchema = z.object({
  limit: z.string().regex(/^[1-9]\d{0,2}$/, 'must be a whole number from 1 to 200').refine((value) => Number(value) <= 200, 'must be a whole number from 1 to 200').optional(),
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)').optional(),
});

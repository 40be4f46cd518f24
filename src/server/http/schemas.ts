// The shapes every part of the API uses: the error, and lists a page at a time. Each
// feature's own shapes are in its schemas.ts; written once, they validate requests and
// produce the OpenAPI description.
import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({
    status: z.number().int().openapi({ example: 404 }),
    code: z.string().openapi({ example: 'not_found' }),
    message: z.string().openapi({ example: 'No dish has the id 99.' }),
    field: z.string().optional().openapi({ description: 'The request field at fault, when there is one.', example: 'email' }),
  })
  .openapi('Error');

/** Every list comes a page at a time: this many items unless `limit` says otherwise, and never more than the maximum. */
export const PAGE_SIZE = { default: 50, max: 200 } as const;

export const NEXT = z.number().int().nullable().openapi({ description: 'Give it as `after` for the next page; null on the last page.', example: null });

export const PAGE_QUERY = {
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .refine((value) => Number(value) <= PAGE_SIZE.max, `must be a whole number from 1 to ${PAGE_SIZE.max}`)
    .optional()
    .openapi({ description: `How many to answer at most: 1 to ${PAGE_SIZE.max}, ${PAGE_SIZE.default} when absent.`, example: '50' }),
  after: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)')
    .optional()
    .openapi({ description: 'The `next` of the page before; absent for the first page.' }),
};

/** `limit` and `after` as numbers, with the default page size. */
export const pageOf = ({ limit, after }: { limit?: string; after?: string }) => ({ limit: limit ? Number(limit) : PAGE_SIZE.default, after: after ? Number(after) : undefined });

/** `limit` and `after` of a list that comes a page at a time. */
export const PageQuerySchema = z.object(PAGE_QUERY);

/**
 * A whole number from `min` to `max` in the query, written as digits only: no sign, space,
 * exponent or leading zero (`party=%201` is refused, not read as 1). Read as a number.
 */
export const wholeNumberQuery = (min: number, max: number) => {
  const words = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^(0|[1-9]\d{0,8})$/, words)
    .refine((value) => Number(value) >= min && Number(value) <= max, words)
    .transform(Number)
    .openapi({ description: `${min} to ${max}, in digits.`, example: String(min) });
};

/** A numeric id in the path. */
export const IdParamSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number').openapi({ param: { name: 'id', in: 'path' }, example: '3' }),
});

// The outbox as the Admin sees it: to whom, why, its state, tries and last error, and its text.
import { z } from '@hono/zod-openapi';

export const MessageSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().openapi({ description: 'Why it was written.', example: 'booking-made' }),
    bookingId: z.number().int().nullable(),
    to: z.object({ name: z.string(), address: z.string() }),
    subject: z.string(),
    text: z.string().openapi({ description: 'The plain-text part, as the guest reads it.' }),
    state: z.enum(['waiting', 'sending', 'sent', 'failed']),
    /** In words, for a person: "Sent", "Not sent: no mail server set (SMTP_URL)", "Trying again at 20:15"… */
    stateText: z.string(),
    tries: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    nextTryAt: z.string().nullable(),
    version: z.number().int(),
  })
  .openapi('OutboxMessage');

export const MessagesSchema = z
  .object({
    messages: z.array(MessageSchema),
    mailServer: z.boolean().openapi({ description: 'False when no mail server is set (SMTP_URL): messages wait in the outbox and are shown here.' }),
    next: z.number().int().nullable().openapi({ description: 'Give it as `before` for the next (older) page; null on the last page.' }),
  })
  .openapi('OutboxMessages');

export const MessagesQuerySchema = z.object({
  state: z.enum(['waiting', 'sending', 'sent', 'failed']).optional(),
  before: z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive whole number (the `next` of the page before)').optional(),
});

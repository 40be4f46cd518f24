// GET /admin/messages: the outbox, newest first, 50 at a time, by state if asked.
// POST /admin/messages/{id}/send-again: a failed (or waiting) message is tried once more now,
// on the version the Admin saw; recorded in the activity list.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { recordActivity } from '../activity/index.js';
import { requireRole, requireUser, type AuthEnv, type Tokens } from '../auth/index.js';
import type { Database, Db, OutboxRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { BEARER_AUTH, errors, json, jsonBody } from '../http/openapi.js';
import { IdParamSchema } from '../http/schemas.js';
import { numbers } from './outbox.js';
import { MessageSchema, MessagesQuerySchema, MessagesSchema } from './schemas.js';
import { locale, t } from '../http/language.js';

const tags = ['Restaurant'];
/** Said in the request's language, when refused. */
const ADMIN_ONLY = () => t('Only the Admin can see and resend guests’ e-mails.');
const PAGE = 50;

const list = createRoute({
  method: 'get',
  path: '/admin/messages',
  tags,
  summary: 'The e-mails to guests: to whom, why, state, tries and last error',
  security: BEARER_AUTH,
  request: { query: MessagesQuerySchema },
  responses: { 200: json(MessagesSchema, 'A page of messages, newest first.'), ...errors(400, 401, 403) },
});

const sendAgain = createRoute({
  method: 'post',
  path: '/admin/messages/{id}/send-again',
  tags,
  summary: 'Try a message again now',
  description: 'For a message that failed (or still waits). Based on the `version` the Admin saw: an older one is a 409 with the message as it is now. A message sent already is a 409.',
  security: BEARER_AUTH,
  request: { params: IdParamSchema, body: jsonBody(z.object({ version: z.number().int().positive() }).strict()) },
  responses: { 200: json(MessageSchema, 'The message, waiting to be sent now.'), ...errors(400, 401, 403, 404, 409) },
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function view(stored: OutboxRow, mailServer: boolean, timeZone: string) {
  const row = numbers(stored);
  // In the language asked: "Sent 27 Nov, 19:30", "Inviata 27 nov, 19:30".
  const at = (ms: number) => new Intl.DateTimeFormat(locale(), { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(ms);
  const stateText =
    row.state === 'sent' ? t('Sent {at}', { at: at(row.sent_ms ?? row.created_ms) })
    : row.state === 'failed' ? t('Not sent: given up')
    : row.state === 'sending' ? t('Being sent')
    : !mailServer ? t('Not sent: no mail server set (SMTP_URL)')
    : row.tries ? t('Trying again {at}', { at: at(row.next_try_ms) })
    : t('Waiting to be sent');
  return {
    id: row.id,
    kind: row.kind,
    bookingId: row.booking_id,
    to: { name: row.to_name, address: row.to_address },
    subject: row.subject,
    text: row.text_body,
    state: row.state,
    stateText,
    tries: row.tries,
    lastError: row.last_error,
    createdAt: iso(row.created_ms)!,
    sentAt: iso(row.sent_ms),
    nextTryAt: row.state === 'waiting' ? iso(row.next_try_ms) : null,
    version: row.version,
  };
}

const byId = (db: Kysely<Database>, id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

export function messageRoutes({ db, tokens, clock, mailServer, timeZone, poke }: { db: Db; tokens: Tokens; clock: () => number; mailServer: boolean; timeZone: string; poke: () => void }) {
  const app = new OpenAPIHono<AuthEnv>();
  const admin = [requireUser(tokens, db), requireRole(['Admin'], ADMIN_ONLY)] as const;
  app.openapi({ ...list, middleware: [...admin] }, async (c) => {
    const { state, before } = c.req.valid('query');
    let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(PAGE + 1);
    if (state) query = query.where('state', '=', state);
    if (before) query = query.where('id', '<', Number(before));
    const rows = await query.execute();
    const page = rows.slice(0, PAGE);
    return c.json({ messages: page.map((row) => view(row, mailServer, timeZone)), mailServer, next: rows.length > PAGE ? page.at(-1)!.id : null }, 200);
  });
  app.openapi({ ...sendAgain, middleware: [...admin, readJsonBody] }, async (c) => {
    const id = Number(c.req.valid('param').id);
    const { version } = c.req.valid('json');
    const user = c.get('user');
    const now = clock();
    const after = await db.transaction().execute(async (trx) => {
      const row = await byId(trx, id);
      if (!row) throw new ApiError(404, 'not_found', t('There is no message {id}.', { id }));
      if (row.version !== version) throw new ApiError(409, 'conflict', t('Message {id} changed meanwhile: it is now “{stateText}”.', { id, stateText: view(row, mailServer, timeZone).stateText }), { more: { current: view(row, mailServer, timeZone) } });
      if (row.state === 'sent' || row.state === 'sending') throw new ApiError(409, 'invalid_transition', t('Message {id} is {value}: there is nothing to send again.', { id, value: row.state === 'sent' ? 'sent already' : 'being sent now' }), { more: { current: view(row, mailServer, timeZone) } });
      // Tried again from now: a day from now before it is given up.
      await trx.updateTable('outbox').set({ state: 'waiting', next_try_ms: now, created_ms: now, version: row.version + 1 }).where('id', '=', id).execute();
      await recordActivity(trx, { by: { id: user.id, name: user.name }, at: now, action: 'message.sent_again', subject: { kind: 'Message', id, names: [row.kind, row.to_address] }, before: { state: row.state, lastError: row.last_error }, after: { state: 'waiting' } });
      return (await byId(trx, id))!;
    });
    poke();
    return c.json(view(after, mailServer, timeZone), 200);
  });
  return app;
}

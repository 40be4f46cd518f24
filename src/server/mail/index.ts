// Guests' e-mails: written to the outbox by the change that causes them (writeMessage, in
// its transaction), sent afterwards by a worker over SMTP (createMailer), and shown to the
// Admin at GET /admin/messages, who can send one again. Without a mail server (no SMTP_URL)
// nothing is sent: the messages wait in the outbox, where the Admin reads what a guest
// would have received.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tokens } from '../auth/index.js';
import type { Db } from '../db/schema.js';
import { readRestaurant } from '../restaurant/index.js';
import { messageRoutes } from './routes.js';
import { smtpSender, type Sender, type SmtpOptions } from './smtp.js';
import { startMailWorker, type WorkerOptions } from './worker.js';

export { writeMessage, type NewMessage } from './outbox.js';
export { DAY_MS } from './worker.js';
export type { Sender, SmtpOptions } from './smtp.js';

export interface Mailer {
  /** A mail server is set: messages are sent. */
  configured: boolean;
  /** Message-IDs end with it (the sender address's domain). */
  domain: string;
  /** A message was just written: send it now. */
  poke(): void;
  /** Stops sending (what is under way finishes). */
  stop(): Promise<void>;
}

export interface MailerOptions extends Partial<Omit<WorkerOptions, 'db' | 'clock' | 'sender' | 'fromName'>> {
  db: Db;
  clock: () => number;
  /** The mail server; none keeps every message in the outbox. */
  smtp?: SmtpOptions;
  /** Instead of `smtp`: another way to send (tests). */
  sender?: Sender;
  /** The address messages come from (MAIL_FROM), for the Message-IDs' domain when `smtp` is not given. */
  from?: string;
}

export function createMailer({ db, clock, smtp, sender = smtp && smtpSender(smtp), from = smtp?.from ?? 'bookings@localhost', ...timing }: MailerOptions): Mailer {
  const domain = from.split('@')[1] || 'localhost';
  if (!sender) return { configured: false, domain, poke: () => {}, stop: async () => {} };
  const worker = startMailWorker({ db, clock, sender, fromName: async () => (await readRestaurant(db)).name, ...timing });
  return { configured: true, domain, poke: worker.poke, stop: worker.stop };
}

/** GET /admin/messages and POST /admin/messages/{id}/send-again. */
export function mailFeature({ db, tokens, clock, mailer, timeZone }: { db: Db; tokens: Tokens; clock: () => number; mailer: Mailer; timeZone: string }): OpenAPIHono {
  const app = new OpenAPIHono();
  app.route('/', messageRoutes({ db, tokens, clock, mailServer: mailer.configured, timeZone, poke: mailer.poke }));
  return app;
}

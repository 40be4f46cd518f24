// Sending one message over SMTP (nodemailer, pooled connections), and what its failure
// means: a 5xx answer is final (the address or the message is refused: trying again cannot
// help), anything else (a 4xx, a time-out, a dropped connection, no server) is tried again.
import { createTransport } from 'nodemailer';
import type { OutboxRow } from '../db/schema.js';

export interface Sender {
  send(message: OutboxRow, fromName: string): Promise<void>;
  close(): void;
}

export interface SmtpOptions {
  /** `smtp://user:password@host:587` (or `smtps://` for TLS from the start). */
  url: string;
  /** The address messages come from; the restaurant's name is shown with it. */
  from: string;
  /** How long to wait for a connection, the greeting and each answer (ms). */
  timeoutMs?: number;
}

export function smtpSender({ url, from, timeoutMs = 30_000 }: SmtpOptions): Sender {
  const transport = createTransport({ url, pool: true, maxConnections: 5, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as never);
  return {
    async send(message, fromName) {
      await transport.sendMail({
        from: { name: fromName, address: from },
        to: { name: message.to_name, address: message.to_address },
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        messageId: message.message_id,
        attachments: message.ics ? [{ filename: 'booking.ics', content: message.ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : [],
      });
    },
    close: () => transport.close(),
  };
}

/** Why a send failed, in words for the Admin, and whether trying again may help. */
export function failureOf(error: unknown): { reason: string; final: boolean } {
  const { responseCode, response, code, message } = (error ?? {}) as { responseCode?: number; response?: string; code?: string; message?: string };
  if (typeof responseCode === 'number') {
    const answer = (response ?? message ?? '').trim();
    if (responseCode >= 500) return { reason: `The mail server refused it: ${answer}`, final: true };
    return { reason: `The mail server said to try later: ${answer}`, final: false };
  }
  if (code === 'ETIMEDOUT') return { reason: `The mail server did not answer in time (${message ?? code}).`, final: false };
  if (code === 'ECONNECTION' || code === 'ESOCKET') return { reason: `The mail server could not be reached or dropped the connection (${message ?? code}).`, final: false };
  return { reason: `Not sent: ${message ?? String(error)}`, final: false };
}

/**
 * A real SMTP server in the test's process (smtp-server), on a free loopback port, that
 * keeps every message it receives as mailparser reads it, and can be told to misbehave the
 * ways a mail server does: refuse (5xx), ask to try later (4xx), say nothing (a time-out),
 * drop the connection in the middle of a message, or be stopped and started again on its port.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Behaviour = 'accept' | 'refuse' | 'later' | 'silent' | 'drop';

export interface Received {
  mail: ParsedMail;
  /** The recipients the client gave (RCPT TO), whatever the headers say. */
  envelopeTo: string[];
  /** When it was received (ms since 1970). */
  at: number;
}

export interface TestSmtp {
  url: string;
  received: Received[];
  /** How the next messages are met; `times` of them, then `accept` again (all of them when absent). */
  behave(behaviour: Behaviour, times?: number): void;
  /** Refuses RCPT TO for this address with 550 (a mailbox that does not exist). */
  refuseAddress(address: string): void;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Waits until `count` messages have arrived (or fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
}

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * `acceptFirst`: say 250 as soon as a message has come, and read it back afterwards (as a
 * real server queues it: the bench's sender then does not wait for this helper's parsing);
 * `received` then trails the sender by a parse. Tests leave it off: once the sender is
 * told a message went, it is in `received`.
 */
export async function startTestSmtp({ acceptFirst = false } = {}): Promise<TestSmtp> {
  const received: Received[] = [];
  const refused = new Set<string>();
  let behaviour: Behaviour = 'accept';
  let left = Number.POSITIVE_INFINITY;
  let port = 0;
  const next = () => {
    const now = behaviour;
    if (now !== 'accept' && --left <= 0) behaviour = 'accept';
    return now;
  };
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address)) return callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected: no such mailbox`));
        callback();
      },
      onData(stream, session, callback) {
        const now = next();
        if (now === 'silent') return void stream.resume(); // never answers: the client's time-out ends it
        if (now === 'drop') {
          stream.once('data', () => {
            for (const connection of server.connections) (connection as unknown as { _socket: { destroy(): void } })._socket.destroy();
          });
          return void stream.resume();
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          if (now === 'refuse') return callback(smtpError(554, '5.7.1 Message refused'));
          if (now === 'later') return callback(smtpError(451, '4.3.0 Try again later'));
          const at = Date.now();
          const envelopeTo = session.envelope.rcptTo.map((to) => to.address);
          if (acceptFirst) callback();
          received.push({ mail: await simpleParser(Buffer.concat(chunks)), envelopeTo, at });
          if (!acceptFirst) callback();
        });
      },
    });
  let server = make();
  const listen = () => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      port = (server.server.address() as AddressInfo).port;
      resolve();
    });
  });
  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    behave(now, times = Number.POSITIVE_INFINITY) {
      behaviour = now;
      left = times;
    },
    refuseAddress: (address) => void refused.add(address),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const connection of server.connections) (connection as unknown as { _socket: { destroy(): void } })._socket.destroy();
        server.close(() => resolve());
      }),
    async start() {
      server = make();
      await listen();
    },
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`Waited ${ms} ms for ${count} messages; ${received.length} arrived.`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
  };
}

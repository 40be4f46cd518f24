// "New order events are stored": the signal that wakes the event streams of every server
// process. The one place that knows how each database carries it:
// - SQLite is one process: the signal is a function call.
// - PostgreSQL: NOTIFY on a channel, and in each process one connection of its own that
//   LISTENs while any stream is open (a process without streams holds none). If that connection
//   drops, it is made again and the listeners are woken once, since a signal may have
//   been missed meanwhile; the events themselves are always read from the table.
// A signal may carry a word (the bookings' carries the id of the booking that changed);
// a wake without one (a reconnect, or a signal sent without) means "anything may have
// changed".
import pg from 'pg';
import { sql } from 'kysely';
import { CONNECT_TIMEOUT_MS, postgresUrlOf, type Db } from './database.js';
import { dialectOf } from './dialect.js';

export interface Notifications {
  /** Wakes the listeners of every process (this one too), with `word` if given. Call it after the commit. */
  notify(word?: string): Promise<void>;
  /** Calls `wake` after every notify, from any process, with its word (none: anything may have changed). Returns a function that stops it. */
  listen(wake: (word?: string) => void): () => void;
}

/** Order events' channel; bookings have their own (`tavola_bookings`). */
export const ORDER_CHANNEL = 'tavola_order_events';
/** A booking changed (its id the word): one per process, shared by the bookings and the bills (services.ts). */
export const BOOKINGS_CHANNEL = 'tavola_bookings';
const RECONNECT_MS = 1000;

export function createNotifications(db: Db, channel = ORDER_CHANNEL): Notifications {
  const listeners = new Set<(word?: string) => void>();
  const wakeAll = (word?: string) => {
    for (const wake of listeners) wake(word);
  };
  if (dialectOf(db) === 'sqlite') {
    return {
      notify: async (word) => queueMicrotask(() => wakeAll(word)),
      listen: (wake) => {
        listeners.add(wake);
        return () => void listeners.delete(wake);
      },
    };
  }
  const url = postgresUrlOf(db);
  if (!url) throw new Error('Order events on PostgreSQL need the database opened with openPostgres().');

  let client: pg.Client | undefined;

  function connect() {
    const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client = connection;
    const lost = () => {
      if (client !== connection) return; // closed on purpose, or already replaced
      client = undefined;
      forget(connection);
      if (listeners.size) setTimeout(() => listeners.size && !client && connect(), RECONNECT_MS).unref();
    };
    connection.on('notification', (message) => wakeAll(message.payload || undefined));
    connection.on('error', lost);
    connection.on('end', lost);
    connection
      .connect()
      .then(() => connection.query(`listen ${channel}`))
      .then(() => client === connection && wakeAll(), lost); // read what may have come before we listened (no word: anything)
  }

  function disconnect() {
    if (client) forget(client);
    client = undefined;
  }

  // Ends a connection we no longer use. It may still report an error on its way out:
  // one listener stays, since an 'error' nobody hears would end the process.
  function forget(connection: pg.Client) {
    connection.removeAllListeners();
    connection.on('error', () => {});
    void connection.end().catch(() => {});
  }

  return {
    async notify(word = '') {
      await sql`select pg_notify(${channel}, ${word})`.execute(db);
    },
    listen(wake) {
      listeners.add(wake);
      if (!client) connect();
      return () => {
        listeners.delete(wake);
        if (!listeners.size) disconnect();
      };
    },
  };
}

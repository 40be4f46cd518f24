// "The database cannot do this right now", told apart from a failure of ours. The API
// answers such an error with a 503 (`database_unavailable`, http/errors.ts) instead of a 500:
// the request was fine, nothing was written, and the same request later will work.
//
// PostgreSQL: the server restarting, failing over or out of reach (refused, reset, timed
// out, connections ended by an administrator command), a standby that only reads, or no
// room for a connection, a file or memory. SQLite: a file that cannot be written (disk
// full, read-only volume, I/O error) or stays locked past the busy timeout.

// SQLSTATE: class 08 (connection), admin or crash shutdown, starting up, too many
// connections, disk full, out of memory, read-only transaction (a standby after failover).
const POSTGRES_STATES = /^(08...|57P0[1-3]|53[123]00|25006)$/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// What pg and pg-pool throw, without a code, when a connection is gone or cannot be had.
const POSTGRES_CLIENT = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN|PROTOCOL|NOMEM)/;

interface Failure {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** True when `error` says the database is out of reach or cannot write, not that the request or our code is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, syscall, message, errors } = error as Failure;
  // Node tries each address of a host in turn and reports them together.
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  if (typeof code === 'string') {
    if (POSTGRES_STATES.test(code) || NETWORK_CODES.has(code) || SQLITE_CODES.test(code)) return true;
    if (code === 'ENOENT' && syscall === 'connect') return true; // a Unix socket (Cloud SQL's) not there yet
  }
  return typeof message === 'string' && POSTGRES_CLIENT.test(message);
}

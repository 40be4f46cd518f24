// How an instance leaves when the platform asks it to (SIGTERM; Cloud Run then waits 10 s):
// 1. /readyz answers 503 and every answer closes its connection (boot.ts: startDraining);
// 2. the server stops accepting connections;
// 3. open event streams are ended: their clients reconnect with Last-Event-ID and resume
//    on another instance, missing nothing;
// 4. requests in flight finish; connections kept alive between requests are closed;
// 5. after `graceMs`, whatever is still open is cut; the embedded database's last backup is
//    taken; then the database pool is closed.
import type { Server } from 'node:http';
import type { Booted } from './boot.js';
import { within } from './within.js';

export async function shutDown(server: Server, booted: Booted, { graceMs = 8000 } = {}): Promise<void> {
  booted.startDraining();
  const choresStopped = booted.stopChores();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  booted.streams.closeAll();
  server.closeIdleConnections();
  // A connection whose request ends meanwhile becomes idle: close it then.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  await within(closed, graceMs);
  clearInterval(idle);
  server.closeAllConnections();
  await choresStopped;
  await booted.backups.stop();
  await booted.db.destroy();
}

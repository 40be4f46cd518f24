// The address a request came from, for rate limits. Behind proxies that append to
// X-Forwarded-For, each appends the address it was called from, so the entry of the
// client is the `hops`-th from the right: entries further left are whatever the client
// chose to send, and trusting them would let anyone pick a fresh address per request.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** `hops` is the number of trusted proxies in front of the server (0: none, use the socket). */
export function clientAddress(c: Context, hops: number): string {
  if (hops > 0) {
    const entries = (c.req.header('X-Forwarded-For') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    // Fewer entries than hops: every one was written by a trusted proxy, the leftmost is the client.
    if (entries.length) return entries[Math.max(0, entries.length - hops)]!;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // called in process (tests), without a socket
  }
}

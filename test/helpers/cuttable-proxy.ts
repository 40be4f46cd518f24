/**
 * A TCP proxy in front of a test's server, whose connection the test can cut: `cut()`
 * ends every connection through it and refuses new ones (what a browser sees when the
 * restaurant's Wi-Fi drops), `restore()` lets them through again. Chromium's offline
 * emulation leaves a response that is already streaming alone, so it cannot show this.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface CuttableProxy {
  /** The proxy's own address (another origin than the server's, the same server behind it). */
  base: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

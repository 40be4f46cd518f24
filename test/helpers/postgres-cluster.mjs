// A throwaway PostgreSQL server for tests and benchmarks: `initdb` in a temporary folder,
// started with `pg_ctl` on a free loopback port, removed again by stop(). Run as the
// unprivileged `postgres` user when we are root (PostgreSQL refuses to run as root).
// Plain JavaScript so that test/run.mjs can start one before the TypeScript tests run.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the server's programs are: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: install Debian\'s `postgresql` package (apt-get install postgresql), or set PG_BIN to the folder holding initdb and pg_ctl.');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh cluster. `settings` are passed to the server as `-c name=value`.
 * Answers `{ url, port, stop, restart, pause, resume }`: `url` reaches the `postgres`
 * database as the `postgres` user; `restart` is `pg_ctl restart -m fast` (what a managed
 * database's maintenance does: every connection is ended), `pause` stops the server the
 * same way and `resume` starts it again on the same port and data.
 */
export async function startPostgres(settings = {}) {
  const bin = postgresBin();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'tavola-pg-'));
  if (root) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (program, args) => {
    const [command, ...rest] = root ? ['runuser', '-u', 'postgres', '--', join(bin, program), ...args] : [join(bin, program), ...args];
    const result = spawnSync(command, rest, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}${existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : ''}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = { listen_addresses: '127.0.0.1', port, unix_socket_directories: dir, max_connections: 300, ...settings };
  const flags = Object.entries(options).map(([name, value]) => `-c ${name}=${value}`).join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', flags, '-w', '-t', '60', 'start']);
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    // The log file keeps the server's output off our pipes (spawnSync waits for them to close).
    restart: () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', flags, '-m', 'fast', '-w', '-t', '60', 'restart']),
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    resume: start,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

#!/usr/bin/env node
// `npm test`: type check, then each group of tests in its own process (happy-dom's
// globals must not leak into the API tests), then one closing line for all of them.
// The API tests run twice: on the embedded SQLite, then on a throwaway PostgreSQL server
// started here (initdb + pg_ctl in a temporary folder) and removed afterwards.
import { spawn } from 'node:child_process';
import { startPostgres } from './helpers/postgres-cluster.mjs';

const uvu = (dir, pattern = '\\.test\\.ts$') => [process.execPath, '--import', 'tsx', 'node_modules/uvu/bin.js', dir, pattern];
// Every API test file but those about the embedded database and the stand-in, which use no server database.
const ON_POSTGRES = '^(?!database|demo-shop|hosting)[^/]*\\.test\\.ts$';
const groups = [
  { name: 'types', command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', '.'] },
  { name: 'unit (node + happy-dom)', command: uvu('test/unit') },
  { name: 'api (in process and on loopback)', command: uvu('test/api') },
  { name: 'api on PostgreSQL', command: uvu('test/api', ON_POSTGRES), postgres: true },
  { name: 'postgres (two server processes, one database)', command: uvu('test/postgres'), postgres: true },
  { name: 'reliability (fuzz, concurrency, kill -9, random paths)', command: uvu('test/reliability') },
  { name: 'browser (Chromium)', command: uvu('test/browser') },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
let postgres;
for (const { name, command, postgres: needsPostgres } of groups.filter((group) => !only.length || only.some((word) => group.name.startsWith(word)))) {
  console.log(`\n# ${name}`);
  const env = { ...process.env };
  if (needsPostgres) {
    try {
      postgres ??= await startPostgres({ fsync: 'off' });
    } catch (error) {
      console.error(error.message);
      failed++;
      continue;
    }
    env.TEST_DATABASE_URL = postgres.url;
  }
  const { code, output } = await run(command, env);
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const ok = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  if (name === 'types') code === 0 ? passed++ : failed++;
  else {
    passed += ok;
    failed += total - ok + (code !== 0 && total === ok ? 1 : 0);
  }
}
postgres?.stop();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

function run([command, ...args], env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code, output }));
  });
}

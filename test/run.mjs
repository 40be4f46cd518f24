#!/usr/bin/env node
// `npm test`: type check, then each group of tests in its own process (happy-dom's
// globals must not leak into the API tests), then one closing line for all of them.
import { spawn } from 'node:child_process';

const uvu = (dir) => [process.execPath, '--import', 'tsx', 'node_modules/uvu/bin.js', dir, '\\.test\\.ts$'];
const groups = [
  { name: 'types', command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', '.'] },
  { name: 'unit (node + happy-dom)', command: uvu('test/unit') },
  { name: 'api (in process and on loopback)', command: uvu('test/api') },
  { name: 'reliability (fuzz, concurrency, kill -9, random paths)', command: uvu('test/reliability') },
  { name: 'browser (Chromium)', command: uvu('test/browser') },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const { name, command } of groups.filter((group) => !only.length || only.some((word) => group.name.startsWith(word)))) {
  console.log(`\n# ${name}`);
  const { code, output } = await run(command);
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const ok = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  if (name === 'types') code === 0 ? passed++ : failed++;
  else {
    passed += ok;
    failed += total - ok + (code !== 0 && total === ok ? 1 : 0);
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

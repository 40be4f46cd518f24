// `npm run bench` needs Chromium for its last rows: without it, it stops at once and says
// what to install, instead of failing after the quarter of an hour the other rows take.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';

test('without Chromium the bench stops before measuring anything, with exit code 1 and what to install', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/run.ts'], {
    env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.is(run.status, 1);
  assert.is(run.stdout, '');
  assert.is(run.stderr.trim(), "npm run bench: Chromium is not at /nonexistent/chromium. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.");
});

test.run();

#!/usr/bin/env node
// `npm test`: type check, lint, then each group of tests in its own process (happy-dom's
// globals must not leak into the API tests), then one closing line for all of them.
// The API tests run twice: on the embedded SQLite, then on a throwaway PostgreSQL server
// started here (initdb + pg_ctl in a temporary folder) and removed afterwards.
//
// Each group's time is printed as it ends, and a table of them all at the end. Groups marked
// `beside` run at the same time as the group before them: the type checker, the linter, the
// unit tests, the API tests on SQLite and the bench's smoke (the checker and the unit tests
// compute while the API tests wait on the disk), the reliability tests, which mostly wait
// (for a killed server, an outage), beside the two PostgreSQL processes. Their output is
// printed whole, one group after the other, once all have ended. (The two API groups side by
// side wait on the same disk: not kept.) The browser group runs last and alone: beside the
// PostgreSQL and reliability groups (tried on 2026-11-28: 991 s instead of 1,239) their pools
// waited past 1.5 s and answered 503, and kill -9 rounds acknowledged fewer orders than they
// count on: 5 failures.
//
// What the groups start as `npm start` runs it (dist/site, dist/server) is built once, here,
// while the first groups run: groups side by side rebuilding dist/ under each other's servers
// would hand a server that starts half a file (test/helpers/built.ts), and each group built
// it again for itself.
//
// The run always ends with that line: each group runs in a process group of its own,
// whatever it leaves running when it exits (a server a failed start-up did not stop) is
// killed, and a group that takes longer than its minutes (GROUP_MINUTES unless it says) is
// stopped and counted failed.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { CHROMIUM_MISSING, hasChromium } from './helpers/chromium.mjs';
import { startPostgres } from './helpers/postgres-cluster.mjs';
import { buildApp, buildServer } from '../build.mjs';

/** Clock ticks a second, as /proc counts CPU time. */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

const GROUP_MINUTES = Number(process.env.TEST_GROUP_MINUTES ?? 15);
const uvu = (dir, pattern = '\\.test\\.ts$') => [process.execPath, '--import', 'tsx', 'node_modules/uvu/bin.js', dir, pattern];
// Every API test file but those about the embedded database and the stand-in, which use no server database.
const ON_POSTGRES = '^(?!database|demo-shop|hosting)[^/]*\\.test\\.ts$';
const groups = [
  { name: 'types', command: [process.execPath, 'node_modules/typescript/bin/tsc', '-p', '.'], single: true },
  { name: 'lint', command: [process.execPath, 'node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings'], single: true, beside: true },
  { name: 'unit (node + happy-dom)', command: uvu('test/unit'), beside: true },
  { name: 'api (in process and on loopback)', command: uvu('test/api'), beside: true },
  // Every Chromium scenario of npm run bench, small: a renamed class fails here, not in the bench.
  // Beside the groups that compute: beside the PostgreSQL processes, its load made a pool wait
  // past its 1.5 s (a 503 in the two-process mail test) and the reliability group's waits longer.
  { name: "smoke (the bench's Chromium scenarios, small)", command: uvu('test/smoke'), chromium: true, built: true, beside: true },
  { name: 'api on PostgreSQL', command: uvu('test/api', ON_POSTGRES), postgres: true },
  { name: 'postgres (two server processes, one database)', command: uvu('test/postgres'), postgres: true, built: true },
  { name: 'reliability (fuzz, concurrency, kill -9, outages, random paths)', command: uvu('test/reliability'), built: true, beside: true },
  // About 90 pages, the longest group. Not split over two processes: two halves side by side
  // took 495 s against 619 s for the whole group (measured 2026-11-28), and one of them failed
  // a wait that holds alone (both ask for Chromium's time on two cores).
  { name: 'browser (Chromium)', command: uvu('test/browser'), chromium: true, built: true, minutes: 2 * GROUP_MINUTES },
];

const only = process.argv.slice(2);
/** Each test file's time, from its name in a group's output to the next file's (or the group's end). */
const fileTimes = [];
let passed = 0;
let failed = 0;
let postgres;
const times = [];
const started = performance.now();
// The groups asked for, in stages: a group `beside` the one before joins its stage.
const stages = [];
for (const group of groups.filter((group) => !only.length || only.some((word) => group.name.startsWith(word)))) {
  if (group.beside && stages.length) stages.at(-1).push(group);
  else stages.push([group]);
}
// Built once, while the first groups (which need no build) run; each group that starts a server waits for it.
const building = stages.flat().some((group) => group.built) ? buildOnce() : undefined;
building?.catch(() => {}); // said by each group that waits for it
for (const stage of stages) {
  const alone = stage.length === 1;
  const ran = await Promise.all(
    stage.map(async (group) => {
      const lines = [];
      const say = alone ? (line) => console.log(line) : (line) => lines.push(`${line}\n`);
      say(`\n# ${group.name}`);
      const at = performance.now();
      const counts = await runGroup(group, alone ? undefined : lines);
      passed += counts.passed;
      failed += counts.failed;
      const seconds = (performance.now() - at) / 1000;
      const cpu = counts.cpuSeconds === null ? '' : `, ${counts.cpuSeconds.toFixed(1)} CPU-seconds`;
      say(`# ${group.name}: ${counts.passed} passed, ${counts.failed} failed in ${seconds.toFixed(1)} s${cpu}${alone ? '' : ' (beside another group)'}`);
      return { name: group.name, ...counts, seconds, lines };
    }),
  );
  for (const group of ran) {
    times.push(group);
    for (const line of group.lines) process.stdout.write(line);
  }
}
await postgres?.then((server) => server.stop(), () => {});
// The whole run's CPU: this process's own (the build, the PostgreSQL it stopped) and every child it waited for, each with theirs.
const all = cpuOf('self');
console.log(`\n${'group'.padEnd(66)}passed  failed  seconds  CPU-seconds`);
for (const row of [...times, { name: 'all', passed, failed, seconds: (performance.now() - started) / 1000, cpuSeconds: all === null ? null : all.own + all.children }]) {
  const cpu = row.cpuSeconds === null ? '–' : row.cpuSeconds.toFixed(1);
  console.log(`${row.name.padEnd(66)}${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${row.seconds.toFixed(1).padStart(7)}  ${cpu.padStart(11)}`);
}
console.log('\nthe ten slowest files');
for (const { file, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`${file.padEnd(66)}${seconds.toFixed(1).padStart(23)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** The site and both server entries, built into dist/ as `npm start` and `npm run backup` use them; the groups are told so (TEST_BUILT_ONCE). */
async function buildOnce() {
  await Promise.all([buildApp('site'), buildServer('main'), buildServer('backup-main')]);
  process.env.TEST_BUILT_ONCE = 'on';
}

/** Runs one group; its output goes to the terminal as it comes, or into `lines` to be printed later. */
async function runGroup(group, lines) {
  if (group.chromium && !hasChromium()) {
    console.error(CHROMIUM_MISSING);
    return { passed: 0, failed: 1 };
  }
  if (group.built) {
    try {
      await building;
    } catch (error) {
      console.error(`The build the group starts from failed: ${error.message}`);
      return { passed: 0, failed: 1 };
    }
  }
  const env = { ...process.env };
  if (group.postgres) {
    try {
      postgres ??= startPostgres({ fsync: 'off' });
      env.TEST_DATABASE_URL = (await postgres).url;
    } catch (error) {
      console.error(error.message);
      return { passed: 0, failed: 1 };
    }
  }
  const minutes = group.minutes ?? GROUP_MINUTES;
  const { code, output, timedOut, cpuSeconds } = await run(group.command, env, minutes, lines);
  const plain = stripVTControlCharacters(output);
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  const ok = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  if (timedOut) console.error(`${group.name}: stopped after ${minutes} minutes.`);
  if (group.single) return { ...(code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }), cpuSeconds };
  return { passed: ok, failed: total - ok + (code !== 0 && total === ok ? 1 : 0), cpuSeconds };
}

/**
 * The CPU-seconds of a process as the kernel accounts them (/proc/<pid>/stat): its own (user and
 * system) and its children's that it has waited for, each with theirs. Null where there is no /proc.
 */
function cpuOf(pid, stat) {
  try {
    const line = stat ?? readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Past the command's name (in brackets, which may hold spaces): state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const [utime, stime, cutime, cstime] = line.slice(line.lastIndexOf(')') + 2).split(' ').slice(11, 15).map(Number);
    return { own: (utime + stime) / TICKS, children: (cutime + cstime) / TICKS };
  } catch {
    return null;
  }
}

function run([command, ...args], env, minutes, lines) {
  const dir = args.find((arg) => arg.startsWith('test/')) ?? command;
  return new Promise((resolve) => {
    // detached: the group leads a process group of its own, so whatever it starts can be killed with it.
    // A shell runs it and, once it has waited for it, writes its own /proc stat line on fd 3: its
    // children's CPU there is the group's, every process it started and waited for included.
    const measured = ['-c', '"$@"; status=$?; cat /proc/$$/stat >&3 2>/dev/null; exit $status', 'group', command, ...args];
    const child = spawn('sh', measured, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], env, detached: true });
    let stat = '';
    child.stdio[3].on('data', (chunk) => {
      stat += chunk;
    });
    const killGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // nothing is left
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, minutes * 60_000);
    let timedOut = false;
    let output = '';
    let file;
    const fileEnded = () => file && fileTimes.push({ file: `${dir}/${file.name}`, seconds: (performance.now() - file.at) / 1000 });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        // uvu names each file on a line of its own as it starts it.
        for (const [, name] of stripVTControlCharacters(String(chunk)).matchAll(/^(\S+\.test\.ts)$/gm)) {
          fileEnded();
          file = { name, at: performance.now() };
        }
        if (lines) lines.push(chunk);
        else (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    // 'exit', not 'close': a process the group left behind may hold its pipes open for ever.
    child.on('exit', (code, signal) => {
      fileEnded();
      clearTimeout(timer);
      killGroup();
      // Let what is still in the pipes arrive; a leftover's open pipe does not hold us.
      setTimeout(() => resolve({ code: code ?? signal, output, timedOut, cpuSeconds: stat ? (cpuOf(null, stat)?.children ?? null) : null }), 100);
    });
  });
}

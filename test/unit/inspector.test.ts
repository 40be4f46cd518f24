import { resetDom } from '../helpers/dom.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../build.mjs';
import { h } from '../../src/core/dom.js';
import { createSessionStore, type Session } from '../../src/core/session.js';
import { isRecord } from '../../src/core/stored.js';
import { mountApp, type AppRoute } from '../../src/router/app.js';
import { installInspector } from '../../src/router/inspector.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation } from '../../src/router/navigation.js';
import { createPageChange } from '../../src/router/page-change.js';

// The route inspector of `npm run dev`: what its panel says after real page changes, and
// that a production build carries neither it nor the app's reports to it.
type S = Session<{ role: string }>;
const parseUser = (json: unknown) => (isRecord(json) && typeof json.role === 'string' ? { role: json.role } : undefined);
const routes: AppRoute<S>[] = [
  {
    children: [
      { path: 'menu', page: () => h('h1', null, 'Menu') },
      { path: 'menu/:id', page: () => h('h1', null, 'Dish') },
      { guard: { roles: ['kitchen'] }, children: [{ path: 'kitchen', page: () => h('h1', null, 'Kitchen') }] },
      { path: 'login', page: () => h('h1', null, 'Sign in') },
      { path: '*', page: () => h('h1', null, 'Not found') },
    ],
  },
];

function start(path: string) {
  resetDom();
  const stopInspector = installInspector(document);
  const root = h('div');
  const announcer = h('div');
  document.body.append(root, announcer);
  const navigation = createNavigation(memoryLocation(path));
  const stop = mountApp({ routes, navigation, session: createSessionStore('inspector.session', parseUser), root, pageChange: createPageChange(announcer), forbidden: '/login', title: (page) => page });
  const panel = () => document.querySelector<HTMLElement>('aside[aria-label="Route inspector"]');
  const press = (key: string, target: EventTarget = document.body) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  const stopBoth = () => {
    stop();
    stopInspector();
  };
  return { navigation, panel, press, stop: stopBoth };
}

const Inspector = suite('route inspector');

Inspector('hidden until ` is pressed; then it explains the page on screen, branch by branch', () => {
  const { navigation, panel, press, stop } = start('/menu');
  assert.is(panel(), null);
  press('`');
  navigation.navigate('/menu/3');
  assert.equal(panel()!.textContent!.split('\n'), [
    'push /menu/3   (press ` to hide)',
    '',
    '▶ /menu/:id          matched',
    '✗ /menu              stopped at segment 1: the pattern ends before 3',
    '✗ /kitchen           stopped at segment 0: menu is not kitchen',
    '✗ /login             stopped at segment 0: menu is not login',
    '· /*                 fits, ranked lower',
    '',
    'params: {"id":"3"}',
    'guard:  none on this page',
    'scroll: to the top',
  ]);
  press('`');
  assert.is(panel()!.hidden, true);
  stop();
});

Inspector('a guard sending a guest away shows as the guard decision, replacing the entry', () => {
  const { navigation, panel, press, stop } = start('/menu');
  press('`');
  navigation.navigate('/kitchen');
  const lines = panel()!.textContent!.split('\n');
  assert.is(lines[0], 'replace /login   (press ` to hide)');
  assert.ok(lines.includes('guard:  on /kitchen, sent to /login, replacing the entry'), lines.join('\n'));
  stop();
});

Inspector('Back restores the scroll, and the panel says so; the key typed in a field is left alone', () => {
  const { navigation, panel, press, stop } = start('/menu');
  press('`');
  navigation.navigate('/menu/3');
  navigation.back();
  assert.is(panel()!.textContent!.split('\n')[0], 'pop /menu   (press ` to hide)');
  assert.ok(panel()!.textContent!.endsWith('scroll: restored to 0 px'), panel()!.textContent!);
  const field = h('input');
  document.body.append(field);
  press('`', field);
  assert.is(panel()!.hidden, false, 'typing a backquote in a field does not toggle the panel');
  stop();
});

Inspector('a production build has no inspector and no reports to it', async () => {
  const out = mkdtempSync(join(tmpdir(), 'tavola-inspector-'));
  try {
    await buildApp('site', { outdir: out });
    const code = readdirSync(join(out, 'assets')).filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(out, 'assets', file), 'utf8')).join('\n');
    assert.ok(code.length > 10_000);
    for (const word of ['router:render', 'router:scroll', 'Route inspector', 'stopped at segment']) assert.not.ok(code.includes(word), word);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

Inspector.run();

// The router playground: a route table the learner writes, and the router's own code run on
// it. An app inside the page (mountApp over a memory history) renders the table; panels
// show the ranking for its address, its history entries and its guard's decision. The
// playground's own address holds the table, the app's address and who is signed in.
import './styles.css';
import { h, type Child } from '../core/dom.js';
import { mountApp } from '../router/app.js';
import { interceptLinks, markCurrentLinks } from '../router/links.js';
import { withBase } from '../router/base.js';
import { memoryLocation, splitPath, type MemoryLocation } from '../router/location.js';
import { compileMatcher } from '../router/compile.js';
import { createMatcher } from '../router/match.js';
import { createNavigation, type Navigation } from '../router/navigation.js';
import { screenRoutes, type PlaySession, type ScreenRoute } from './app-screen.js';
import { FORBIDDEN, guardStory, tellStory, type GuardStory } from './guard-story.js';
import { historyEntries, type Arrival } from './history-panel.js';
import { LESSONS, type Role } from './lessons.js';
import { ranking } from './ranking.js';
import { baseOf, ROLES, searchOf, stateOf, type PlayState } from './state.js';
import { readTable, type ReadTable } from './table-text.js';

const NAMES: Record<Role, string> = { guest: 'Guest', waiter: 'Waiter', kitchen: 'Kitchen', admin: 'Admin' };
const announcer = document.getElementById('announcer')!;
let state = stateOf(location.search);
let read: ReadTable = readTable(state.table);

// --- the page --------------------------------------------------------------------------

const section = (id: string, title: string, ...children: Child[]) =>
  h('section', { class: 'panel', 'aria-labelledby': id }, h('h2', { id }, title), ...children);

const lessonBox = h('section', { class: 'lesson', 'aria-labelledby': 'lesson-title' });
const lessonLinks = LESSONS.map((lesson, i) => h('a', { href: `?lesson=${i}` }, `${i + 1}. ${lesson.title}`));
const lessons = h('nav', { class: 'lessons', 'aria-labelledby': 'lessons-title' }, h('h2', { id: 'lessons-title' }, 'Lessons'), h('ol', null, lessonLinks.map((link) => h('li', null, link))));

const tableInput = h('textarea', { id: 'table', rows: 10, spellcheck: false, autocapitalize: 'off', 'aria-describedby': 'table-help table-mistakes' });
const mistakes = h('ul', { id: 'table-mistakes', class: 'mistakes' });
const tablePanel = section(
  'table-title',
  'Route table',
  h('p', { id: 'table-help', class: 'help' }, 'One route per line; indent the routes a route wraps below it. A line is a path (', h('code', null, 'menu/:id'), ', ', h('code', null, '*'), ') or ', h('code', null, '(index)'), ', ', h('code', null, '(layout)'), ', ', h('code', null, '(guard kitchen admin)'), '; a path can carry a guard: ', h('code', null, 'kitchen (guard kitchen)'), '.'),
  h('label', { for: 'table' }, 'The table'),
  tableInput,
  mistakes,
);

const addressInput = h('input', { id: 'address', type: 'text', autocomplete: 'off', spellcheck: false, autocapitalize: 'off' });
const searchInput = h('input', { id: 'search', type: 'search', autocomplete: 'off' });
const backButton = h('button', { type: 'button', class: 'button' }, '← Back');
const forwardButton = h('button', { type: 'button', class: 'button' }, 'Forward →');
const links = h('ul', { class: 'links' });
const submitAddress = (event: Event) => {
  event.preventDefault();
  go(addressInput.value);
};
const screen = h('div', { class: 'screen', role: 'group', 'aria-label': 'What the app shows' });
const baseInput = h('input', { id: 'base', type: 'text', autocomplete: 'off', spellcheck: false, autocapitalize: 'off', 'aria-describedby': 'base-mistake' });
const baseMistake = h('p', { id: 'base-mistake', class: 'help', role: 'status' });
// A new base is a new try: the app starts again at the address it showed, under the prefix.
const submitBase = (event: Event) => {
  event.preventDefault();
  const base = baseOf(baseInput.value);
  baseInput.setAttribute('aria-invalid', String(base === undefined));
  baseMistake.textContent = base === undefined ? 'A base is a path such as /it or /en/shop (letters, digits, - . _ ~), or empty.' : '';
  if (base === undefined) return;
  const at = navigation.current().path;
  write('push', { base, at });
  mount(at);
};
const appPanel = section(
  'app-title',
  'The app',
  h('form', { class: 'address-bar', onsubmit: submitAddress }, h('label', { for: 'address' }, 'Address'), h('div', { class: 'row' }, addressInput, h('button', { class: 'button primary' }, 'Go'))),
  h('form', { class: 'address-bar', onsubmit: submitBase }, h('label', { for: 'base' }, 'Base (a prefix such as /it; empty: none)'), h('div', { class: 'row' }, baseInput, h('button', { class: 'button' }, 'Use')), baseMistake),
  h('p', { class: 'help', id: 'links-help' }, 'Links: each click adds a history entry (push).'),
  links,
  h('label', { for: 'search' }, 'Search: each keystroke replaces the entry'),
  searchInput,
  h('div', { class: 'row' }, backButton, forwardButton),
  screen,
);

const roleInputs = ROLES.map((role) => h('input', { type: 'radio', name: 'as', value: role, id: `as-${role}` }));
const guardText = h('p', { class: 'guard-text' });
const guardPanel = section(
  'guard-title',
  'Who is signed in',
  h('fieldset', { class: 'roles' }, h('legend', null, 'Signed in as'), ROLES.map((role, i) => h('span', { class: 'choice' }, roleInputs[i]!, h('label', { for: `as-${role}` }, NAMES[role])))),
  h('h3', null, 'The guard'),
  guardText,
);

const rankingTitle = h('h2', { id: 'ranking-title' });
const rankingBody = h('div');
const rankingPanel = h('section', { class: 'panel', 'aria-labelledby': 'ranking-title' }, rankingTitle, rankingBody);
const historyBody = h('div');
const historyPanel = section('history-title', 'History', h('p', { class: 'help' }, 'The history’s entries, oldest first, as the browser’s address bar shows them (under a base, with its prefix).'), historyBody);
// The code compileMatcher writes for the table (step 8), shown as text: nothing here runs it.
const compiledCode = h('code');
const compiledPanel = section(
  'compiled-title',
  'Compiled',
  h('details', null, h('summary', null, 'The code compileMatcher writes'), h('p', { class: 'help' }, 'The same answers as the walk, for this table only; a build writes it, a browser never evaluates it here.'), h('pre', { class: 'compiled', tabindex: '0', 'aria-label': 'The compiled matcher' }, compiledCode)),
);

document.getElementById('app')!.replaceChildren(
  h('header', { class: 'top' }, h('h1', null, 'Router playground'), h('p', null, 'Tavola’s router, run on a route table you write: which route wins, what the history holds, what a guard decides.')),
  h('main', { id: 'main' }, lessons, lessonBox, h('div', { class: 'columns' }, h('div', null, tablePanel, appPanel), h('div', null, rankingPanel, historyPanel, guardPanel, compiledPanel))),
);

// --- the app inside ------------------------------------------------------------------

let memory: MemoryLocation;
let navigation: Navigation;
const arrivals = new Map<string, Arrival>();
let story: GuardStory | null = null;
let stopApp = () => {};
let session: PlaySession | null = null;
const sessionListeners = new Set<() => void>();
const sessionSource = {
  get: () => session,
  subscribe: (listener: () => void) => {
    sessionListeners.add(listener);
    return () => sessionListeners.delete(listener);
  },
};

/** The guard over an address in the table read now (the first guarded route of its branch). */
let guardOf: (path: string) => ScreenRoute['guard'] = () => undefined;
const storyOf = (path: string) => {
  const guard = guardOf(path);
  return guard ? guardStory(guard, session, path) : null;
};

/** Mounts the app on the table read now, on the history it has (a new one at `at`). */
function mount(at?: string) {
  stopApp();
  if (at !== undefined) {
    // Under a base, the history holds the browser's addresses (`/it/menu`); the app, the table and the links see its own (`/menu`).
    memory = memoryLocation(state.base + at);
    navigation = createNavigation(state.base ? withBase(memory, state.base) : memory);
    arrivals.clear();
    navigation.subscribe(followed);
  }
  const routes = screenRoutes(read.routes);
  const match = createMatcher(routes);
  guardOf = (path) => match(splitPath(path).pathname)?.routes.find((route) => route.guard)?.guard;
  story = storyOf(navigation.current().path);
  stopApp = mountApp({ routes, navigation, session: sessionSource, root: screen, pageChange: { leave() {}, arrive: drawAll, retitle() {} }, forbidden: FORBIDDEN, title: (page) => page });
}
// Each change of the app's entry, before the app renders it: the playground's address
// follows (a push is a new try, a replace or Back/Forward rewrites the current one), and
// a guard's redirect keeps the story of the address that was turned away.
function followed(entry: { key: string; path: string }, action: string) {
  if (action === 'push' || action === 'replace') arrivals.set(entry.key, action);
  const redirected = story && !story.decision.render && action === 'replace' && splitPath(entry.path).pathname === story.decision.redirect;
  if (!redirected) story = storyOf(entry.path);
  if (action !== 'load') write(action === 'push' ? 'push' : 'replace', { at: entry.path });
}

function go(address: string) {
  const to = address.trim() || '/';
  navigation.navigate(to.startsWith('/') ? to : `/${to}`);
}

// --- drawing ---------------------------------------------------------------------------

function drawAll() {
  const { path } = navigation.current();
  const { pathname, search } = splitPath(path);
  if (document.activeElement !== addressInput) addressInput.value = path;
  if (document.activeElement !== searchInput) searchInput.value = new URLSearchParams(search).get('q') ?? '';
  rankingTitle.textContent = `Ranking for ${pathname}`;
  rankingBody.replaceChildren(...ranking(read.routes, pathname));
  historyBody.replaceChildren(historyEntries(memory, arrivals));
  backButton.disabled = memory.index === 0;
  forwardButton.disabled = memory.index === memory.entries.length - 1;
  guardText.textContent = tellStory(story, NAMES[state.as]);
  links.replaceChildren(...sampleAddresses().map((address) => h('li', null, h('a', { href: address, 'data-nav': true }, address))));
  markCurrentLinks(links, pathname);
  const winner = rankingBody.querySelector('.winner code')?.textContent;
  announcer.textContent = `${path}: ${winner ? `${winner} wins` : 'no route fits'}`;
}

/** One address for each branch of the table, its params filled in, and one that fits none. */
function sampleAddresses(): string[] {
  const made = new Set<string>();
  const walk = (routes: typeof read.routes, prefix: string) => {
    for (const route of routes) {
      const path = route.path ? `${prefix}/${route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? '3' : name === 'section' ? 'staff' : `my-${name}`)).replace('*', 'no/such/page')}` : prefix;
      if (route.children?.length) walk(route.children as typeof read.routes, path);
      else made.add(path || '/');
    }
  };
  walk(read.routes, '');
  made.add('/nope');
  return [...made];
}

function drawTable() {
  mistakes.replaceChildren(
    ...read.mistakes.map(({ line, message }) =>
      h('li', null, h('button', { type: 'button', class: 'link', onclick: () => selectLine(line) }, `Line ${line}`), `: ${message}`),
    ),
  );
  tableInput.setAttribute('aria-invalid', String(read.mistakes.length > 0));
  compiledCode.textContent = compileMatcher(read.routes);
}

/** Puts the cursor on a line of the table, selected, so a mistake is found where it is. */
function selectLine(line: number) {
  const lines = tableInput.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  tableInput.focus();
  tableInput.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
}

function drawLesson() {
  const lesson = LESSONS[state.lesson];
  lessonBox.hidden = !lesson;
  for (const [i, link] of lessonLinks.entries()) {
    if (i === state.lesson) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (!lesson) return lessonBox.replaceChildren();
  lessonBox.replaceChildren(
    h('h2', { id: 'lesson-title', tabindex: '-1' }, `Lesson ${state.lesson + 1}: ${lesson.title}`),
    h('p', { class: 'step' }, `From the walkthrough, step ${lesson.step}.`),
    h('p', null, lesson.text),
    h('p', { class: 'question' }, h('strong', null, 'Try it: '), lesson.question),
    h('details', null, h('summary', null, 'Answer'), h('p', null, lesson.answer)),
  );
}

// --- the playground's own address ------------------------------------------------------

function write(how: 'push' | 'replace', change: Partial<PlayState>) {
  state = { ...state, ...change };
  history[how === 'push' ? 'pushState' : 'replaceState'](null, '', searchOf(state));
}

/** Shows `next` whole: its table, who is signed in, its lesson, and the app at its address. */
function show(next: PlayState) {
  state = next;
  tableInput.value = state.table;
  baseInput.value = state.base;
  baseInput.removeAttribute('aria-invalid');
  baseMistake.textContent = '';
  read = readTable(state.table);
  for (const input of roleInputs) input.checked = input.value === state.as;
  session = state.as === 'guest' ? null : { user: { role: state.as } };
  drawTable();
  drawLesson();
  mount(state.at);
}

let typing: ReturnType<typeof setTimeout> | undefined;
tableInput.addEventListener('input', () => {
  read = readTable(tableInput.value);
  drawTable();
  mount();
  // The address follows the table as it is typed, one entry for the whole edit.
  clearTimeout(typing);
  typing = setTimeout(() => write('replace', { table: tableInput.value }), 300);
});
searchInput.addEventListener('input', () => {
  const { pathname } = splitPath(navigation.current().path);
  navigation.navigate(searchInput.value ? `${pathname}?q=${encodeURIComponent(searchInput.value)}` : pathname, { replace: true });
});
backButton.addEventListener('click', () => memory.go(-1));
forwardButton.addEventListener('click', () => memory.go(1));
for (const input of roleInputs) {
  input.addEventListener('change', () => {
    write('push', { as: input.value as Role });
    session = state.as === 'guest' ? null : { user: { role: state.as } };
    story = storyOf(navigation.current().path);
    for (const listener of [...sessionListeners]) listener(); // a guarded page is decided again
    drawAll();
  });
}
// A lesson is a new try: its own entry, the lesson's heading focused.
for (const link of lessonLinks) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState(null, '', link.getAttribute('href'));
    show(stateOf(location.search));
    document.getElementById('lesson-title')?.focus();
  });
}
interceptLinks(links, (to) => navigation.navigate(to));
addEventListener('popstate', () => show(stateOf(location.search)));
show(state);

/** Mounts the real site (routes, layout, views) in happy-dom on a memory history, with a fake API. */
import type { GuestBill } from '../../src/shared/bills.js';
import { readFileSync } from 'node:fs';
import { resetDom } from './dom.js';
import { mountApp } from '../../src/router/app.js';
import { h } from '../../src/core/dom.js';
import { RequestError, SESSION_ENDED } from '../../src/core/http.js';
import { endSession } from '../../src/core/login-state.js';
import { interceptLinks } from '../../src/router/links.js';
import { memoryLocation } from '../../src/router/location.js';
import { createNavigation } from '../../src/router/navigation.js';
import { createPageChange } from '../../src/router/page-change.js';
import { createSessionStore } from '../../src/core/session.js';
import type { FollowOptions } from '../../src/core/event-stream.js';
import type { Dish, Order } from '../../src/site/common/api.js';
import { createMyOrders } from '../../src/site/diner/my-orders.js';
import { createCart } from '../../src/site/diner/cart.js';
import { siteRoutes } from '../../src/site/shell/routes.js';
import type { LaterPart } from '../../src/site/shell/later.js';
import type { LaterServices } from '../../src/site/shell/services.js';
import type { KitchenApi } from '../../src/site/kitchen/api.js';
import type { BoardSettings } from '../../src/shared/kitchen-records.js';
import { parseStaffUser, type StaffSession } from '../../src/site/common/user.js';
import * as homeFile from '../../src/site/diner/home.js';
import * as menuFile from '../../src/site/diner/menu.js';
import * as dishFile from '../../src/site/diner/dish.js';
import * as notFoundFile from '../../src/site/shell/not-found.js';
import { oneAtATime } from '../../src/site/common/sign-in-again.js';
import { signInDialog } from '../../src/site/account/sign-in-dialog.js';
import { shellWords } from '../../build.mjs';
import { IT } from '../../src/shared/i18n/it.js';

// The diner's pages are files the router fetches (routes.ts). Handed in as loaded modules,
// they arrive a few microtasks later, as an answer of the fake API does, so `settle()` covers
// both (a real `import()` here goes through the TypeScript loader, in its own time).
const DINER_FILES = { home: async () => homeFile, menu: async () => menuFile, dish: async () => dishFile, notFound: async () => notFoundFile };

export const dish = (id: number, name: string, category = 'pizza', priceCents = 1000): Dish => ({
  id,
  name,
  description: `About ${name}.`,
  priceCents,
  currency: 'EUR',
  category,
  tags: ['vegetarian'],
  allergens: ['gluten', 'milk'],
  traces: [],
  image: `/images/dishes/${id}.svg`,
  srcset: null,
  featured: id === 1,
  available: true,
  version: 1,
  choosing: 'none',
});

const OPEN = { open: true, summary: 'Open now · until 23:00', weekText: 'Tuesday to Sunday, 12:00–15:00 and 19:00–23:00' };

/** Table 7's bill as its guests read it: two carbonara and the cover charge for two. */
export const TABLE_BILL: GuestBill = {
  table: 7,
  status: 'open',
  closedAt: null,
  askedAt: null,
  lines: [{ key: '6:1450:1000:Spaghetti alla carbonara', dishId: 6, name: 'Spaghetti alla carbonara', quantity: 2, unitCents: 1450, totalCents: 2900, vatBp: 1000 }],
  covers: 2,
  coverCents: 250,
  coverTotalCents: 500,
  discountCents: 0,
  totalCents: 3400,
  vat: [{ rateBp: 1000, grossCents: 3400, vatCents: 309 }],
  paidCents: 0,
  tipsCents: 0,
  remainingCents: 3400,
};

export const RESTAURANT = { name: 'Tavola', legalName: 'Tavola S.r.l.', address: 'Via dei Serpenti 42, 00184 Roma RM, Italia', vatNumber: '12345678903', phone: '+39 06 1234 5678', email: 'ciao@tavola.example', italianHeld: false, coverCents: 0, discountLimitCents: 1000, version: 1, guestDataDays: 30 };
export const MENU: Dish[] = [dish(1, 'Margherita'), dish(2, 'Diavola', 'pizza', 1250), { ...dish(3, 'Tiramisù', 'dolci', 750), allergens: ['eggs', 'milk'] }];
export const KITCHEN_SESSION: StaffSession = { token: 'tok', user: { id: 1, name: 'Kai Moretti', email: 'kai@tavola.test', role: 'Kitchen' } };
export const STUDENT_SESSION: StaffSession = { token: 'tok', user: { id: 3, name: 'Stella Bianchi', email: 'stella@tavola.test', role: 'Student' } };
export const WAITER_SESSION: StaffSession = { token: 'tok', user: { id: 2, name: 'Wanda Rossi', email: 'wanda@tavola.test', role: 'Waiter' } };
export const ADMIN_SESSION: StaffSession = { token: 'tok', user: { id: 4, name: 'Ada Conti', email: 'ada@tavola.test', role: 'Admin' } };

/** `api.dishes` over MENU, `pageSize` dishes a page, recording each call in `calls`. */
export function fakeDishes(pageSize: number, calls: string[]): SiteApi['dishes'] {
  return async (filter, { after } = {}) => {
    calls.push(`dishes ${JSON.stringify(filter)}${after === undefined ? '' : ` after ${after}`}`);
    const found = MENU.filter((item) => (!filter.category || filter.category === 'all' || item.category === filter.category) && (!filter.q || item.name.toLowerCase().includes(filter.q.toLowerCase())) && (!filter.featured || item.featured) && !filter.without?.some((code) => item.allergens?.includes(code) ?? true));
    const start = after === undefined ? 0 : found.findIndex((item) => item.id === after) + 1;
    const dishes = found.slice(start, start + pageSize);
    return { dishes, next: start + pageSize < found.length ? dishes.at(-1)!.id : null };
  };
}

/** A fake API over MENU; every call is recorded, any method can be replaced. */
/** The whole API as the pages fetched later see it (the first page's calls are part of it). */
type SiteApi = LaterServices['api'];

/** The question the site's dialog (views/ask.ts) asks now: its heading, its text, its buttons and which has the focus; null without one. */
export function openQuestion() {
  const dialog = document.querySelector<HTMLDialogElement>('dialog.ask[open]');
  if (!dialog) return null;
  return {
    title: dialog.querySelector('h2')?.textContent,
    text: dialog.querySelector('p')?.textContent,
    buttons: [...dialog.querySelectorAll('button')].map((button) => button.textContent),
    focused: document.activeElement?.closest('dialog.ask') === dialog ? document.activeElement.textContent : null,
  };
}

/** Clicks the button of the open question named `choice`, then lets what follows run. */
export async function answerQuestion(choice: string): Promise<void> {
  const button = [...document.querySelectorAll<HTMLButtonElement>('dialog.ask[open] button')].find((found) => found.textContent === choice);
  if (!button) throw new Error(`No open question has a button "${choice}": ${JSON.stringify(openQuestion())}`);
  button.click();
  await settle();
}

/** A fake's answer: notes `call` in `calls`, then gives `answer`. */
export function recorded<T>(calls: string[], call: string, answer: T): T {
  calls.push(call);
  return answer;
}

export function fakeApi(overrides: Partial<SiteApi> = {}) {
  const calls: string[] = [];
  const api: SiteApi = {
    seenDish: () => undefined,
    seenCategories: () => [],
    categories: async () => recorded(calls, 'categories', [{ slug: 'pizza', name: 'Pizza', description: 'From the wood oven.', dishCount: 2 }, { slug: 'dolci', name: 'Desserts', description: 'Made in house.', dishCount: 1 }]),
    dishes: fakeDishes(50, calls),
    currentDishes: async (ids) => recorded(calls, `currentDishes ${ids.join(',')}`, MENU.filter((item) => ids.includes(item.id))),
    hours: async () => OPEN, // the footer asks on every page: not counted
    hoursNow: async () => recorded(calls, 'hoursNow', OPEN),
    restaurant: async () => RESTAURANT, // the footer asks on every page: not counted
    restaurantNow: async () => recorded(calls, 'restaurantNow', RESTAURANT),
    dish: async (id) => {
      calls.push(`dish ${id}`);
      const found = MENU.find((item) => item.id === id);
      if (!found) throw new RequestError(404, 'Request failed (HTTP 404)');
      return { ...found, choices: [] };
    },
    profile: async () => ({ ...KITCHEN_SESSION.user, memberSince: '2026-01-02T10:00:00.000Z', lastSignIn: null, canSeeOrderQueue: true, lang: null }),
    setLanguage: async (lang) => recorded(calls, `setLanguage ${lang}`, { lang }),
    order: async (id) => {
      calls.push(`order ${id}`);
      throw new RequestError(404, 'Request failed (HTTP 404)');
    },
    placeOrder: async (order, key) => {
      calls.push(`placeOrder ${JSON.stringify(order)} ${key}`);
      return { ...ORDER_42, items: order.items.map(({ dishId, quantity, note }) => ({ dishId, quantity, ...(note && { note }), name: MENU.find((dish) => dish.id === dishId)!.name, priceCents: 1000, station: 1 })) };
    },
    signIn: async () => KITCHEN_SESSION,
    tableOfCode: async (code) => recorded(calls, `tableOfCode ${code}`, { number: 7, label: 'Table 7' }),
    tableBill: async (code) => recorded(calls, `tableBill ${code}`, TABLE_BILL),
    askForBill: async (code) => recorded(calls, `askForBill ${code}`, { ...TABLE_BILL, askedAt: '2026-11-21T19:30:00.000Z' }),
    linkOwner: async () => recorded(calls, 'linkOwner', { name: 'Kai Moretti', email: 'kai@tavola.test' }),
    setPassword: async () => recorded(calls, 'setPassword', KITCHEN_SESSION),
    changePassword: async () => recorded(calls, 'changePassword', { message: 'Your password is changed. Your other sign-ins have ended.' }),
    passkeySignIn: async () => recorded(calls, 'passkeySignIn', KITCHEN_SESSION),
    addPasskey: async () => recorded(calls, 'addPasskey', { id: 1, name: 'Passkey added 26 November 2026', createdAt: '2026-11-26T10:00:00.000Z', lastUsedAt: null }),
    passkeys: async () => recorded(calls, 'passkeys', []),
    removePasskey: async (passkey) => recorded(calls, `removePasskey ${passkey.id}`, undefined),
    ...overrides,
  };
  return { api, calls };
}

export const ORDER_42: Order = {
  id: 'kQ3v9Xw2T0yYzL5mN8pR1A',
  number: 42,
  table: 7,
  takenBy: null,
  pickupName: null,
  status: 'received',
  course: null,
  firedAt: null,
  note: '',
  items: [{ dishId: 1, name: 'Margherita', quantity: 2, priceCents: 1000, station: 1 }],
  parts: [{ station: 1, name: 'Kitchen', nameIt: null, done: false, doneBy: null }],
  totalCents: 2000,
  currency: 'EUR',
  version: 1,
  createdAt: '2026-11-21T11:58:00.000Z',
  updatedAt: '2026-11-21T11:58:00.000Z',
  movedBy: null,
};

export const BOARD_SETTINGS: BoardSettings = {
  lateMinutes: 10,
  veryLateMinutes: 20,
  stations: [
    { id: 1, name: 'Kitchen', nameIt: 'Cucina', isDefault: true, italianToReview: false, version: 1 },
    { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza', isDefault: false, italianToReview: false, version: 1 },
  ],
  version: 1,
};

/** A fake kitchen API (kitchen-api.ts); every call is recorded, any one can be replaced. */
export function fakeKitchen(overrides: Partial<KitchenApi> = {}) {
  const calls: string[] = [];
  const api: KitchenApi = {
    queue: async () => recorded(calls, 'queue', { orders: [], lastEventId: 0 }),
    settings: async () => recorded(calls, 'settings', BOARD_SETTINGS),
    move: async (order, status) => recorded(calls, `move ${order.number} ${status} v${order.version}`, { ...order, status, version: order.version + 1 }),
    fire: async (table, course) => recorded(calls, `fire table ${table} course ${course}`, { orders: [] }),
    partDone: async (order, station) => {
      calls.push(`partDone ${order.number} ${station} v${order.version}`);
      return { ...order, parts: order.parts.map((part) => (part.station === station ? { ...part, done: true, doneBy: 'Display: Test' } : part)), version: order.version + 1 };
    },
    recall: async (order) => recorded(calls, `recall ${order.number} v${order.version}`, { ...order, version: order.version + 1 }),
    recalls: async () => recorded(calls, 'recalls', []),
    me: async () => recorded(calls, 'me', { id: 1, name: 'Pizza oven', kind: 'station', station: { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza' }, lang: 'en' }),
    dishes: async () => recorded(calls, 'dishes', { dishes: MENU, next: null }),
    setAvailable: async (dish, available) => recorded(calls, `setAvailable ${dish.id} ${available}`, { ...dish, available, version: dish.version + 1 }),
    options: async () => recorded(calls, 'options', []),
    setOptionAvailable: async (option, available) => recorded(calls, `setOptionAvailable ${option.id} ${available}`, { ...option, available, version: option.version + 1 }),
    pair: async (code) => recorded(calls, `pair ${code}`, { credential: 'tvd_test', display: { id: 1, name: 'Pizza oven', kind: 'station', station: { id: 2, name: 'Pizza oven', nameIt: 'Forno pizza' }, lang: 'en' } }),
    ...overrides,
  };
  return { api, calls };
}

/** A stream the test drives: what the page asked to follow, and a way to send it events or stop it. */
export function fakeStreams() {
  const followed: { url: string; options: FollowOptions }[] = [];
  const follow = (url: string, options: FollowOptions) => void followed.push({ url, options });
  const last = () => followed.at(-1)!;
  return {
    followed,
    follow,
    send(type: 'placed' | 'moved', order: Order, id = '1') {
      last().options.onEvent({ id, event: 'order', data: JSON.stringify({ type, order }) });
    },
    /** Any event, as the server would send it (the pickup board's `{number, status}`). */
    sendRaw(event: string, data: unknown, id = '1') {
      last().options.onEvent({ id, event, data: JSON.stringify(data) });
    },
    open: () => last().options.onState?.('open'),
    reconnecting: () => last().options.onState?.('reconnecting'),
    stop: (error: RequestError) => last().options.onStop(error),
  };
}

export const expiredError = () => new RequestError(401, SESSION_ENDED, true);

// The part of the site fetched later, loaded once here and handed over at once, so in a
// test a lazy page arrives within `settle()` like any other answer.
const laterModule = await import('../../src/site/shell/later.js');
// And the files it fetches in turn, handed over at once too.
const [kitchenModule, boardModule, bookingsModule] = await Promise.all([import('../../src/site/kitchen/kitchen.js'), import('../../src/site/board/board.js'), import('../../src/site/bookings/bookings.js')]);
const files = { kitchen: async () => kitchenModule, board: async () => boardModule, bookings: async () => bookingsModule };

/** Lets pending promises settle: a lazy page's module, then the fake API's answers it asks for. */
export async function settle() {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

let unmount = () => {};

/** The `#app` element of the site's index.html, shell and all. */
const SHELL = /<div id="app">[\s\S]*?<\/div>\s*(?=<div id="announcer")/.exec(shellWords(readFileSync(new URL('../../src/site/index.html', import.meta.url), 'utf8'), 'en', IT))![0];

/** Stops the mounted site: its timers (the kitchen refresh) and listeners. */
export const unmountSite = () => unmount();

export function mountSite(path: string, { api = fakeApi().api, session = null as StaffSession | null, streams = fakeStreams(), kitchen = fakeKitchen().api, stored = {} as Record<string, unknown> } = {}) {
  unmount(); // the previous site stops its timers (the kitchen refresh) and listeners
  resetDom();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, JSON.stringify(value));
  // index.html's shell, as the browser has it before any script runs: the layout takes it.
  document.body.insertAdjacentHTML('afterbegin', SHELL);
  const root = document.getElementById('app')!;
  const announcer = h('div');
  document.body.append(announcer);
  const memory = memoryLocation(path);
  const navigation = createNavigation(memory);
  const store = createSessionStore('tavola.session', parseStaffUser);
  store.set(session);
  const ended: string[] = [];
  // One object for both parts of the site: the fake API already has every call.
  let part: LaterPart | undefined;
  const services: LaterServices = {
    api,
    cart: createCart(),
    myOrders: createMyOrders(),
    follow: streams.follow,
    session: store,
    navigation,
    endSession: (here) => {
      ended.push(here);
      endSession(navigation, store, here); // the real one, as main.ts wires it
    },
    announce: (text) => (announcer.textContent = text),
    // The real dialog, over the fake API.
    signInAgain: oneAtATime(() => signInDialog(services)),
  };
  const stopLinks = interceptLinks(root, navigation.navigate);
  const stopApp = mountApp({ routes: siteRoutes(services, async () => (part ??= laterModule.laterPages(services, { connectKitchen: () => kitchen, files })), DINER_FILES), navigation, session: store, root, pageChange: createPageChange(announcer), forbidden: '/forbidden', title: (page) => page });
  unmount = () => {
    stopLinks();
    stopApp();
  };
  const stop = unmount;
  return {
    root,
    memory,
    navigation,
    services,
    streams,
    ended,
    stop,
    h1: () => root.querySelector('main h1')?.textContent,
    text: () => root.querySelector('main')?.textContent ?? '',
    paths: () => memory.entries.map((entry) => entry.path),
  };
}

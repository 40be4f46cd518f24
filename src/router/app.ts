/**
 * Renders the matched chain of routes into the document: layouts stay mounted while
 * they stay matched, the guard decides before a page is built, and the page goes
 * into the innermost outlet. Both apps (site and demo) are wired with this.
 */
import { decideGuard, type GuardOptions, type SignedIn } from './guard.js';
import { splitPath, type Entry } from './location.js';
import { markCurrentLinks } from './links.js';
import { createMatcher, type Params, type Route } from './match.js';
import type { Action, Navigation } from './navigation.js';
import type { PageChange } from './page-change.js';

/** Who is signed in (null: a guest), as the app keeps it: the router only reads it and hears it change. */
export interface SessionSource<S> {
  get(): S | null;
  subscribe(listener: () => void): () => void;
}

export interface PageContext<S> {
  params: Params;
  query: URLSearchParams;
  /** Pathname and query of this page, e.g. `/menu?q=soup` (what a guard calls `from`). */
  here: string;
  state: unknown;
  /** Non-null on pages behind a guard (see `GuardedPage`). */
  session: S | null;
  navigate: Navigation['navigate'];
  /** Goes one entry back, as the Back button does. */
  back: Navigation['back'];
  /** Aborted when the page leaves the screen: pass it to every request the page makes. */
  signal: AbortSignal;
  /** Changes the document title once the page knows what it shows (a dish's name). */
  retitle(title: string): void;
}

/** A mounted page. `update` takes a new address on the same route (a menu filter) in place. */
export interface Page<S> {
  node: Node;
  update?(ctx: PageContext<S>): void;
}

export type View<S> = (ctx: PageContext<S>) => Node | Page<S>;

export type AppRoute<S> = Route<{
  /** A layout: builds its frame once and returns it with the outlet for the child. */
  layout?: () => { node: Node; outlet: Element };
  /** Protects every route below it. */
  guard?: Omit<GuardOptions, 'forbidden'>;
  page?: View<S>;
  /**
   * The page in a file of its own, fetched the first time the route matches, then kept.
   * Until it arrives the app's `placeholder` stands in (a page like any other: focus and
   * the announcement go to it); then the page is drawn in its place, unless the address
   * has moved on.
   */
  lazy?: () => Promise<View<S>>;
  /** With `lazy`: fetched once the document has loaded (its pictures too), so that going there later draws in the click's own frame. */
  prefetch?: boolean;
  title?: string;
}>;

export interface AppOptions<S extends SignedIn> {
  routes: readonly AppRoute<S>[];
  navigation: Navigation;
  session: SessionSource<S>;
  root: Element;
  pageChange: PageChange;
  /** Where a signed-in user without the role goes. */
  forbidden: string;
  /** Turns a page title into the document title. */
  title: (page: string) => string;
  /** What a lazy route shows while its file is on its way, and, given `retry`, when it could not be fetched. */
  placeholder?: (title: string, retry?: () => void) => Node;
  /** The prefix the browser's addresses have (src/router/base.ts), for marking the current page's links. */
  base?: string;
}

/** Wraps the view of a page behind a guard: it is only ever called with a session. */
export function guardedPage<S>(view: (ctx: PageContext<S> & { session: S }) => Node | Page<S>): View<S> {
  return (ctx) => (ctx.session ? view({ ...ctx, session: ctx.session }) : document.createTextNode(''));
}

/** Starts the app: renders the current address now and after every change; returns a stop. */
export function mountApp<S extends SignedIn>(options: AppOptions<S>): () => void {
  const { navigation, session, root, pageChange } = options;
  const match = createMatcher(options.routes);
  let layouts: { route: AppRoute<S>; outlet: Element }[] = [];
  let shown: { route: AppRoute<S>; page: Page<S>; controller: AbortController } | null = null;
  let guardedNow = false;
  // Lazy routes' pages once fetched, and the fetches under way (one per route).
  const fetched = new Map<AppRoute<S>, View<S>>();
  const fetching = new Map<AppRoute<S>, Promise<View<S>>>();
  let standing: string | undefined; // the entry whose placeholder is on screen
  let stopped = false; // a page whose file arrives after the app stopped is not drawn

  // Starts fetching a lazy route's page, once; a failure is forgotten, so the next try fetches again.
  function fetchOnce(route: AppRoute<S>): Promise<View<S>> {
    if (!fetching.has(route)) {
      const fetch = route.lazy!().then(
        (view) => {
          fetched.set(route, view);
          return view;
        },
        (error: unknown) => {
          fetching.delete(route);
          throw error;
        },
      );
      fetching.set(route, fetch);
    }
    return fetching.get(route)!;
  }

  // Fetches a lazy route's page, then draws `entry` if it is still the current one.
  function fetchPage(route: AppRoute<S>, entry: Entry, action: Action) {
    const current = () => !stopped && navigation.current().key === entry.key;
    fetchOnce(route).then(
      () => current() && render(entry, action, true),
      () => current() && render(entry, action, true, 'failed'),
    );
  }

  // `stand`: the lazy route's file is on its way, or could not be fetched; the app's
  // placeholder stands in for the page (a failure's retry draws the address again).
  function render(entry: Entry, action: Action, rebuild = false, stand?: 'waiting' | 'failed') {
    const { pathname, search } = splitPath(entry.path);
    const found = match(pathname);
    const routes = found?.routes ?? [];
    const leaf = routes.at(-1);
    const guarded = routes.find((route) => route.guard);
    const here = pathname + search;
    const current = session.get();
    let title = options.title(leaf?.title ?? '');
    let arrived = false;
    guardedNow = Boolean(guarded);
    const decision = guarded?.guard && decideGuard(current, here, { ...guarded.guard, forbidden: options.forbidden });
    const view: View<S> | undefined = stand ? () => options.placeholder?.(leaf!.title ?? '', stand === 'failed' ? () => render(navigation.current(), 'replace', true) : undefined) ?? new Text() : (leaf?.page ?? (leaf && fetched.get(leaf)));
    // For the route inspector of `npm run dev` (src/router/inspector.ts); not in a production
    // build. A page whose file is on its way reports once, with its placeholder.
    if (process.env.NODE_ENV !== 'production' && (view || !leaf?.lazy || (decision && !decision.render))) {
      const detail = { table: options.routes, pathname, action, guard: decision && (decision.render ? 'let in' : `sent to ${decision.redirect}, replacing the entry`) };
      document.dispatchEvent(new CustomEvent('router:render', { detail }));
    }
    if (decision && !decision.render) return navigation.navigate(decision.redirect, decision);
    const ctx: Omit<PageContext<S>, 'signal'> = {
      params: found?.params ?? Object.create(null),
      query: new URLSearchParams(search),
      here,
      state: entry.state,
      session: current,
      navigate: navigation.navigate,
      back: navigation.back,
      // Before the page arrives the title is just kept (arriving announces it); after, it is announced.
      retitle: (page) => {
        title = options.title(page);
        if (arrived) pageChange.retitle(title);
      },
    };
    if (leaf?.lazy && !view) {
      render(entry, action, rebuild, 'waiting');
      return fetchPage(leaf, entry, action);
    }
    if (!rebuild && shown && leaf === shown.route && shown.page.update) {
      shown.page.update({ ...ctx, signal: shown.controller.signal });
    } else {
      // Leaving a placeholder for its own page is not leaving the entry (its scroll stays kept).
      if (standing !== entry.key) pageChange.leave();
      standing = stand && entry.key;
      const outlet = mountLayouts(routes);
      shown?.controller.abort();
      const controller = new AbortController();
      const made = view?.({ ...ctx, signal: controller.signal });
      const page: Page<S> = made instanceof Node ? { node: made } : (made ?? { node: document.createTextNode('') });
      outlet.replaceChildren(page.node);
      shown = leaf ? { route: leaf, page, controller } : null;
    }
    markCurrentLinks(root, (options.base ?? '') + pathname);
    pageChange.arrive({ key: entry.key, pathname, title, action });
    arrived = true;
  }

  // Keeps the layouts that are still matched, builds the rest, returns the innermost outlet.
  function mountLayouts(routes: AppRoute<S>[]): Element {
    const wanted = routes.filter((route) => route.layout);
    let kept = 0;
    while (kept < layouts.length && layouts[kept]!.route === wanted[kept]) kept++;
    layouts = layouts.slice(0, kept);
    for (const route of wanted.slice(kept)) {
      const { node, outlet } = route.layout!();
      const parent = layouts.at(-1)?.outlet ?? root;
      // A layout that took what the page already holds (the site's shell in index.html) stays where it is.
      if (parent.childNodes.length !== 1 || parent.firstChild !== node) parent.replaceChildren(node);
      layouts.push({ route, outlet });
    }
    if (!wanted.length) root.replaceChildren();
    return layouts.at(-1)?.outlet ?? root;
  }

  // Who is signed in: nobody, or a user as the session describes them. Signing in or out,
  // here or in another tab, changes that and rebuilds a guarded page (its guard may now say
  // no); a new token for the same person (signed in again over the page) keeps the page.
  const seen = () => JSON.stringify(session.get()?.user ?? null);
  let guardSees = seen();
  const stops = [
    navigation.subscribe((entry, action) => render(entry, action)),
    session.subscribe(() => {
      if (seen() === guardSees) return;
      guardSees = seen();
      if (guardedNow) render(navigation.current(), 'replace', true);
    }),
  ];
  stops.push(navigation.start());
  // After the first page and everything it shows has arrived: these files wait for nothing else.
  const prefetch = (list: readonly AppRoute<S>[]): void => {
    for (const route of list) {
      if (route.prefetch) fetchOnce(route).catch(() => {});
      prefetch(route.children ?? []);
    }
  };
  addEventListener('load', () => prefetch(options.routes));
  return () => {
    stopped = true;
    for (const stop of stops) stop();
    shown?.controller.abort();
  };
}

/**
 * The route table as a learner types it: one route per line, children indented below
 * their parent. A line is a path (`menu/:id`, `*`), or one of the pathless kinds in
 * parentheses: `(index)` (the parent's own page), `(layout)`, `(guard)` or
 * `(guard kitchen admin)` (only those roles). A path may carry a guard too:
 * `kitchen (guard kitchen)`. `#` starts a comment.
 *
 * Reading is forgiving: a line with a mistake is left out (with the lines indented below
 * it) and the mistake is reported with its line number; the rest of the table still works.
 */
import { tableProblems } from '../router/check.js';
import type { Route } from '../router/match.js';

export type PlayRoute = Route<{
  /** The line as written (trimmed), which names the route on screen. */
  label: string;
  /** Its line number, from 1. */
  line: number;
  guard?: { roles?: string[] };
}>;

export interface TableMistake {
  line: number;
  message: string;
}

export interface ReadTable {
  routes: PlayRoute[];
  mistakes: TableMistake[];
}

interface Open {
  indent: number;
  route: PlayRoute;
}

const KIND = /^\((index|layout|guard)((?:\s+[\w-]+)*)\)$/;

export function readTable(text: string): ReadTable {
  const routes: PlayRoute[] = [];
  const mistakes: TableMistake[] = [];
  const open: Open[] = [];
  // The indent of a line left out: the lines indented below it go with it.
  let skipping = -1;

  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = index + 1;
    const written = raw.replace(/\t/g, '  ').replace(/\s+#.*$|^\s*#.*$/, '');
    if (!written.trim()) continue;
    const indent = written.length - written.trimStart().length;
    if (skipping >= 0 && indent > skipping) continue;
    skipping = -1;
    while (open.length && open.at(-1)!.indent >= indent) open.pop();
    const parent = open.at(-1);
    const made = routeOf(written.trim(), line);
    if (typeof made === 'string') {
      mistakes.push({ line, message: made });
      skipping = indent; // the lines indented below a mistake go with it
      continue;
    }
    if (parent) parent.route.children = [...(parent.route.children ?? []), made];
    else routes.push(made);
    open.push({ indent, route: made });
  }

  // A pathless layout or guard with nothing below it matches its parent's address on its
  // own: almost always a slip, said in the table's own words. Then what the router itself
  // refuses (src/router/check.ts), in its words. Each such route is left out with the routes
  // below it, until the rest is a table the matcher takes.
  const empty = (list: PlayRoute[]): PlayRoute[] => list.flatMap((route) => (route.children?.length ? empty(route.children as PlayRoute[]) : !route.path && !route.index ? [route] : []));
  const slips = empty(routes);
  mistakes.push(...slips.map(({ line, label }) => ({ line, message: `${label} has no routes indented below it, so it is a page at its parent's address: indent the routes it wraps under it.` })));
  let kept = without(routes, new Set(slips));
  for (let problems = tableProblems(kept); problems.length; problems = tableProblems(kept)) {
    // A route whose children were all left out goes with them, unsaid: its line was not the slip.
    const emptied = (route: PlayRoute) => route.children?.length === 0;
    mistakes.push(...problems.filter(({ route }) => !emptied(route)).map(({ route, message }) => ({ line: route.line, message })));
    kept = without(kept, new Set(problems.map((problem) => problem.route)));
  }
  mistakes.sort((a, b) => a.line - b.line);
  return { routes: kept, mistakes };
}

/** The table without the routes given (and what is below them). */
function without(routes: PlayRoute[], left: Set<PlayRoute>): PlayRoute[] {
  return routes.filter((route) => !left.has(route)).map((route) => (route.children ? { ...route, children: without(route.children as PlayRoute[], left) } : route));
}

/** One line's route, or what is wrong with it. */
function routeOf(text: string, line: number): PlayRoute | string {
  const [, path = '', kindText] = /^([^()\s]*)\s*(\(.*\))?$/.exec(text) ?? [];
  if (kindText === undefined && /\s/.test(text)) {
    return /\(/.test(text) ? `${text} is not a route: a path, then at most one (guard …).` : `An address has no spaces: write ${text.split(/\s+/).join('/')}, not ${text}.`;
  }
  const route: PlayRoute = { label: text, line };
  if (kindText !== undefined) {
    const kind = KIND.exec(kindText);
    if (!kind) return `${kindText} is not a kind of route: write (index), (layout), (guard) or (guard role…).`;
    const [, name, roles = ''] = kind;
    if (name !== 'guard' && path) return `(${name}) has no path of its own: write it alone on its line.`;
    if (name === 'index') route.index = true;
    if (name === 'guard') route.guard = roles.trim() ? { roles: roles.trim().split(/\s+/) } : {};
    if (roles.trim() && name !== 'guard') return `(${name}) takes no roles; only (guard …) does.`;
  }
  if (path) {
    route.path = path.replace(/^\/+/, '').split('/').filter(Boolean).join('/');
  }
  return route;
}

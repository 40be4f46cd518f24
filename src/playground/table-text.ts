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
  /** The param names of its branch so far, with the line that named each. */
  params: Map<string, number>;
}

const KIND = /^\((index|layout|guard)((?:\s+[\w-]+)*)\)$/;

export function readTable(text: string): ReadTable {
  const routes: PlayRoute[] = [];
  const mistakes: TableMistake[] = [];
  const open: Open[] = [];
  // The indent of a line left out: the lines indented below it go with it.
  let skipping = -1;

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const written = raw.replace(/\t/g, '  ').replace(/\s+#.*$|^\s*#.*$/, '');
    if (!written.trim()) return;
    const indent = written.length - written.trimStart().length;
    if (skipping >= 0 && indent > skipping) return;
    skipping = -1;
    while (open.length && open.at(-1)!.indent >= indent) open.pop();
    const parent = open.at(-1);
    const fail = (message: string) => {
      mistakes.push({ line, message });
      skipping = indent;
    };

    if (parent?.route.index) return fail(`${parent.route.label} (line ${parent.route.line}) is an index route: it cannot have routes below it.`);
    if (parent?.route.path?.split('/').includes('*')) return fail(`${parent.route.label} (line ${parent.route.line}) ends with *, which takes the rest of the address: nothing can come below it.`);

    const made = routeOf(written.trim(), line);
    if (typeof made === 'string') return fail(made);
    const params = new Map(parent?.params);
    for (const segment of made.path?.split('/') ?? []) {
      if (segment[0] !== ':') continue;
      const name = segment.slice(1);
      const first = params.get(name);
      if (first !== undefined) return fail(`:${name} is already a param of this branch (line ${first}); give this one another name.`);
      params.set(name, line);
    }
    if (parent) parent.route.children = [...(parent.route.children ?? []), made];
    else routes.push(made);
    open.push({ indent, route: made, params });
  });

  // A pathless layout or guard with nothing below it matches its parent's address on its own: almost always a slip.
  const empty = (list: PlayRoute[]): TableMistake[] =>
    list.flatMap((route) =>
      route.children?.length
        ? empty(route.children as PlayRoute[])
        : route.path === undefined && !route.index
          ? [{ line: route.line, message: `${route.label} has no routes indented below it, so it is a page at its parent's address: indent the routes it wraps under it.` }]
          : [],
    );
  mistakes.push(...empty(routes));
  mistakes.sort((a, b) => a.line - b.line);
  return { routes, mistakes };
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
    const segments = path.replace(/^\/+/, '').split('/').filter(Boolean);
    if (/[?#]/.test(path)) return `${path}: a route matches the path only; the ?query and #hash are not part of it.`;
    if (segments.some((segment) => segment === ':')) return `${path}: a param needs a name, as in :id.`;
    if (segments.some((segment) => segment.includes('*') && segment !== '*')) return `${path}: * is a whole segment, as in files/*.`;
    const star = segments.indexOf('*');
    if (star >= 0 && star < segments.length - 1) return `${path}: * takes the rest of the address, so nothing can follow it.`;
    route.path = segments.join('/') || '/';
    if (route.path === '/') route.path = '';
  }
  return route;
}

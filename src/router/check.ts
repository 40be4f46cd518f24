/**
 * What the matcher refuses. A route table that other routers would read differently (an
 * optional segment, a param with a suffix, React Router's `caseSensitive`) is not quietly
 * read some other way here: each problem becomes one sentence that names the route and
 * says what to write instead. `createMatcher` throws them all at once; the playground shows
 * each on its line.
 */

/** What a check reads of a route (match.ts's `Route`, which imports this file). */
interface Route {
  path?: string;
  index?: boolean;
  children?: readonly Route[];
}

export interface RouteProblem<R> {
  route: R;
  message: string;
}

// Keys other routers give a route that would change how it matches here, and what we do instead.
const NOT_SUPPORTED: Record<string, string> = {
  caseSensitive: 'letter case is always ignored',
  sensitive: 'letter case is always ignored',
  strict: 'a trailing slash is always ignored',
  exact: 'a route always matches the whole address (a parent matches through its children)',
  end: 'a route always matches the whole address (a parent matches through its children)',
};

/** Every problem of the table, in the order it is written (none: the matcher takes it). */
export function tableProblems<R extends Route>(table: readonly R[]): RouteProblem<R>[] {
  return problemsBelow(table, undefined, []);
}

// `parent`: the pattern of the routes above (undefined at the top); `names`: their params.
function problemsBelow<R extends Route>(table: readonly R[], parent: string | undefined, names: readonly string[]): RouteProblem<R>[] {
  return table.flatMap((route) => {
    const path = route.path ?? '';
    const where = parent === undefined ? '' : ` under "/${parent}"`;
    const name = path ? `Route "${path}"${where}` : `A route without a path${where || ' at the top'}`;
    const problem = routeProblem(route, parent, names);
    if (problem) return [{ route, message: `${name}: ${problem}.` }];
    // The names of its params (`*` as itself), which no route below may take again.
    const params = path.split('/').flatMap((segment) => (segment[0] === ':' ? [segment.slice(1)] : segment === '*' ? ['*'] : []));
    return route.children?.length ? problemsBelow(route.children as R[], [parent, path.replace(/^\/+/, '')].filter(Boolean).join('/'), [...names, ...params]) : [];
  });
}

function routeProblem(route: Route, parent: string | undefined, names: readonly string[]): string | undefined {
  const path = route.path ?? '';
  for (const key of Object.keys(route)) if (key in NOT_SUPPORTED) return `${key} is not supported: ${NOT_SUPPORTED[key]}`;
  if (route.index && path) return 'an index route is its parent’s own page and has no path of its own; remove the path or index: true';
  if (route.index && route.children?.length) return 'an index route is a page and has no routes below it; take index: true away to make it a layout';
  if (!path && !route.index && !route.children?.length) return 'it has neither a path nor children, so it would be its parent’s page without saying so; write index: true';
  if (path[0] === '/' && parent !== undefined) return `a child’s path is relative to its parent; write "${path.replace(/^\/+/, '')}"`;
  const segments = path.split('/').filter(Boolean);
  if (segments.length && names.includes('*')) return `"/${parent}" ends with *, which takes the rest of the address, so nothing with a path can come below it`;
  const seen = [...names];
  for (const [i, segment] of segments.entries()) {
    const before = segments.slice(0, i);
    if (segment.endsWith('?')) {
      const without = before.length ? `"${before.join('/')}"` : 'an index route';
      return `optional segments are not supported; write two routes, ${without} and "${[...before, segment.slice(0, -1)].join('/')}"`;
    }
    if (/[?#]/.test(segment)) return 'a route matches the path only; the ?query and #hash are not part of it';
    if (/%2f/i.test(segment)) return 'a segment cannot hold a slash (%2F)';
    if (segment === '*' && i < segments.length - 1) return `* takes the rest of the address, so it comes last; write "${[...before, '*'].join('/')}"`;
    if (segment.includes('*') && segment !== '*') return `* takes a whole segment; write "${[...before, '*'].join('/')}"`;
    if (segment[0] !== ':') continue;
    const param = segment.slice(1);
    if (!param) return 'a param needs a name, as in ":id"';
    if (!/^[\w-]+$/.test(param)) return `a param takes a whole segment; write ":${/^[\w-]*/.exec(param)![0] || 'name'}" and read the rest off its value`;
    if (seen.includes(param)) return `two params are called "${param}"; give one another name`;
    seen.push(param);
  }
}

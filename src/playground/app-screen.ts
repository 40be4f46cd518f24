// The app inside the playground: the learner's table turned into the routes `mountApp`
// renders, every layout a labelled frame around its outlet and every page a card that
// names its route and its params, so what the router put on screen can be seen.
import { h } from '../core/dom.js';
import type { AppRoute } from '../router/app.js';
import type { SignedIn } from '../router/guard.js';
import type { PlayRoute } from './table-text.js';

export type PlaySession = SignedIn;
export type ScreenRoute = AppRoute<PlaySession> & { label: string };

export function screenRoutes(routes: PlayRoute[]): ScreenRoute[] {
  return routes.map((route) => {
    const children = route.children?.length ? screenRoutes(route.children as PlayRoute[]) : undefined;
    return {
      label: route.label,
      path: route.path,
      index: route.index,
      guard: route.guard,
      title: route.label,
      children,
      layout: children
        ? () => {
            const outlet = h('div', { class: 'outlet' });
            return { node: h('div', { class: 'frame' }, h('p', { class: 'frame-label' }, 'Layout ', h('code', null, route.label)), outlet), outlet };
          }
        : undefined,
      page: children
        ? undefined
        : ({ params, query }) => {
            const entries = Object.entries(params);
            const q = query.get('q');
            return h(
              'div',
              { class: 'page-card' },
              h('p', null, 'Page ', h('code', null, route.label)),
              entries.length ? h('p', null, entries.map(([name, value], i) => [i ? ', ' : '', h('code', null, name === '*' ? '*' : `:${name}`), ` = ${JSON.stringify(value)}`])) : null,
              q ? h('p', null, `Searching for “${q}”`) : null,
            );
          },
    };
  });
}

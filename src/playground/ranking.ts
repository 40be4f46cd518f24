// The ranking panel: for the address on screen, every branch of the table best first (from
// explain()), where each stopped fitting and why, the winner with its params, and in words
// why the winner beat the next branch that also fits.
import { h } from '../core/dom.js';
import { explain, type ExplainedBranch } from '../router/explain.js';
import type { PlayRoute } from './table-text.js';

const KINDS = ['a static segment', 'a param', 'its end', '*'] as const;
const kindOf = (segment: string | undefined) => (segment === undefined ? 2 : segment === '*' ? 3 : segment[0] === ':' ? 1 : 0);
const segmentsOf = (pattern: string) => pattern.split('/').filter(Boolean);
const shown = (segment: string | undefined, kind: number) => (kind >= 2 ? KINDS[kind] : `${KINDS[kind]} (${segment})`);

/** Why `winner` ranks above `other`, in words, as the ranking rule of the README says it. */
export function whyFirst(winner: string, other: string): string {
  const a = segmentsOf(winner);
  const b = segmentsOf(other);
  for (let i = 0; i <= Math.max(a.length, b.length); i++) {
    const [kindA, kindB] = [kindOf(a[i]), kindOf(b[i])];
    if (kindA !== kindB) {
      return `At segment ${i + 1}, ${winner} has ${shown(a[i], kindA)} where ${other} has ${shown(b[i], kindB)}: ${KINDS[kindA]} ranks above ${KINDS[kindB]}.`;
    }
    if (kindA === 2) break;
  }
  return `${winner} and ${other} have the same shape, so the one written first in the table wins: ${winner}.`;
}

const chainOf = (branch: ExplainedBranch<PlayRoute>) => branch.routes.map((route) => route.label).join(' › ');

/** The panel's content for `pathname`. */
export function ranking(routes: PlayRoute[], pathname: string): Node[] {
  const { segments, branches, winner } = explain(routes, pathname);
  const fitting = branches.filter((branch) => branch.fits);
  const list = h(
    'ol',
    { class: 'branches' },
    branches.map((branch) =>
      h(
        'li',
        { class: branch === fitting[0] ? 'winner' : branch.fits ? 'fits' : 'stops' },
        h('h3', null, h('code', null, branch.pattern), branch === fitting[0] ? ' — the winner' : ''),
        h('p', { class: 'chain' }, chainOf(branch)),
        h(
          'p',
          null,
          branch.stop
            ? `Stops at segment ${branch.stop.segment + 1}${segments[branch.stop.segment] === undefined ? '' : ` (${segments[branch.stop.segment]})`}: ${branch.stop.reason}.`
            : branch === fitting[0]
              ? 'Fits, and ranks first of those that fit.'
              : 'Fits too, but ranks lower.',
        ),
      ),
    ),
  );
  const params = winner ? Object.entries(winner.params) : [];
  return [
    h('p', { class: 'segments' }, segments.length ? `The path's segments: ${segments.map((segment) => `“${segment}”`).join(', ')}.` : 'The path has no segments: it is the root, /.'),
    branches.length ? list : h('p', null, 'The table has no routes yet.'),
    h('h3', null, 'The result'),
    winner
      ? h(
          'div',
          { class: 'result' },
          h('p', null, 'Winner: ', h('code', null, winner.pattern), `, the chain ${winner.routes.map((route) => route.label).join(' › ')}.`),
          params.length
            ? h('dl', { class: 'params' }, params.map(([name, value]) => [h('dt', null, name === '*' ? '*' : `:${name}`), h('dd', null, JSON.stringify(value))]))
            : h('p', null, 'No params.'),
          h('p', null, fitting[1] ? `Why not ${fitting[1].pattern}? ${whyFirst(winner.pattern, fitting[1].pattern)}` : 'It is the only branch that fits.'),
        )
      : h('p', { class: 'result' }, 'No branch fits: the app shows nothing here (a table usually ends with * for a “Page not found”).'),
  ];
}

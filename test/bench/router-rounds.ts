// Runs the route-matching measurements: each in its own process, the matchers' order
// alternating from round to round; reports the median rate of each matcher and the median
// of the per-round ratios to find-my-way (a ratio taken within one round, so a slow moment
// of the machine weighs on both sides of it).
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SHAPES, TABLE_SIZES, type MatcherName } from './router.js';

const SCRIPT = fileURLToPath(new URL('./router-worker.ts', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../../dist/bench/router-worker.mjs', import.meta.url));

const SITE_MATCHERS: MatcherName[] = ['ours', 'ours, compiled', 'find-my-way', 'rou3', 'rou3, compiled', 'path-to-regexp', 'react-router', 'react-router, ranked once'];
const TABLE_MATCHERS: MatcherName[] = ['ours', 'ours, compiled', 'find-my-way', 'rou3', 'rou3, compiled'];
export const BUILD_SIZE = 10_000;

export interface RouterFigures {
  /** Per class of path on the site's table: matches/s of each matcher. */
  classes: Record<'plain' | 'param' | 'nomatch', Record<string, number>>;
  /** Per table shape and size (`shared-1000`): matches/s. */
  tables: Record<string, Record<string, number>>;
  /** Median of the per-round ratios ours ÷ find-my-way, for each class and table. */
  ratios: Record<string, number>;
  /** The same, ours ÷ rou3. */
  rou3Ratios: Record<string, number>;
  /** Our compiled matcher (src/router/compile.ts) ÷ find-my-way, ÷ rou3 and ÷ rou3's compiled router. */
  compiled: { ratios: Record<string, number>; rou3Ratios: Record<string, number>; rou3CompiledRatios: Record<string, number> };
  /** Milliseconds to build the matcher of a 10,000-route table. */
  build: Record<string, number>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function measureRouter({ rounds = 5, ms = 300 } = {}): Promise<RouterFigures> {
  await esbuild.build({ entryPoints: [SCRIPT], outfile: BUNDLE, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const run = (matcher: MatcherName, name: string) => Number(execFileSync(process.execPath, [BUNDLE, matcher, name, String(ms)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim());
  const cases: [string, MatcherName[]][] = [
    ...(['plain', 'param', 'nomatch'] as const).map((name): [string, MatcherName[]] => [`site-${name}`, SITE_MATCHERS]),
    ...SHAPES.flatMap((shape) => TABLE_SIZES.map((size): [string, MatcherName[]] => [`${shape}-${size}`, TABLE_MATCHERS])),
    [`build-${BUILD_SIZE}`, TABLE_MATCHERS],
  ];
  const results = new Map<string, Record<string, number[]>>(cases.map(([name]) => [name, {}]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, matchers] of cases) {
      for (const matcher of round % 2 ? [...matchers].reverse() : matchers) {
        const runs = results.get(name)!;
        runs[matcher] ??= [];
        runs[matcher].push(run(matcher, name));
      }
    }
  }
  const medians = (name: string) => Object.fromEntries(Object.entries(results.get(name)!).map(([matcher, values]) => [matcher, Math.round(median(values) * 100) / 100]));
  const classNames = ['plain', 'param', 'nomatch'] as const;
  const tableNames = cases.map(([name]) => name).filter((name) => !name.startsWith('site-') && !name.startsWith('build-'));
  const ratio = (name: string, anchor: MatcherName = 'find-my-way', mine: MatcherName = 'ours') => {
    const { [mine]: ours, [anchor]: theirs } = results.get(name)!;
    return Math.round(median(ours!.map((value, round) => value / theirs![round]!)) * 100) / 100;
  };
  const names = [...classNames.map((name) => [name, `site-${name}`] as const), ...tableNames.map((name) => [name, name] as const)];
  const ratios = (anchor: MatcherName, mine: MatcherName = 'ours') => Object.fromEntries(names.map(([label, name]) => [label, ratio(name, anchor, mine)]));
  return {
    classes: Object.fromEntries(classNames.map((name) => [name, medians(`site-${name}`)])) as RouterFigures['classes'],
    tables: Object.fromEntries(tableNames.map((name) => [name, medians(name)])),
    ratios: ratios('find-my-way'),
    rou3Ratios: ratios('rou3'),
    compiled: { ratios: ratios('find-my-way', 'ours, compiled'), rou3Ratios: ratios('rou3', 'ours, compiled'), rou3CompiledRatios: ratios('rou3, compiled', 'ours, compiled') },
    build: medians(`build-${BUILD_SIZE}`),
  };
}

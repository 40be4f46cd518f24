// One measurement in a process of its own: `router-worker <matcher> <case> <ms>` prints
// matches per second; `router-worker <matcher> build-<size>` prints the build time in ms.
// A case is `site-plain`, `site-param`, `site-nomatch` or a table such as `shared-1000`.
import { buildTime, check, MATCHERS, rate, SITE_CLASSES, tableCase, type MatcherName, type SHAPES } from './router.js';

const [name, caseName, ms] = process.argv.slice(2) as [MatcherName, string, string];
const make = MATCHERS[name];
if (caseName.startsWith('build-')) {
  const table = tableCase('shared', Number(caseName.slice('build-'.length)));
  check(name, await make(table), table);
  console.log(await buildTime(make, table));
} else {
  const site = caseName.startsWith('site-');
  const [shape, size] = caseName.split(/-(?=\d+$)/) as [(typeof SHAPES)[number], string];
  const table = site ? SITE_CLASSES[caseName.slice('site-'.length) as keyof typeof SITE_CLASSES] : tableCase(shape, Number(size));
  const matcher = await make(table, { realSiteTable: site });
  check(name, matcher, table);
  console.log(rate(matcher, table, Number(ms)));
}

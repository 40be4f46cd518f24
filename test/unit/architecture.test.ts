// The structure's rules (.dependency-cruiser.cjs), checked on src/ as it is, and each shown
// to bite (the migrations' folder and its list are checked here too): a small tree in a temporary folder with one import that breaks that rule, and
// only that one, must be reported under the rule's name.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrations } from '../../src/server/db/migrations/index.js';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const Architecture = suite('the architecture check (dependency-cruiser)');

/** `rule from → to` for each violation found in `folders`, cruised from `baseDir`. */
async function violations(folders: string[], baseDir = process.cwd()): Promise<string[]> {
  const result = await cruise(folders, { ...config.options, baseDir, ruleSet: { forbidden: config.forbidden }, validate: true, outputType: 'json' });
  const output: ICruiseResult = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  return output.summary.violations.map((violation) => `${violation.rule.name} ${violation.from} → ${violation.to}`);
}

/** Writes `files` (path → source) into a new temporary folder; answers the folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'tavola-architecture-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

Architecture('src/ keeps every rule', async () => {
  assert.equal(await violations(['src']), []);
});

// A tree that keeps every rule: features with their entries, one using another through its
// entry, the base below them, app.ts on top, a router file and a shared record.
const SOUND: Record<string, string> = {
  'src/server/db/schema.ts': 'export type Db = { name: string };\n',
  'src/server/http/errors.ts': "import type { Db } from '../db/schema.js';\nexport const fail = (db: Db) => db.name;\n",
  'src/server/menu/store.ts': "import { fail } from '../http/errors.js';\nexport const dishes = () => fail({ name: 'menu' });\n",
  'src/server/menu/index.ts': "export { dishes } from './store.js';\n",
  'src/server/orders/place.ts': "import { dishes } from '../menu/index.js';\nexport const place = () => dishes();\n",
  'src/server/orders/index.ts': "export { place } from './place.js';\n",
  'src/server/tables/index.ts': 'export const TABLES = 24;\n',
  'src/server/config.ts': 'export const PORT = 8080;\n',
  'src/server/app.ts': "import { place } from './orders/index.js';\nimport { PORT } from './config.js';\nexport const app = () => [place(), PORT];\n",
  'src/shared/records.ts': 'export const STATES = ["open"];\n',
  'src/router/match.ts': 'export const match = (path: string) => path;\n',
  'src/site/main.ts': "import { match } from '../router/match.js';\nimport { STATES } from '../shared/records.js';\nimport { start } from './shell/start.js';\nmatch(STATES[0]!);\nstart();\n",
  // The site: the shell wires the rooms; a room lends to another through its index.ts, is handed the shell's services, and stands on common/.
  'src/site/common/price.ts': "export const price = (cents: number) => 'EUR ' + cents / 100;\n",
  'src/site/shell/services.ts': 'export interface Services { lang: string }\n',
  'src/site/shell/layout.ts': "export const layout = () => 'header, outlet, footer';\n",
  'src/site/board/index.ts': "export const BOARD = 'the pickup board';\n",
  'src/site/shell/start.ts': "import { bookPage } from '../bookings/book.js';\nimport { hostPage } from '../host/host-page.js';\nexport const start = () => [bookPage(), hostPage({ lang: 'en' })];\n",
  'src/site/bookings/book.ts': "import { price } from '../common/price.js';\nexport const people = (count: number) => String(count);\nexport const bookPage = () => price(0);\n",
  'src/site/bookings/index.ts': "export { people } from './book.js';\n",
  'src/site/host/host-page.ts': "import { people } from '../bookings/index.js';\nimport type { Services } from '../shell/services.js';\nexport const hostPage = (services: Services) => people(2) + services.lang;\n",
};

Architecture('a tree that keeps the rules has nothing to report', async () => {
  const root = tree(SOUND);
  try {
    assert.equal(await violations(['src'], root), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

const BROKEN: [rule: string, file: string, source: string, expected: string][] = [
  ['no-circular', 'src/server/menu/store.ts', "import { dishes as again } from './index.js';\nexport const dishes = () => again;\n", 'no-circular src/server/menu/index.ts → src/server/menu/store.ts'],
  ['router-stands-alone', 'src/router/match.ts', "import { STATES } from '../shared/records.js';\nexport const match = (path: string) => path + STATES[0];\n", 'router-stands-alone src/router/match.ts → src/shared/records.ts'],
  ['shared-stands-alone', 'src/shared/records.ts', "import { match } from '../router/match.js';\nexport const STATES = [match('open')];\n", 'shared-stands-alone src/shared/records.ts → src/router/match.ts'],
  ['apps-never-import-the-server', 'src/site/main.ts', "import { PORT } from '../server/config.js';\nconsole.log(PORT);\n", 'apps-never-import-the-server src/site/main.ts → src/server/config.ts'],
  ['features-meet-through-their-entry', 'src/server/orders/place.ts', "import { dishes } from '../menu/store.js';\nexport const place = () => dishes();\n", 'features-meet-through-their-entry src/server/orders/place.ts → src/server/menu/store.ts'],
  ['the-base-imports-no-feature', 'src/server/http/errors.ts', "import type { Db } from '../db/schema.js';\nimport { TABLES } from '../tables/index.js';\nexport const fail = (db: Db) => db.name + TABLES;\n", 'the-base-imports-no-feature src/server/http/errors.ts → src/server/tables/index.ts'],
  ['features-import-nothing-above-them', 'src/server/menu/store.ts', "import { PORT } from '../config.js';\nexport const dishes = () => PORT;\n", 'features-import-nothing-above-them src/server/menu/store.ts → src/server/config.ts'],
  ['rooms-meet-through-their-index', 'src/site/host/host-page.ts', "import { people } from '../bookings/book.js';\nimport type { Services } from '../shell/services.js';\nexport const hostPage = (services: Services) => people(2) + services.lang;\n", 'rooms-meet-through-their-index src/site/host/host-page.ts → src/site/bookings/book.ts'],
  ['rooms-use-the-shells-services-only', 'src/site/bookings/book.ts', "import { price } from '../common/price.js';\nimport { layout } from '../shell/layout.js';\nexport const people = (count: number) => String(count);\nexport const bookPage = () => price(0) + layout();\n", 'rooms-use-the-shells-services-only src/site/bookings/book.ts → src/site/shell/layout.ts'],
  ['common-imports-no-room', 'src/site/common/price.ts', "import { BOARD } from '../board/index.js';\nexport const price = (cents: number) => 'EUR ' + cents / 100 + BOARD;\n", 'common-imports-no-room src/site/common/price.ts → src/site/board/index.ts'],
];

for (const [rule, file, source, expected] of BROKEN) {
  Architecture(`${rule}: one broken import is reported under its name`, async () => {
    const root = tree({ ...SOUND, [file]: source });
    try {
      const found = await violations(['src'], root);
      assert.ok(found.includes(expected), `expected "${expected}" in ${JSON.stringify(found)}`);
      assert.equal([...new Set(found.map((line) => line.split(' ')[0]))], [rule]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
}

Architecture('every rule has a broken import above', () => {
  assert.equal(BROKEN.map(([rule]) => rule).sort(), config.forbidden.map((rule: { name: string }) => rule.name).sort());
});

Architecture('the migrations: one file each in their folder, every one listed in order under its file name', () => {
  const folder = readdirSync(join(process.cwd(), 'src/server/db/migrations')).filter((file) => file !== 'index.ts');
  assert.equal(Object.keys(migrations), folder.map((file) => file.replace(/\.ts$/, '')).sort());
  assert.equal(Object.keys(migrations), Object.keys(migrations).sort());
});

Architecture.run();

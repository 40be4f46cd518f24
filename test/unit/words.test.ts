// The words of Tavola (src/core/words.ts, src/shared/i18n/): every sentence a view shows goes
// through the catalog; the Italian catalog has every key the site and the API use, with the
// same placeholders; a key missing in Italian fails the build, by name; the build writes each
// language's words in place, and data is never read as a key.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as esbuild from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appOptions, wordsInPlace } from '../../build.mjs';
import { checkCatalog } from '../../src/shared/i18n/catalog.js';
import { IT } from '../../src/shared/i18n/it.js';
import { visibleStrings } from '../helpers/visible-strings.js';

const Words = suite('words in catalogs');
const root = new URL('../../', import.meta.url).pathname;
const sources = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.includes('migrations'))
    .map((file) => join(dir, file));

Words('no view writes a sentence in place: each goes through t() (the words a person reads, found by test/helpers/visible-strings.ts)', () => {
  const found = [...sources('src/site'), ...sources('src/core')].flatMap((file) => visibleStrings(readFileSync(join(root, file), 'utf8'), file).map((each) => `${file}:${each.line} ${each.text}`));
  assert.equal(found, []);
});

Words('the finder finds what it should: a heading, a button, an aria-label, a text set on a node, words inside a t() value', () => {
  const source = `h('h1', null, 'Your order'); h('button', { 'aria-label': \`Remove \${name}\` }, t('Remove')); node.textContent = ok ? 'Saved.' : ''; t('On {day}', { day: 'Friday' }); h('p', null, '·', ' ', price);`;
  assert.equal(
    visibleStrings(source).map((each) => each.text),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as the finder reports it
    ["'Your order'", '`Remove ${name}`', "'Saved.'", "'Friday'"],
  );
  // A sentence kept in a variable before it is said; a class list and an address are not sentences.
  const kept = `const said = \`\${name} is cooked at \${station} from now on.\`; h('p', { class: \`badge status-\${status}\` }); fetch(\`/api/v1/orders/\${id}\`);`;
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal, as the finder reports it
  assert.equal(visibleStrings(kept).map((each) => each.text), ['`${name} is cooked at ${station} from now on.`']);
});

Words('the Italian catalog has every key the site and the API use, with the same placeholders, and no key nobody uses', () => {
  const used = new Map<string, { key: string; plural?: string }>();
  for (const file of [...sources('src/site'), ...sources('src/core'), ...sources('src/server'), ...sources('src/shared')]) {
    wordsInPlace(readFileSync(join(root, file), 'utf8'), 'it', IT, (key: string, plural?: string) => used.set(key, { key, plural }));
  }
  for (const match of readFileSync(join(root, 'src/site/index.html'), 'utf8').matchAll(/\{\{(.+?)\}\}/g)) used.set(match[1]!, { key: match[1]! });
  assert.equal(checkCatalog(IT, used.values()), []);
  assert.equal(Object.keys(IT).filter((key) => !used.has(key)), [], 'unused keys');
});

Words('checkCatalog names a missing key, a placeholder that differs, a plural without its forms', () => {
  const catalog = { 'On {day}': 'Il {giorno}', '{count} dishes': { one: 'un piatto', other: '{count} piatti' }, Menu: 'Menù', Empty: ' ' };
  assert.equal(checkCatalog(catalog as never, [{ key: 'Menu' }, { key: 'Cart' }, { key: 'On {day}' }, { key: '{count} dishes', plural: '1 dish' }, { key: 'Menu', plural: 'menu' }]), [
    'missing in Italian: "Cart"',
    '"Menu" is a plural where it is used, not in the catalog',
    'placeholders differ: "On {day}" has {day}, Italian "Il {giorno}" has {giorno}',
    'empty in Italian: "Empty"',
  ]);
});

Words('a key missing in Italian fails the build, and says which and where', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tavola-words-'));
  const entry = join(dir, 'untranslated.ts');
  writeFileSync(entry, `import { t } from ${JSON.stringify(join(root, 'src/core/words.ts'))};\ndocument.title = t('A sentence nobody translated');\n`);
  try {
    for (const lang of ['it', 'en']) {
      const error = await esbuild
        .build({ ...appOptions('site', { lang }), entryPoints: [entry], outdir: join(dir, 'out'), write: false, logLevel: 'silent', splitting: false })
        .then(() => null, (failure: Error) => failure);
      assert.ok(error, `the ${lang} build failed`);
      assert.match(error!.message, 'missing in Italian: "A sentence nobody translated"');
      assert.equal((error as unknown as esbuild.BuildFailure).errors.map((each) => each.location?.line), [2], 'on the line that uses it');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

Words('each language’s build writes its own words in place: a sentence with values becomes a template, a plural keeps its forms', () => {
  const source = "h('p', null, t('Open now · until {time}', { time: clock(end) })); t('Menu'); tn('1 dish', '{count} dishes', n);";
  const keys: string[] = [];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the build's output, a template literal, as text
  assert.is(wordsInPlace(source, 'en', IT, (key: string) => keys.push(key)), 'h(\'p\', null, `Open now · until ${(clock(end))}`); "Menu"; tn("1 dish", "{count} dishes", n);');
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the build's output, a template literal, as text
  assert.is(wordsInPlace(source, 'it', IT, () => {}), 'h(\'p\', null, `Aperto ora · fino alle ${(clock(end))}`); "Menù"; tn("1 piatto", "{count} piatti", n);');
  assert.equal(keys, ['{count} dishes', 'Open now · until {time}', 'Menu']);
});

// A dollar and a brace, so that no text here reads as a template placeholder.
const DOLLAR = '$';

Words('a key’s [context] tells two Italian words apart and is never shown in English', () => {
  assert.is(wordsInPlace("t('[order] Cancelled'); t('Cancelled')", 'en', IT, () => {}), '"Cancelled"; "Cancelled"');
  assert.is(wordsInPlace("t('[order] Cancelled'); t('Cancelled')", 'it', IT, () => {}), '"Annullato"; "Annullata"');
});

Words('data is never a key: a dish named like a sentence, or with {braces} and a dollar-brace, is shown as written', () => {
  // Only literal keys are translated; a value filled in is never looked up or filled again.
  const italian = wordsInPlace("t('Sold out: {name}', { name: dish.name })", 'it', IT, () => {});
  assert.is(italian, `\`Esaurito: ${DOLLAR}{(dish.name)}\``);
  const name = `Sold out ${DOLLAR}{x} {name}`;
  assert.is(new Function('dish', `return ${italian}`)({ name }), `Esaurito: Sold out ${DOLLAR}{x} {name}`);
});

Words.run();

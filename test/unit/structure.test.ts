// The layout of the code, held: the router is the lowest floor (it imports nothing from
// above it), and no module imports itself back through others (types included).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

const files = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : /\.ts$/.test(entry.name) ? [join(folder, entry.name)] : []));

/** The files of src/ that `file` imports (statically or with `import()`), types included. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map((found) => found[1] ?? found[2]!);
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

const graph = new Map(files(SRC).map((file) => [file, importsOf(file)]));
const name = (file: string) => relative(SRC, file);

test('the router imports nothing from outside src/router', () => {
  const outside = [...graph].filter(([file]) => name(file).startsWith('router/')).flatMap(([file, imports]) => imports.filter((target) => !name(target).startsWith('router/')).map((target) => `${name(file)} → ${name(target)}`));
  assert.equal(outside, []);
});

test('no import cycles in src/', () => {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      cycles.push([...path.slice(path.indexOf(file)), file].map(name).join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  assert.equal(cycles, []);
});

test('the import reader sees every kind of import', () => {
  const imports = importsOf(join(SRC, 'router/app.ts')).map(name);
  assert.ok(imports.includes('router/guard.ts') && imports.includes('router/match.ts'), imports.join(', '));
});

test.run();

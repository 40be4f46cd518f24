import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Runs every example of src/router/README.md, as written there (its imports pointed at
// the files beside it), so the walkthrough cannot say what the code does not do.
const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'src/router/README.md'), 'utf8');
// Inside the project (not the system's temp folder), so the examples' imports find node_modules.
mkdirSync(join(root, 'dist'), { recursive: true });
const out = mkdtempSync(join(root, 'dist', 'walkthrough-'));
const Walkthrough = suite('src/router/README.md: every example runs');
Walkthrough.after(() => rmSync(out, { recursive: true, force: true }));

const sections = readme.split(/^## /m).slice(1);
const examples = sections.flatMap((section) => [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((block) => ({ title: section.split('\n')[0]!, code: block[1]! })));

Walkthrough('the walkthrough has an example in each of its nine steps', () => {
  assert.equal(new Set(examples.map((example) => example.title.match(/^\d/)?.[0])).size, 9);
});

for (const [i, { title, code }] of examples.entries()) {
  Walkthrough(`${title}: its example runs and its assertions hold`, async () => {
    const file = join(out, `example-${i}.ts`);
    const local = (name: string) => pathToFileURL(join(root, 'src/router', name.replace(/\.js$/, '.ts'))).href;
    writeFileSync(file, code.replace(/from '\.\/([^']+)'/g, (_, name: string) => `from '${local(name)}'`));
    await import(pathToFileURL(file).href);
  });
}

Walkthrough.run();

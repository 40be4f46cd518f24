// Reordering in the menu editor, in Chromium: a category dragged by its handle to another
// place, a dish dragged onto another category; the keyboard's Up and Down do the same; two
// owners reordering from the same page: one wins, the other sees what changed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { siteForSuite } from '../helpers/browser.js';

const Drag = suite('reordering the menu in Chromium');
const site = siteForSuite(Drag);
const { signedIn } = site;

const names = async () => (await (await fetch(`${site.base}/api/v1/categories`)).json()).categories.map((each: { name: string }) => each.name);

Drag('a category dragged to another place; a dish dragged onto another category; the answer beside them', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  // The whole menu on screen: a drag cannot scroll the page as it goes.
  await page.setViewportSize({ width: 1280, height: 4200 });
  await page.goto(`${site.base}/admin/menu`);
  const section = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  await section('Desserts').locator('.dish-row').first().waitFor();
  assert.equal(await names(), ['Antipasti', 'Pasta & risotto', 'Pizza', 'Mains', 'Desserts', 'Drinks']);
  // Desserts by its handle onto the top half of Pasta & risotto: it goes before it.
  await section('Desserts').locator('.category-head .drag-handle').dragTo(section('Pasta & risotto'), { targetPosition: { x: 40, y: 10 } });
  await section('Desserts').getByText('Desserts moved to place 2.').waitFor();
  assert.equal(await names(), ['Antipasti', 'Desserts', 'Pasta & risotto', 'Pizza', 'Mains', 'Drinks']);
  assert.equal(await page.locator('.admin-category h2').evaluateAll((headings) => headings.map((heading) => heading.firstChild!.textContent)), await names(), 'the page shows the new order');

  // A dish by its handle onto Drinks: it is cooked and sold there now.
  const tiramisu = section('Desserts').locator('.dish-row').first();
  const dish = (await tiramisu.locator('.dish-row-main a').textContent())!;
  await tiramisu.locator('.drag-handle').dragTo(section('Drinks'));
  await section('Drinks').getByText(`${dish} moved to Drinks.`).waitFor();
  await section('Drinks').getByRole('link', { name: dish, exact: true }).waitFor(); // its rows read again
  await section('Desserts').locator('.dish-row').first().waitFor();
  assert.ok(!(await section('Desserts').locator('.dish-row-main a').allTextContents()).includes(dish));
});

Drag('by keyboard: Move down, announced, focus kept; two owners on the same page: the second sees what changed', async () => {
  const first = await signedIn('ada@tavola.test', 'tavola-admin');
  const second = await signedIn('ada@tavola.test', 'tavola-admin');
  for (const { page } of [first, second]) {
    await page.goto(`${site.base}/admin/menu`);
    await page.getByRole('button', { name: 'Move Pizza down' }).waitFor();
  }
  await first.page.getByRole('button', { name: 'Move Pizza down' }).focus();
  await first.page.keyboard.press('Enter');
  await first.page.getByRole('region', { name: /^Pizza/ }).getByText('Pizza moved down.').waitFor();
  assert.is(await first.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Pizza down');
  assert.is(await first.page.locator('[role=status].visually-hidden').textContent(), 'Pizza moved down.');
  const order = await names();

  // The second owner's page still has Pizza where it was, on its old version.
  await second.page.getByRole('button', { name: 'Move Pizza down' }).click();
  await second.page.getByRole('region', { name: /^Pizza/ }).getByText(/was changed by someone else meanwhile\. Here it is as it is now\.$/).waitFor();
  assert.equal(await second.page.locator('.admin-category h2').evaluateAll((headings) => headings.map((heading) => heading.firstChild!.textContent)), order, 'the list as it is now');
  assert.equal(await names(), order, 'the stale move changed nothing');
});

Drag.run();

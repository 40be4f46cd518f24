import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBothSchemes, screenshot, siteForSuite } from '../helpers/browser.js';

// The owner's choices in Chromium, by keyboard at 390 px: a shared group made on its own
// page (its options put in order with Up and Down, a price that is not one and a minimum
// over the maximum said beside the field), listed by two dishes from their pages, edited
// once for both; a change someone saved first said field by field; all in the activity.
const Editor = suite('the owner’s choices in Chromium');
const site = siteForSuite(Editor);

Editor('the owner makes a shared group of pastas, two dishes list it, and an edit reaches both', async () => {
  const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  // The seed's groups are there, each with the dishes that list it.
  await page.goto(`${site.base}/admin/choices`);
  const seeded = page.locator('.messages li', { hasText: 'How it is cooked' });
  assert.is(await seeded.locator('p').first().textContent(), 'Choose 1: Rare, Medium, Well done');
  assert.is(await seeded.locator('.hint').textContent(), 'Listed by: Bistecca ai ferri');
  await page.getByRole('link', { name: 'New group of choices' }).click();
  await page.waitForURL('**/admin/choices/new');
  const entries = await page.evaluate(() => history.length);

  await page.getByLabel('Name', { exact: true }).first().fill('Which pasta');
  await page.getByLabel('Name in Italian', { exact: true }).first().fill('Quale pasta');
  await page.getByLabel('At least').fill('3');
  await page.getByLabel('At most').fill('2');
  const options = page.getByRole('list', { name: 'Options' }).locator(':scope > li');
  const optionField = (index: number, label: string) => options.nth(index).getByLabel(label, { exact: true });
  await optionField(0, 'Name').fill('Spaghetti');
  // "Add an option" by keyboard: the cursor goes to the new option's name.
  await page.getByRole('button', { name: 'Add an option' }).focus();
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.id), await optionField(1, 'Name').getAttribute('id'));
  await page.keyboard.type('Rigatoni');
  await page.getByRole('button', { name: 'Add an option' }).press('Enter');
  await page.keyboard.type('Gluten-free spaghetti');
  // Tabbing out of a name names its row's buttons, and the focus goes on to the next field.
  await page.keyboard.press('Tab');
  assert.is(await page.evaluate(() => document.activeElement?.id), await optionField(2, 'Name in Italian').getAttribute('id'));
  await page.keyboard.type('Spaghetti senza glutine');
  await optionField(2, 'Price change (€)').fill('1,5x');
  await options.nth(2).locator('summary', { hasText: 'Allergens it takes away' }).click();
  await options.nth(2).getByRole('checkbox', { name: 'gluten' }).check();
  assert.is(await options.nth(2).locator('summary').nth(1).textContent(), 'Allergens it takes away: gluten');
  // Moved one place up from the keyboard: the focus stays on the button pressed, in its new place.
  await page.getByRole('button', { name: 'Move Gluten-free spaghetti up' }).press('Enter');
  assert.equal(await options.locator('input[id$="-name"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)), ['Spaghetti', 'Gluten-free spaghetti', 'Rigatoni']);
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move Gluten-free spaghetti up');
  assert.equal(await options.locator('h3').allTextContents(), ['⠿Option 1', '⠿Option 2', '⠿Option 3']);

  // A price that is not one is said before anything is sent; then the server's refusal, beside its field.
  const save = page.getByRole('button', { name: 'Add group' });
  await save.click();
  assert.is(await page.getByRole('alert').textContent(), 'A price change is in euros, such as 2.00 or -1.50.');
  assert.is(await page.evaluate(() => document.activeElement?.id), await optionField(1, 'Price change (€)').getAttribute('id'));
  await optionField(1, 'Price change (€)').fill('1,50');
  await save.click();
  await page.getByRole('alert').getByText('A group’s minimum (3) cannot be over its maximum (2).').waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.id), 'group-min');
  await page.getByLabel('At least').fill('1');
  await page.getByLabel('At most').fill('1');
  await save.click();
  await page.getByText('Saved Which pasta.').waitFor();
  await page.waitForURL(/\/admin\/choices\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  assert.is(await page.evaluate(() => history.length), entries, 'the new group’s address replaced /new');
  await page.getByText('No dish lists this group yet: choose it on a dish’s page, under Choices.').waitFor();
  await screenshot(page, 'admin-choice-group-390');

  // Two dishes list it, each from its page; the dish's own save that follows is not refused as stale.
  for (const dish of [10, 11]) {
    await page.goto(`${site.base}/admin/dishes/${dish}`);
    const choices = page.getByRole('region', { name: 'Choices' });
    await choices.getByText('This dish has no choices: it is ordered as it is.').waitFor();
    await choices.getByLabel('Add a group').selectOption({ label: 'Which pasta · Choose 1' });
    await choices.getByRole('button', { name: 'Add group' }).click();
    assert.equal(await choices.getByRole('list', { name: 'Groups this dish lists' }).getByRole('link').allTextContents(), ['Which pasta']);
    await choices.getByRole('button', { name: 'Save choices' }).click();
    await choices.getByText('Choices saved.').waitFor();
    await page.getByLabel('Price (€)').fill(dish === 10 ? '14.00' : '12.00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/^Saved /).waitFor();
    assert.is(await page.locator('.form-error').first().textContent(), '');
  }
  await screenshot(page, 'admin-dish-choices-390');

  await page.goto(`${site.base}/admin/choices`);
  const listed = page.locator('.messages li', { hasText: 'Which pasta' });
  assert.is(await listed.locator('p').first().textContent(), 'Choose 1: Spaghetti, Gluten-free spaghetti +\u2060€1.50, Rigatoni');
  assert.is(await listed.locator('.hint').textContent(), 'Listed by: Trofie al pesto, Penne all\'arrabbiata');

  // Edited once, for both: someone saves first (At most 2), the page says what they changed and keeps what was typed.
  await page.goto(`${site.base}/admin/choices/${id}`);
  await page.getByLabel('Name in Italian', { exact: true }).first().waitFor();
  const token = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const { body: group } = await site.call('/api/v1/admin/choice-groups', { token });
  const current = group.groups.find((one: { id: number }) => one.id === id);
  const { id: _id, dishes: _dishes, version, ...fields } = current;
  assert.is((await site.call(`/api/v1/admin/choice-groups/${id}`, { method: 'PUT', token, body: { ...fields, version, max: 2 } })).status, 200);
  await optionField(2, 'Name in Italian').fill('Rigatoni alla romana');
  await page.getByRole('button', { name: 'Save group' }).click();
  await page.getByText('Someone saved this group while you were editing it. What they changed:').waitFor();
  assert.equal(await page.getByRole('alert').locator('li').allTextContents(), ['At most: 1 → 2']);
  assert.is(await optionField(2, 'Name in Italian').inputValue(), 'Rigatoni alla romana');
  await page.getByRole('button', { name: 'Save group' }).click();
  await page.getByText('Saved Which pasta.').waitFor();
  for (const dish of [10, 11]) {
    const { body } = await site.call(`/api/v1/dishes/${dish}`);
    assert.equal(body.choices.map((one: { name: string; max: number; options: { name: string }[] }) => [one.name, one.max, one.options.map((option) => option.name)]), [['Which pasta', 1, ['Spaghetti', 'Gluten-free spaghetti', 'Rigatoni']]]);
    const italian = await (await fetch(`${site.base}/api/v1/dishes/${dish}`, { headers: { 'Accept-Language': 'it' } })).json();
    assert.equal(italian.choices[0].options.map((option: { name: string }) => option.name), ['Spaghetti', 'Spaghetti senza glutine', 'Rigatoni alla romana']);
  }
  const { body: activity } = await site.call('/api/v1/admin/activity', { token });
  assert.equal(activity.entries.slice(0, 6).map((entry: { action: string; by: { name: string } }) => `${entry.action} by ${entry.by.name}`), [
    'choices.updated by Ada Conti',
    'choices.updated by Ada Conti',
    'dish.updated by Ada Conti',
    'dish.choices_changed by Ada Conti',
    'dish.updated by Ada Conti',
    'dish.choices_changed by Ada Conti',
  ]);

  // A diner meets it on both dishes' pages.
  const diner = await site.open({ width: 390 });
  await diner.page.goto(`${site.base}/menu/11`);
  await diner.page.getByRole('group', { name: /^Which pasta/ }).waitFor();
});

Editor('the choices pages, and two seeded dishes’ pages, pass axe at 390 and 1280 px, light and dark, and fit the width', async () => {
  const token = await site.tokenOf('ada@tavola.test', 'tavola-admin');
  const option = (name: string, priceCents = 0) => ({ name, nameIt: null, priceCents, addsAllergens: [], removesAllergens: [], available: true });
  const made = await site.call('/api/v1/admin/choice-groups', { method: 'POST', token, body: { name: 'Extras', nameIt: 'Aggiunte', kind: 'choose', min: 0, max: 3, options: [option('Buffalo mozzarella', 200), { ...option('Nduja', 150), available: false }] } });
  assert.is(made.status, 201);
  for (const width of [390, 1280]) {
    const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width });
    const found: string[] = [];
    for (const [path, ready] of [['/admin/choices', '.messages li'], [`/admin/choices/${made.body.id}`, '#group-name'], ['/admin/choices/new', '#group-name'], ['/admin/dishes/8', '#dish-add-group'], ['/menu/27', '.choice-group'], ['/it/menu/8', '.choice-group']] as const) {
      await page.goto(site.base + path);
      await page.locator(ready).first().waitFor();
      found.push(...(await checkBothSchemes(page, `${path} at ${width} px`, { width: true, each: (scheme) => screenshot(page, `${path.slice(1).replaceAll('/', '-')}-${width}-${scheme}`) })));
    }
    assert.equal(found, []);
  }
});

Editor.run();

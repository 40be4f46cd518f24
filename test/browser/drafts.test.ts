// Drafts of the owner's long forms in Chromium: what was typed and not saved survives a
// reload and a closed tab, is offered back and never applied unasked; Restore puts it back,
// Discard forgets it, a save forgets it; a draft made before someone else saved says so.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { siteForSuite } from '../helpers/browser.js';

const Drafts = suite('drafts kept in the browser, in Chromium');

/**
 * A reload with unsaved changes is asked by the browser itself ("Leave site?", the blocker's
 * `beforeunload`): here the person says yes. (The tab's own listener counts any browser
 * dialog as a mistake; this one is expected.)
 */
function acceptLeaving(page: Page) {
  page.removeAllListeners('dialog');
  page.on('dialog', (dialog) => {
    assert.is(dialog.type(), 'beforeunload');
    void dialog.accept();
  });
}
const site = siteForSuite(Drafts);
const { signedIn } = site;

Drafts('a dish form: typed, reloaded, offered back; not applied unasked; restored, saved, forgotten', async () => {
  const { page, context } = await signedIn('ada@tavola.test', 'tavola-admin');
  acceptLeaving(page);
  await page.goto(`${site.base}/admin/dishes/7`);
  const name = page.getByLabel('Name', { exact: true });
  await name.waitFor();
  const saved = await name.inputValue();
  const price = await page.getByLabel('Price (€)').inputValue();
  await name.fill(`${saved} della casa`);
  await page.getByLabel('Price (€)').fill('15.50');
  await page.reload();
  await page.getByText(/^You have changes to this form that were not saved, from /).waitFor();
  assert.equal([await name.inputValue(), await page.getByLabel('Price (€)').inputValue()], [saved, price], 'nothing applied unasked');

  // A closed tab: a new one in the same browser is offered the same draft.
  const other = await context.newPage();
  await other.goto(`${site.base}/admin/dishes/7`);
  await other.getByRole('button', { name: 'Restore my changes' }).click();
  assert.equal([await other.getByLabel('Name', { exact: true }).inputValue(), await other.getByLabel('Price (€)').inputValue()], [`${saved} della casa`, '15.50']);
  assert.is(await other.evaluate(() => document.activeElement?.id), 'dish-name', 'focus on the first field');
  await other.getByRole('button', { name: 'Save changes' }).click();
  await other.getByText(`Saved ${saved} della casa.`).waitFor();
  assert.is(await other.evaluate(() => localStorage.getItem('tavola.draft.dish-7')), null, 'a save forgets the draft');
  await other.reload();
  await other.getByLabel('Name', { exact: true }).waitFor();
  assert.is(await other.getByRole('button', { name: 'Restore my changes' }).count(), 0, 'nothing to offer after a save');
});

Drafts('the restaurant form: Discard forgets the draft; a draft from before someone else saved says so', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  acceptLeaving(page);
  await page.goto(`${site.base}/admin/restaurant`);
  const phone = page.getByLabel('Phone');
  await phone.waitFor();
  await phone.fill('+39 06 0000 0000');
  await page.reload();
  await page.getByRole('button', { name: 'Discard them' }).click();
  assert.is(await page.evaluate(() => localStorage.getItem('tavola.draft.restaurant')), null);
  await page.reload();
  await page.getByLabel('Phone').waitFor();
  assert.is(await page.getByRole('button', { name: 'Restore my changes' }).count(), 0);

  // A draft typed here; meanwhile someone else, in another browser, saves the details (a new version).
  await page.getByLabel('Phone').fill('+39 06 2222 2222');
  const { page: other } = await signedIn('ada@tavola.test', 'tavola-admin');
  await other.goto(`${site.base}/admin/restaurant`);
  await other.getByLabel('Name diners know').fill('Tavola Roma');
  await other.getByRole('button', { name: 'Save details' }).click();
  await other.getByText('Saved: the imprint and the privacy notice show it now.').waitFor();
  await page.reload();
  await page.getByText('It was saved by someone else since: look over the fields before saving.').waitFor();
  await page.getByRole('button', { name: 'Restore my changes' }).click();
  // Only what this tab changed comes back: the name the other tab saved stays.
  assert.equal([await page.getByLabel('Phone').inputValue(), await page.getByLabel('Name diners know').inputValue()], ['+39 06 2222 2222', 'Tavola Roma']);
});

Drafts.run();

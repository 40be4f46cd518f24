// Answers where the owner is looking, in Chromium: a table saved on a long floor, a category
// sent to another station: each says what it did beside the control that asked (not at the
// top of the page, out of sight), reads it out, and keeps focus where it was.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { siteForSuite } from '../helpers/browser.js';

const Answers = suite('answers beside their controls, in Chromium');
const site = siteForSuite(Answers);
const { signedIn } = site;

/** Whether `text` is on screen now, within the viewport (not scrolled away). */
const inView = (page: import('playwright-core').Page, text: string) =>
  page.evaluate((wanted) => {
    const found = [...document.querySelectorAll('.row-outcome')].find((each) => each.textContent === wanted);
    const box = found?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= innerHeight);
  }, text);

Answers('a table saved far down the floor: "Saved Table 11." beside its Save, announced, focus kept', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/tables`);
  const seats = page.getByLabel('Seats').nth(10);
  await seats.waitFor();
  await seats.fill('6');
  const save = page.locator('.floor-table').nth(10).getByRole('button', { name: 'Save' });
  await save.focus();
  await page.keyboard.press('Enter');
  const row = page.locator('.floor-table').nth(10);
  await row.locator('.row-outcome').getByText('Saved Table 11.').waitFor();
  assert.ok(await inView(page, 'Saved Table 11.'), 'the answer is on screen, beside the control');
  assert.is(await page.locator('[role=status].visually-hidden').first().textContent(), 'Saved Table 11.', 'read out');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Save', 'focus on the Save of the row drawn again');
  assert.is(await row.getByLabel('Seats').inputValue(), '6');
});

Answers('a category sent to another station: the answer beside its choice, focus kept on it', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/stations`);
  const desserts = page.getByLabel('Desserts');
  await desserts.waitFor();
  const bar = await desserts.locator('option').evaluateAll((options) => options.find((option) => option.textContent === 'Bar' || option.textContent === 'Drinks')?.textContent ?? options.at(-1)!.textContent);
  await desserts.focus(); // as a click or Tab does before choosing
  await desserts.selectOption({ label: bar! });
  const answer = `Desserts is cooked at ${bar} from now on.`;
  await page.locator('.routing li', { has: page.getByLabel('Desserts') }).locator('.row-outcome').getByText(answer).waitFor();
  assert.ok(await inView(page, answer), 'the answer is on screen, beside the choice');
  assert.is(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.labels?.[0]?.textContent), 'Desserts', 'focus stays on the choice');
});

Answers('the phone booking form: a refusal written to the person taking the call, under its field, which takes focus', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/bookings`);
  await page.getByText('Add a booking taken by phone').click();
  const form = page.getByRole('form', { name: 'Add a booking taken by phone' });
  const party = form.getByLabel('Party');
  await party.fill('40');
  await form.getByLabel('Name', { exact: true }).fill('Wedding');
  await form.getByRole('button', { name: 'Add booking' }).click();
  const error = page.locator('#phone-party-error');
  await error.getByText(/^No table on the floor seats 40: the largest seats \d+\. Book the party as two bookings, or add a table on the Tables page\.$/).waitFor();
  assert.equal([await party.getAttribute('aria-invalid'), await party.getAttribute('aria-describedby'), await page.evaluate(() => document.activeElement?.id)], ['true', 'phone-party-error', 'phone-party']);
  assert.ok(await inView(page, (await error.textContent())!) || (await error.boundingBox())!.y < 800, 'on screen');
  await party.fill('2');
  await form.getByRole('button', { name: 'Add booking' }).click();
  await page.getByText(/^Booked: Wedding, 2 people at /).waitFor();
  assert.equal([await party.getAttribute('aria-invalid'), await error.textContent()], [null, '']);
});

Answers.run();

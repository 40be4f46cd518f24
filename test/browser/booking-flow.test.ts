// The booking flow as a guest finishes it, at 390 px in Chromium: the confirmation names
// where the e-mail goes and offers the private link to copy; a day past the horizon says
// the server's sentence next to the day at once; a wrong phone number's error sits under the
// field, below the sticky header; a party grown from 2 to 3 keeps its time; the result of a
// change is where the guest is looking (focused, on screen, a status); a cancelled booking
// says so and offers to book again. Then the Admin reads what the guest would have received
// on /admin/messages (this server has no mail server), with axe at 360 and 1280 px. And the
// menu's allergen filter: choices 44 px high, the count beside them as it changes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { axeViolations, plusDays, siteForSuite } from '../helpers/browser.js';

const Flow = suite('what a guest finishes at 390 px (booking, the allergen filter), and the outbox page, in Chromium');
const site = siteForSuite(Flow);

const rules = async () => (await fetch(`${site.base}/api/v1/bookings/rules`)).json();
/** The answer area is settled: no request for times under way. */
const timesSettled = (page: Page) => page.locator('.booking-times[aria-busy]').waitFor({ state: 'detached' });

Flow('book with an e-mail: the confirmation says where it goes and offers the link; a party grown to 3 keeps its time; the change is shown where the guest looks; cancelled, book again', async () => {
  const { firstDate, lastDate } = await rules();
  const { page, context } = await site.open({ width: 390 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${site.base}/book`);
  await timesSettled(page);

  // A day past the last bookable one: the server's sentence, next to the day, at once.
  const past = plusDays(lastDate, 3);
  await page.getByLabel('Day').fill(past);
  await page.getByLabel('Day').dispatchEvent('change');
  await page.locator('.booking-times .notice').filter({ hasText: 'Bookings are not open yet for' }).waitFor();

  // Two days on, a time; a phone number that cannot be called is refused under its field.
  await page.getByLabel('Day').fill(plusDays(firstDate, 2));
  await page.getByLabel('Day').dispatchEvent('change');
  await timesSettled(page);
  await page.getByRole('group', { name: /^Free times on / }).getByLabel('19:30', { exact: true }).check();
  await page.getByLabel('Name', { exact: true }).fill('Giulia Rossi');
  await page.getByLabel('Phone').fill('12');
  await page.getByLabel('E-mail (optional)').fill('giulia@example.com');
  await page.getByRole('button', { name: 'Book the table' }).click();
  const phoneError = page.locator('#book-phone-error');
  await phoneError.waitFor();
  assert.is(await phoneError.textContent(), '“12” is not a phone number we can call. For a number from abroad, add its country code (+44 20 7946 0958).');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'book-phone');
  assert.is(await page.getByLabel('Phone').getAttribute('aria-invalid'), 'true');
  // Focused below the sticky header, not under it.
  const header = await page.locator('.site-header').boundingBox();
  const field = await page.getByLabel('Phone').boundingBox();
  assert.ok(field!.y >= header!.y + header!.height, `the field (top ${field!.y}) is below the header (bottom ${header!.y + header!.height})`);
  await page.getByLabel('Phone').fill('347 123 4567');
  await phoneError.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Book the table' }).click();
  await page.waitForURL(/\/booking#[A-Za-z0-9_-]{22}$/);
  await page.getByRole('heading', { name: 'Thank you: booked', level: 1 }).waitFor();
  await page.getByText("A confirmation with this page's link and the calendar file goes to giulia@example.com.").waitFor();
  assert.is(await page.getByLabel('This booking’s private link').inputValue(), page.url());
  // The phone as the guest wrote it, not in international form.
  assert.is(await page.locator('.booking-facts dt', { hasText: 'Phone' }).locator('xpath=following-sibling::dd[1]').textContent(), '347 123 4567');
  await page.getByRole('button', { name: 'Copy the link' }).click();
  await page.getByText('Copied.').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), page.url());

  // 2 → 3 people only: the booking's own time is offered, marked and chosen.
  await page.getByText('Change the party, day or time').click();
  await timesSettled(page);
  await page.getByLabel('Party', { exact: true }).selectOption('3');
  await timesSettled(page);
  const own = page.getByLabel('19:30 (now)');
  assert.is(await own.isChecked(), true);
  await page.getByRole('button', { name: 'Change the booking' }).click();
  const outcome = page.locator('.booking-manage .outcome');
  await outcome.filter({ hasText: /^Changed: .* at 19:30, 3 people\.$/ }).waitFor();
  assert.is(await outcome.getAttribute('role'), 'status');
  assert.is(await page.evaluate(() => document.activeElement?.classList.contains('outcome')), true, 'the result is focused');
  const box = await outcome.boundingBox();
  assert.ok(box!.y >= 0 && box!.y + box!.height <= page.viewportSize()!.height, `the result is on screen (top ${box!.y})`);

  // Cancelled: it says so, and offers to book again.
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  await page.locator('dialog.ask[open]').getByRole('button', { name: 'Cancel the booking', exact: true }).click();
  await page.getByRole('heading', { name: 'Cancelled', level: 1 }).waitFor();
  await page.getByText('This booking is cancelled.').waitFor();
  assert.is(await page.getByRole('link', { name: 'Book a table again' }).getAttribute('href'), '/book');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/booking-cancelled-390.png`, fullPage: true });
});

Flow('the owner is warned when no table seats the largest party online, and the warning goes as the number comes down', async () => {
  const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width: 390 });
  await page.goto(`${site.base}/admin/booking-settings`);
  const largest = page.getByLabel('Largest party online');
  await largest.waitFor();
  const warning = page.locator('#rule-largestParty-warning');
  assert.is(await warning.textContent(), 'No table seats more than 4: guests see “For 5 or more, please call us”. Lower this to 4, or add a larger table on the Tables page.');
  assert.is(await largest.getAttribute('aria-describedby'), 'rule-largestParty-warning');
  await largest.fill('4');
  assert.is(await warning.textContent(), '');
});

Flow('the allergen filter at 390 px: choices a finger can hit (44 px), and the count beside them as it changes', async () => {
  const { page } = await site.open({ width: 390 });
  await page.goto(`${site.base}/menu`);
  await page.locator('.summary', { hasText: /dishes$/ }).waitFor();
  await page.getByText('Allergies? Hide dishes with…').click();
  const milk = page.locator('.without .choice', { hasText: 'milk' });
  const box = await milk.boundingBox();
  assert.ok(box!.height >= 44, `a choice is ${box!.height} px high`);
  await milk.click();
  await page.waitForURL(/without=milk/);
  const count = page.locator('.without-count');
  await count.filter({ hasText: / without milk$/ }).waitFor();
  assert.is(await count.textContent(), await page.locator('.summary').textContent());
  const shown = await count.boundingBox();
  assert.ok(shown!.y + shown!.height <= page.viewportSize()!.height, 'the count is on screen, by the filter');
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/menu-without-milk-390.png` });
});

Flow('the Admin reads the guest’s e-mails on /admin/messages: no mail server, so each waits with its text; axe at 360 and 1280 px, light and dark', async () => {
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await site.signedIn('ada@tavola.test', 'tavola-admin', { width });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${site.base}/admin/messages`);
      await page.getByRole('heading', { name: 'Guests’ e-mails', level: 1 }).waitFor();
      await page.getByText('No mail server is set (SMTP_URL), so nothing is sent').waitFor();
      const first = page.locator('.messages li').first();
      await first.getByText('Not sent: no mail server set (SMTP_URL)').waitFor();
      assert.match((await first.locator('h2').textContent())!, /^Cancelled: your table for /);
      await first.getByText('What the guest reads').click();
      assert.match((await first.locator('pre').textContent())!, /^Dear Giulia Rossi,\n\nyour booking is cancelled, as you asked\./);
      assert.equal(await axeViolations(page), [], `${width} px, ${scheme}`);
      if (width === 360 && scheme === 'light') {
        // By state: none sent here (no mail server), all three waiting.
        await page.getByLabel('Show').selectOption('sent');
        await page.getByText('None of these.').waitFor();
        await page.getByLabel('Show').selectOption('waiting');
        await page.locator('.messages li').nth(2).waitFor();
        assert.is(await page.locator('.messages li').count(), 3);
      }
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/admin-messages-${width}-${scheme}.png`, fullPage: true });
    }
  }
});

Flow.run();

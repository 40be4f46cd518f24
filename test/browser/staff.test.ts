// Staff accounts in Chromium: an Admin invites someone and hands over the link as a QR
// code; the QR code read back from a screenshot opens the set-password page in a fresh
// browser, where the new member chooses a password and lands on their page; they sign in
// with it later; a used link says so; My account changes the password; axe-core finds
// nothing on the new pages at 360 and 1280 px, light and dark.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeQr } from '../helpers/qr.js';
import { answerQuestion, checkBothSchemes, notNowAfterSessionEnded, screenshot, siteForSuite } from '../helpers/browser.js';

const Staff = suite('staff accounts in Chromium');
const site = siteForSuite(Staff);
const { open, signedIn } = site;

/** Reads the QR code in a PNG screenshot: the text it holds. */
Staff('invite → the QR code scanned → set a password → signed in on their page; later a sign-in with it; the link used up', async () => {
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/staff`);
  await page.getByRole('link', { name: 'Kai Moretti' }).waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Marta Ricci');
  await page.getByLabel('E-mail').fill('marta@tavola.test');
  await page.getByLabel('Role').selectOption('Kitchen');
  await page.getByRole('button', { name: 'Invite' }).click();
  const title = page.getByRole('heading', { name: "Marta Ricci's link to set a password" });
  await title.waitFor();
  assert.ok(await title.evaluate((node) => node === document.activeElement), 'focus moves to the link');
  await page.getByRole('link', { name: 'Marta Ricci' }).waitFor();
  const written = await page.getByLabel('The link').inputValue();
  assert.match(written, new RegExp(`^${site.base}/set-password#[A-Za-z0-9_-]{43}$`));

  const scanned = await decodeQr(await page.getByRole('img', { name: "QR code of Marta Ricci's link" }).screenshot());
  assert.is(scanned, written);

  // A fresh browser, as the new member's phone: the scanned address.
  const marta = await open({ width: 360 });
  await marta.page.goto(scanned);
  await marta.page.getByText('Welcome, Marta Ricci. Choose the password you will sign in with as marta@tavola.test.').waitFor();
  await marta.page.getByLabel('New password', { exact: true }).fill('pasta every single day');
  await marta.page.getByLabel('The same password again').fill('pasta every single dya');
  await marta.page.getByRole('button', { name: 'Set password and sign in' }).click();
  await marta.page.getByRole('alert').getByText('The two passwords are not the same. Type them again.').waitFor();
  await marta.page.getByLabel('The same password again').fill('pasta every single day');
  await marta.page.getByRole('button', { name: 'Set password and sign in' }).click();
  await marta.page.waitForURL(`${site.base}/kitchen`);
  await marta.page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();
  assert.is(await marta.page.evaluate(() => history.length), 2, 'the set-password entry was replaced');

  // The link is used up: opened again, it says so.
  const again = await open();
  await again.page.goto(scanned);
  await again.page.getByText('This link was already used (or a newer one was made). Ask an Admin for a new one, or sign in.').waitFor();
  // And the new password signs in.
  const later = await signedIn('marta@tavola.test', 'pasta every single day');
  assert.is(new URL(later.page.url()).pathname, '/kitchen', 'a Kitchen member signs in at the board');
});

Staff('an edited link and an address without one say so plainly', async () => {
  const { page } = await open();
  await page.goto(`${site.base}/set-password#not-a-real-link`);
  await page.getByText('This link is not valid: check that it was copied whole, or ask an Admin for a new one.').waitFor();
  await page.goto(`${site.base}/set-password`);
  await page.getByText('This address has no link in it: open the whole link you were given, or ask an Admin for a new one.').waitFor();
});

Staff('My account: a wrong current password is refused; the change ends the other sign-in', async () => {
  const here = await signedIn('wanda@tavola.test', 'tavola-waiter');
  const elsewhere = await signedIn('wanda@tavola.test', 'tavola-waiter');
  await here.page.goto(`${site.base}/account`);
  await here.page.getByLabel('Current password').fill('not my password');
  await here.page.getByLabel('New password (12 to 128 characters)').fill('a waiter with a long password');
  await here.page.getByLabel('The new password again').fill('a waiter with a long password');
  await here.page.getByRole('button', { name: 'Change password' }).click();
  await here.page.getByText('That is not your current password.').waitFor();
  await here.page.getByLabel('Current password').fill('tavola-waiter');
  await here.page.getByRole('button', { name: 'Change password' }).click();
  await here.page.getByText('Your password is changed. Your other sign-ins have ended.').waitFor();
  // The other browser's session has ended: its next protected page asks to sign in again.
  await elsewhere.page.goto(`${site.base}/account`);
  await notNowAfterSessionEnded(elsewhere.page);
});

Staff('an Admin deactivates a member: their open kitchen screen is sent to sign in', async () => {
  const kai = await signedIn('kai@tavola.test', 'tavola-kitchen');
  await kai.page.goto(`${site.base}/kitchen`);
  await kai.page.getByRole('heading', { name: 'Order queue', level: 1 }).waitFor();
  const { page } = await signedIn('ada@tavola.test', 'tavola-admin');
  await page.goto(`${site.base}/admin/staff/1`);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  assert.is(await answerQuestion(page, 'Deactivate Kai Moretti'), 'Deactivate Kai Moretti?');
  await page.getByText('Kai Moretti is deactivated.').waitFor();
  await kai.page.goto(`${site.base}/account`);
  await notNowAfterSessionEnded(kai.page);
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await page.getByText('Kai Moretti can sign in again.').waitFor();
});

Staff('axe-core finds nothing on the staff pages, set-password and My account at 360 and 1280 px, light and dark', async () => {
  const invite = await (async () => {
    const login = await fetch(`${site.base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'ada@tavola.test', password: 'tavola-admin' }) });
    const { accessToken } = await login.json();
    const made = await fetch(`${site.base}/api/v1/admin/staff`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ name: 'Axe Tester', email: 'axe@tavola.test', role: 'Waiter' }) });
    return (await made.json()).link.path as string;
  })();
  for (const width of [360, 1280]) {
    // One profile per width, its colour scheme switched: the light and dark passes need not sign in twice.
    const { page } = await signedIn('ada@tavola.test', 'tavola-admin', { width });
    const found: string[] = [];
    for (const [path, ready] of [
      ['/admin/staff', '.staff-list li'],
      ['/admin/staff/2', '#member-role'],
      ['/account', '#current-password'],
      [invite, '#new-password'],
    ] as const) {
      await page.goto(site.base + path);
      await page.locator(ready).first().waitFor();
      found.push(...(await checkBothSchemes(page, `${path} at ${width} px`, { each: (scheme) => screenshot(page, `staff${path.replace(/[/#]/g, '-').slice(0, 40)}-${width}-${scheme}`) })));
    }
    // The handover: a link and its QR code, as an Admin sees it after an invitation.
    await page.goto(`${site.base}/admin/staff`);
    await page.getByLabel('Name', { exact: true }).fill(`Guest ${width}`);
    await page.getByLabel('E-mail').fill(`guest-${width}@tavola.test`);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.locator('.handover .qr').waitFor();
    found.push(...(await checkBothSchemes(page, `handover at ${width} px`, { each: (scheme) => screenshot(page, `staff-handover-${width}-${scheme}`) })));
    assert.equal(found, []);
  }
});

Staff.run();

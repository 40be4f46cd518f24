// Signing in again in one touch, in Chromium with a virtual authenticator (the DevTools
// protocol's WebAuthn domain): the Admin adds a passkey on My account; later, editing the
// restaurant's details when the 2-minute session ends (the server's clock moved on), Save
// opens the sign-in dialog over the page with the specification's message; one touch of the
// passkey signs in again, the save is sent again and lands, and what was typed is still
// there. The sign-in page signs in with it too; removed, it no longer does. Passkeys need a
// host name (WebAuthn refuses an IP address), so these pages are opened at `localhost`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { answerQuestion, axeViolations, moveClock, siteForSuite } from '../helpers/browser.js';

const Passkeys = suite('passkeys and signing in again, in Chromium');
const site = siteForSuite(Passkeys);
const ADA = { email: 'ada@tavola.test', password: 'tavola-admin' };

/** A tab at `localhost` with a virtual platform authenticator that answers with a touch. */
async function withAuthenticator() {
  const tab = await site.open();
  const cdp = await tab.context.newCDPSession(tab.page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const local = site.base.replace('127.0.0.1', 'localhost');
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { ...tab, local, credentials };
}

async function signInWithPassword(page: Page, local: string) {
  await page.goto(`${local}/login`);
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password', { exact: true }).fill(ADA.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${local}/admin`);
}

Passkeys('a passkey added on My account signs in again in one touch when the session ends, and the failed save is sent again', async () => {
  const { page, local, credentials } = await withAuthenticator();
  await signInWithPassword(page, local);
  await page.goto(`${local}/account`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('status').filter({ hasText: /^Added: Passkey \d+, added / }).waitFor();
  assert.is((await credentials()).length, 1, 'the authenticator holds it');
  await page.locator('.passkeys li', { hasText: /not used yet/ }).waitFor();

  await page.goto(`${local}/admin/restaurant`);
  const phone = page.getByLabel('Phone');
  await phone.fill('+39 06 9876 5432');
  await moveClock(site, 125_000);
  await page.getByRole('button', { name: 'Save details' }).click();
  const dialog = page.locator('dialog.sign-in-again[open]');
  await dialog.waitFor();
  assert.is(await dialog.locator('#again-why').textContent(), 'Your session has ended — please sign in again.');
  assert.is(new URL(page.url()).pathname, '/admin/restaurant', 'the page stays');
  assert.equal(await axeViolations(page), []);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/sign-in-again-1280.png` });
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Saved: the imprint and the privacy notice show it now.').waitFor();
  assert.is(await phone.inputValue(), '+39 06 9876 5432', 'what was typed is still there');
  const restaurant = await (await fetch(`${site.base}/api/v1/restaurant`)).json();
  assert.is(restaurant.phone, '+39 06 9876 5432', 'the save landed once signed in again');
  assert.is(new URL(page.url()).pathname, '/admin/restaurant');
});

Passkeys('the sign-in page signs in with a passkey; removed (asked first), it signs in no more', async () => {
  const { page, local } = await withAuthenticator();
  await signInWithPassword(page, local);
  await page.goto(`${local}/account`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const added = (await page.getByRole('status').filter({ hasText: /^Added: / }).textContent())!.match(/^Added: (Passkey \d+, added [^.]+)\./)![1]!;
  await page.evaluate(() => localStorage.removeItem('tavola.session'));
  await page.goto(`${local}/login`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForURL(`${local}/admin`);
  await page.goto(`${local}/account`);
  // This device's (the first test's device has one of its own).
  await page.getByRole('button', { name: `Remove (${added})` }).click();
  assert.is(await answerQuestion(page, 'Remove the passkey'), `Remove ${added}?`);
  await page.getByRole('status').filter({ hasText: `${added} is removed.` }).waitFor();
  await page.evaluate(() => localStorage.removeItem('tavola.session'));
  await page.goto(`${local}/login`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.getByRole('alert').filter({ hasText: 'This passkey is not one of this site’s (it may have been removed, or its account deactivated). Sign in with your password.' }).waitFor();
  assert.is(new URL(page.url()).pathname, '/login');
});

Passkeys('signing in again with the password: the same dialog, the same save sent again; "Not now" keeps things as before', async () => {
  const { page, local } = await withAuthenticator();
  await signInWithPassword(page, local);
  await page.goto(`${local}/admin/restaurant`);
  await page.getByLabel('E-mail').fill('sala@tavola.example');
  await moveClock(site, 125_000);
  await page.getByRole('button', { name: 'Save details' }).click();
  const dialog = page.locator('dialog.sign-in-again[open]');
  await dialog.waitFor();
  assert.is(await page.evaluate(() => document.activeElement?.id), 'again-password');
  await page.keyboard.type('wrong password');
  await page.keyboard.press('Enter');
  await dialog.getByRole('alert').filter({ hasText: 'That password does not match. Try again.' }).waitFor();
  await dialog.getByLabel('Password').fill(ADA.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Saved: the imprint and the privacy notice show it now.').waitFor();
  assert.is((await (await fetch(`${site.base}/api/v1/restaurant`)).json()).email, 'sala@tavola.example');
});

Passkeys.run();

/**
 * A signed-in shopper's own controls, in the browser: from /account a shopper changes their password, signs out their
 * other devices, downloads their data and deletes their account.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';
import { postAsShopper, sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a sturdy passphrase';

async function registered(page: Page): Promise<string> {
  const email = `settings.${randomUUID()}@example.co.za`;
  await page.goto(shellUrl('/'));
  await postAsShopper(page, '/auth/register', { first_name: 'Refilwe', last_name: 'Sithole', email, password: PASSWORD, phone: '082 555 0142' });
  return email;
}

/** Another browser signed in to the account. */
async function signedInElsewhere(email: string, password: string) {
  const other = await newShopper(browser);
  await other.page.goto(shellUrl('/'));
  await postAsShopper(other.page, '/auth/login', { email, password });
  return other;
}

async function isSignedOut(page: Page): Promise<boolean> {
  await page.goto(shellUrl('/account'));
  await page.getByRole('heading', { name: /^(Sign in|Hello, Refilwe)$/ }).waitFor();
  return page.url().includes('/login?next=');
}

async function looksRightAtEveryWidth(page: Page, ready: () => Promise<void>): Promise<void> {
  for (const width of [375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The header redraws for the new width (desktop from 992 px) a moment after the resize.
    await page.locator(`header[data-variant='${width >= 992 ? 'desktop' : 'mobile'}']`).waitFor();
    await ready();
    expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: 0 });
  }
}

describe('account settings', () => {
  it('changes the password, signing out other devices, and signs out the rest on request', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const email = await registered(page);
    const phone = await signedInElsewhere(email, PASSWORD);

    await page.goto(shellUrl('/account'));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Password & devices' }).click();
    const form = page.getByRole('form', { name: 'Change your password' });
    await looksRightAtEveryWidth(page, () => form.waitFor());
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await form.getByLabel('Repeat the new password').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('That is not your current password.').waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Every other device has been signed out.').first().waitFor();
    expect(await isSignedOut(phone.page)).toBe(true);
    await phone.context.close();

    const tablet = await signedInElsewhere(email, 'a brand new passphrase');
    await page.goto(shellUrl('/account/security'));
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await page.locator('.acc-outcome').getByText('Signed out of 1 other device. You stay signed in here.').waitFor();
    expect(await isSignedOut(tablet.page)).toBe(true);
    expect(await isSignedOut(page)).toBe(false);
    await tablet.context.close();
    expect(errors.filter((error) => !/status of 403 .*\/api\/auth\/password/.test(error))).toEqual([]);
    await context.close();
  });

  it('downloads the account’s data and deletes the account, both confirmed by the password', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const email = await registered(page);
    await postAsShopper(page, '/account/addresses', { recipient: 'Refilwe Sithole', street: '7 Loop Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' });

    await page.goto(shellUrl('/account'));
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your data' }).click();
    const download = page.getByRole('form', { name: 'Download your data' });
    await looksRightAtEveryWidth(page, () => download.waitFor());
    await download.getByLabel('Your password').fill(PASSWORD);
    const [file] = await Promise.all([page.waitForEvent('download'), download.getByRole('button', { name: 'Download my data' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^jacaranda-account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await file.path(), 'utf8')) as { profile: { email: string }; addresses: { street: string }[] };
    expect(data.profile.email).toBe(email);
    expect(data.addresses.map((address) => address.street)).toEqual(['7 Loop Street']);

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const confirm = page.getByRole('form', { name: 'Delete your account' });
    await looksRightAtEveryWidth(page, () => confirm.waitFor());
    await confirm.getByLabel('Your password, to confirm').fill('not my password');
    await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
    await confirm.getByText('That is not your current password.').waitFor();
    await confirm.getByLabel('Your password, to confirm').fill(PASSWORD);
    const askedWhoIsSignedIn = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Your account has been deleted', { exact: true }).waitFor();
    // Home, signed out: not the sign-in page the account page's own "not signed in" would lead to.
    expect(await (await askedWhoIsSignedIn).json()).toEqual({ user: null });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(page.url()).toBe(shellUrl('/'));
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(postAsShopper(page, '/auth/login', { email, password: PASSWORD })).rejects.toThrow(/answered 401/);
    expect(errors.filter((error) => !/status of (403 .*\/api\/account\/delete|401 .*\/api\/auth\/login)/.test(error))).toEqual([]);
    await context.close();
  });
});

/**
 * An account whose password is being guessed asks whoever signs in for a code mailed to its
 * owner: in the browser, the owner reads it from the mail the store sent and signs in with it.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { apiUrl } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';
import { mailTo } from '../support/mail';
import { postAsShopper, sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a sturdy passphrase';

/** The code in the newest sign-in mail to `email`, once the mail server has it. */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const codes = (await mailTo(email)).filter((mail) => mail.subject === 'Your Jacaranda sign-in code').map((mail) => /Your code: (\d{6})/.exec(mail.text)?.[1]);
    const newest = codes.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no sign-in code reached ${email} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('signing in to an account being guessed', () => {
  it('asks for the code mailed to the owner, keeps what was typed, fits from 320 to 1280 px, and signs in with the code', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const email = `guessed.${randomUUID()}@example.co.za`;
    await page.goto(shellUrl('/'));
    await postAsShopper(page, '/auth/register', { first_name: 'Kagiso', last_name: 'Molefe', email, password: PASSWORD, phone: '082 555 0177' });
    await postAsShopper(page, '/auth/logout', {});
    // Someone guesses the password: five wrong ones.
    for (let n = 0; n < 5; n += 1) {
      const guess = await fetch(apiUrl('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `a guess ${n}` }),
      });
      expect(guess.status).toBe(401);
    }

    await page.reload();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByLabel('Remember me').check();
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    const code = dialog.getByLabel('Code from the email');
    await code.waitFor();
    expect(await dialog.getByRole('status').textContent()).toMatch(/^For your safety we need one more step: if the password is right, we've emailed a 6-digit code/);
    expect(await code.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await dialog.getByLabel('Email address').inputValue()).toBe(email);
    expect(await dialog.getByLabel('Password').inputValue()).toBe(PASSWORD);
    expect(await dialog.getByLabel('Remember me').isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const askAgain = dialog.getByRole('button', { name: 'Send a new code' });
    for (const width of [320, 375, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.locator(`header[data-variant='${width >= 992 ? 'desktop' : 'mobile'}']`).waitFor();
      expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: 0 });
      const box = await dialog.boundingBox();
      for (const part of [code, askAgain, dialog.getByRole('button', { name: 'Sign in' })]) {
        await part.scrollIntoViewIfNeeded();
        const inner = await part.boundingBox();
        expect({ width, inside: inner !== null && box !== null && inner.x >= box.x && inner.x + inner.width <= box.x + box.width }).toEqual({ width, inside: true });
        expect({ width, tall: (inner?.height ?? 0) >= 24 }).toEqual({ width, tall: true });
      }
    }

    await code.fill(await mailedCode(email));
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back, Kagiso!').waitFor();
    await page.getByRole('button', { name: 'Signed in as Kagiso' }).waitFor();
    // Remember me, ticked before the code was asked for, still counted.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'sf_session');
    expect(((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(29);
    // The api's 401 that asked for the code is the one failed request the page makes.
    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
    await context.close();
  });
});

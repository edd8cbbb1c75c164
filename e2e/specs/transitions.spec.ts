/**
 * No false states in between: from the click until the next page shows, a page being
 * left shows nothing it no longer means (an empty cart to a shopper who has one, an account that
 * "could not load" to one who just signed in or out). Every text the page shows on the way is
 * recorded (e2e/support/transitions.ts). Placing an order is checked in checkout.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';
import { postAsShopper } from '../support/shopperApi';
import { recordedTexts, recordTexts } from '../support/transitions';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The recorded texts that say something false, for a readable failure. */
async function falseStates(page: Page, untrue: readonly RegExp[]): Promise<string[]> {
  return (await recordedTexts(page)).filter((text) => untrue.some((pattern) => pattern.test(text))).map((text) => text.slice(0, 300));
}

const EMPTY_CART = [/No products in the cart/, /Add something you like/];
const ACCOUNT_FAILED = [/couldn.t load your account/i, /Something went wrong/i];

async function shopperWithALine(): Promise<{ page: Page; close: () => Promise<void>; name: string }> {
  const product = await simpleProductInStock();
  const { context, page } = await newShopper(browser);
  await page.goto(shellUrl(`/product?id=${product.link}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await postAsShopper(page, '/cart', { id: product.id, qty: 1 });
  return { page, close: () => context.close(), name: product.name };
}

it('product page → cart: the cart never shows as empty on the way', async () => {
  const { page, close, name } = await shopperWithALine();
  await page.reload();
  await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).first().waitFor();
  await page.getByRole('button', { name: /^Cart,/ }).click();
  const viewCart = page.getByRole('link', { name: 'View cart' });
  await viewCart.waitFor();
  await recordTexts(page);
  await viewCart.click();
  await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
  await page.getByRole('link', { name }).first().waitFor();
  expect(await falseStates(page, EMPTY_CART)).toEqual([]);
  await close();
});

it('cart → checkout: the checkout never says the cart is empty on the way', async () => {
  const { page, close } = await shopperWithALine();
  await page.goto(shellUrl('/cart'));
  const proceed = page.getByRole('link', { name: 'Proceed to checkout' });
  await proceed.waitFor();
  await recordTexts(page);
  await proceed.click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByRole('button', { name: 'Review order' }).waitFor();
  expect(await falseStates(page, EMPTY_CART)).toEqual([]);
  await close();
});

describe('signing in and out', () => {
  const password = 'a sturdy passphrase';

  async function registered(): Promise<{ page: Page; close: () => Promise<void>; email: string }> {
    const email = `transitions.${randomUUID()}@example.co.za`;
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/'));
    await postAsShopper(page, '/auth/register', { first_name: 'Lerato', last_name: 'Dlamini', email, password, phone: '0825550123' });
    return { page, close: () => context.close(), email };
  }

  it('signing in from /login back to the account never shows a failed account or the sign-in form again', async () => {
    const { page, close, email } = await registered();
    await postAsShopper(page, '/auth/logout', {});
    await page.goto(shellUrl('/account'));
    await page.getByRole('heading', { name: 'Sign in' }).first().waitFor();
    await page.getByLabel('Email address').first().fill(email);
    await page.getByLabel('Password').first().fill(password);
    await recordTexts(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Hello, Lerato' }).waitFor();
    expect(await falseStates(page, ACCOUNT_FAILED)).toEqual([]);
    await close();
  });

  it('signing out of the account never shows it failing, nor the sign-in page as if asked for', async () => {
    const { page, close } = await registered();
    await page.goto(shellUrl('/account'));
    await page.getByRole('heading', { name: 'Hello, Lerato' }).waitFor();
    await recordTexts(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await falseStates(page, [...ACCOUNT_FAILED, /Sign in to see your account/i])).toEqual([]);
    await close();
  });
});

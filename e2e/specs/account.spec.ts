import type { Browser, Route } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('accounts', () => {
  it('registers from the modal, signs out, signs in with remember me keeping the cart, and shows the dashboard', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const email = `e2e.${Date.now()}@example.co.za`;
    const password = 'a sturdy passphrase';

    await page.goto(shellUrl('/'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.waitFor();
    await login.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await register.waitFor();
    await register.getByLabel('First name').fill('Kagiso');
    await register.getByLabel('Last name').fill('Molefe');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel('Password').fill(password);
    // Typed with its country code after the +27 the box shows: saved once, not as +2727….
    await register.getByLabel('Phone number').pressSequentially('+27 82 555 0101');
    expect(await register.getByLabel('Phone number').inputValue()).toBe('+27825550101');
    await register.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Welcome, Kagiso! Your account is ready.').waitFor();
    await page.getByRole('button', { name: 'Signed in as Kagiso' }).waitFor();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    const product = await simpleProductInStock();
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(`${product.name} has been added to cart`).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    await page.getByRole('button', { name: 'Sign in' }).click();
    const again = page.getByRole('dialog', { name: 'Sign in' });
    await again.getByLabel('Email address').fill(email);
    await again.getByLabel('Password').fill(password);
    await again.getByLabel('Remember me').check();
    await again.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back, Kagiso!').waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();

    const session = (await context.cookies()).find((cookie) => cookie.name === 'sf_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Hello, Kagiso' }).waitFor();
    await page.getByText(email).waitFor();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+27825550101');

    await page.reload();
    await page.getByRole('heading', { name: 'Hello, Kagiso' }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says what is happening while a busy shop secures or checks a password, and then finishes', async () => {
    const { context, page } = await newShopper(browser);
    const email = `e2e.wait.${Date.now()}@example.co.za`;
    // The api's answer held back 2.5 s, as when its hashing queue has others' passwords ahead.
    const slowly = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    };
    await page.route('**/api/auth/register', slowly);
    await page.route('**/api/auth/login', slowly);

    await page.goto(shellUrl('/'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await register.getByLabel('First name').fill('Lerato');
    await register.getByLabel('Last name').fill('Dlamini');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel('Password').fill('a sturdy passphrase');
    await register.getByLabel('Phone number').fill('0825550102');
    await register.getByRole('button', { name: 'Create account' }).click();
    const securing = register.getByRole('status').filter({ hasText: 'Securing your password: the shop is busy just now, so this can take a few seconds.' });
    // Not at once: a quick answer needs no explaining.
    expect(await securing.count()).toBe(0);
    await securing.waitFor();
    await page.getByText('Welcome, Lerato! Your account is ready.').waitFor();
    await register.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByLabel('Email address').fill(email);
    await login.getByLabel('Password').fill('a sturdy passphrase');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByRole('status').filter({ hasText: 'Checking your password: the shop is busy just now' }).waitFor();
    await page.getByText('Welcome back, Lerato!').waitFor();
    await context.close();
  });

  it('sends a signed-out visitor from /account to /login and back after signing in', async () => {
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/account'));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account');
    await context.close();
  });
});

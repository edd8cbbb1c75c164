import { randomUUID } from 'node:crypto';
import type { Order } from '@storefront/shared';
import { cartLineKey } from '@storefront/shared/domain';
import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';
import { shopCommand } from '../support/shopCommands';
import { getAsShopper, postAsShopper, sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function register(page: Page, email: string, firstName: string): Promise<void> {
  await page.goto(shellUrl('/'));
  await postAsShopper(page, '/auth/register', { first_name: firstName, last_name: 'Dlamini', email, password: 'a sturdy passphrase', phone: '082 555 0199' });
}

describe('running the orders', () => {
  it('an operator marks an EFT order paid and ships it; the shopper follows it on the account and by look-up; a shopper cannot reach any of it', async () => {
    const stamp = Date.now();
    const shopperEmail = `buyer.${stamp}@example.co.za`;
    const operatorEmail = `ops.${stamp}@example.co.za`;

    // A shopper with an account places an EFT order (set up through the api; checkout has its own spec).
    const shopper = await newShopper(browser);
    const shopperErrors = collectPageErrors(shopper.page);
    await register(shopper.page, shopperEmail, 'Lindiwe');
    const product = await simpleProductInStock();
    await postAsShopper(shopper.page, '/cart', { id: cartLineKey(product), qty: 1 });
    await postAsShopper(
      shopper.page,
      '/orders',
      {
        contact: { first_name: 'Lindiwe', last_name: 'Dlamini', email: shopperEmail, phone: '+27825550199' },
        delivery: { method: 'delivery', street: '5 Jacaranda Avenue', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' },
        payment_method: 'eft',
      },
      { 'idempotency-key': randomUUID() },
    );
    const [order] = await getAsShopper<Order[]>(shopper.page, '/orders');
    if (!order) throw new Error('the order was not placed');
    expect(order.status).toBe('awaiting_payment');

    // The would-be operator signs up like anyone, then is made an operator at the shop's machine.
    const operator = await newShopper(browser);
    const operatorErrors = collectPageErrors(operator.page);
    await register(operator.page, operatorEmail, 'Sipho');
    expect(await shopCommand('operators', 'add', operatorEmail)).toBe(`${operatorEmail} is now an operator: signed in, they see the shop's orders at /operator.`);

    // Until then, and for every shopper, the operator's pages and api are closed.
    await shopper.page.goto(shellUrl('/operator'));
    await shopper.page.getByText('This part of the store is for the shop’s operators.').waitFor();
    // With the shopper's cookies (the context's own requests, so the page's console stays clean).
    expect((await shopper.context.request.get(shellUrl('/api/operator/orders'))).status()).toBe(403);

    // The operator signs in on the store's own sign-in page, sent there by /operator, and comes back.
    const page = operator.page;
    await operator.context.clearCookies();
    await page.goto(shellUrl('/operator'));
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/operator');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email address').fill(operatorEmail);
    await signIn.getByLabel('Password').fill('a sturdy passphrase');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/operator');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    // It is in the Account menu too; the operator finds the order by its number.
    await page.goto(shellUrl('/'));
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Shop orders (operator)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const find = page.getByRole('search', { name: 'Find orders' });
    await find.getByRole('searchbox', { name: 'Search', exact: true }).fill(order.number);
    await find.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === order.number);
    await page.getByRole('link', { name: order.number }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();

    // Mark paid with the bank's reference, pack, ship with a tracking number.
    const paidForm = page.getByRole('form', { name: 'Mark paid' });
    await paidForm.getByLabel('Payment reference').fill('FNB 55102');
    await paidForm.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText(`${order.number} is now paid.`).first().waitFor();
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await page.getByText(`${order.number} is now packed.`).first().waitFor();
    const shipForm = page.getByRole('form', { name: 'Ship' });
    await shipForm.getByLabel('Tracking number (optional)').fill('TCG 4455 66');
    await shipForm.getByRole('button', { name: 'Ship' }).click();
    await page.getByText(`${order.number} is now shipped.`).first().waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Tracking number: TCG 4455 66').waitFor();
    expect(await history.getByText(`by ${operatorEmail}`).count()).toBe(3);
    // Nothing moves a shipped order but delivery: no cancel is offered.
    expect(await page.getByRole('button', { name: /Cancel order/ }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);

    // The shopper's account shows it, with its history and the tracking number.
    await shopper.page.goto(shellUrl(`/account/orders/${order.id}`));
    await shopper.page.getByText('Tracking number: TCG 4455 66').first().waitFor();
    for (const state of ['Awaiting payment', 'Paid', 'Packed', 'Shipped']) {
      await shopper.page.locator('.acc-history__event', { hasText: state }).first().waitFor();
    }
    expect(await shopper.page.getByText(operatorEmail).count()).toBe(0);
    await shopper.page.goto(shellUrl('/account/orders'));
    await shopper.page.getByRole('row', { name: new RegExp(order.number) }).getByText('Shipped').waitFor();

    // A guest (another browser, no account) looks it up by number and email, on a phone.
    const guest = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const guestPage = await guest.newPage();
    await guestPage.goto(shellUrl('/order-status'));
    await guestPage.getByLabel('Order number').fill(order.number.toLowerCase());
    await guestPage.getByLabel('Email address').fill('someone.else@example.co.za');
    await guestPage.getByRole('button', { name: 'Find the order' }).click();
    await guestPage.getByText('We could not find an order with that number and email.').waitFor();
    await guestPage.getByLabel('Email address').fill(shopperEmail.toUpperCase());
    await guestPage.getByRole('button', { name: 'Find the order' }).click();
    await guestPage.getByText('Tracking number: TCG 4455 66').first().waitFor();
    // Numbers follow one sequence: the look-up names the town and the phone's last digits, not where the shopper lives.
    const found = guestPage.getByRole('region', { name: `Order ${order.number}` });
    expect(await found.getByRole('definition').allTextContents()).toEqual(expect.arrayContaining(['Pretoria', 'Ending 0199']));
    const shown = await found.innerText();
    for (const hidden of ['5 Jacaranda Avenue', 'Hatfield', '825550199']) expect(shown).not.toContain(hidden);
    expect(guestPage.url()).not.toContain('example.co.za');
    expect(await sidewaysOverflow(guestPage)).toBe(0);

    expect(shopperErrors).toEqual([]);
    expect(operatorErrors).toEqual([]);
    await guest.close();
    await shopper.context.close();
    await operator.context.close();
  });
});

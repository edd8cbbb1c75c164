/**
 * The shop's staff add a product in the browser and shoppers buy it: an operator with the
 * catalogue role creates a product in two colours with a picture, counts its stock, a shopper
 * finds it in search and buys it, then the operator raises its price; the order keeps the price
 * it was placed at.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Order } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
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

const PICTURE = path.resolve(__dirname, '../../api/src/modules/catalogueFiles/fixtures/pictures/dress-navy.jpg');

async function register(page: Page, email: string, firstName: string): Promise<void> {
  await page.goto(shellUrl('/'));
  await postAsShopper(page, '/auth/register', { first_name: firstName, last_name: 'Naidoo', email, password: 'a sturdy passphrase', phone: '082 555 0142' });
}

describe('staff editing the catalogue', () => {
  it('an operator creates a product with two colours and a picture, counts its stock; a shopper buys it; a later price leaves the order as placed', async () => {
    const stamp = Date.now().toString(36);
    const word = `Tsitsikamma${stamp}`;
    const name = `${word} Rain Jacket`;
    const operatorEmail = `catalogue.${stamp}@example.co.za`;

    const operator = await newShopper(browser);
    const operatorErrors = collectPageErrors(operator.page);
    await register(operator.page, operatorEmail, 'Priya');
    expect(await shopCommand('operators', 'add', operatorEmail, '--catalogue')).toContain('is now an operator who edits the catalogue');

    // The product, made in the form.
    const page = operator.page;
    await page.goto(shellUrl('/operator/products/new'));
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Keeps the Garden Route rain out.\n\nTaped seams.');
    const colours = page.getByRole('group', { name: 'Colours' });
    await colours.getByLabel('black').check();
    await colours.getByLabel('blue').check();
    const sizes = page.getByRole('group', { name: 'Sizes' });
    await sizes.getByLabel('medium').check();
    await page.getByLabel('Price (R)').fill('899');
    // A new product starts as a draft: shoppers see it once it is published.
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => /^\/operator\/products\/[0-9a-z]+$/.test(url.pathname));
    expect(await sidewaysOverflow(page)).toBe(0);

    // A picture, made at once in the store's sizes.
    await page.getByLabel('Add a picture').setInputFiles(PICTURE);
    await page.getByRole('group', { name: 'Picture 1' }).waitFor();

    // Stock: 3 blue jackets in medium arrive.
    const stock = page.getByRole('region', { name: 'Stock' });
    await stock.getByLabel('Variant').selectOption({ label: await variantLabel(stock, 'Blue') });
    await stock.getByLabel('Reason').selectOption('received');
    await stock.getByLabel('Quantity').fill('3');
    await stock.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('region', { name: 'History' }).getByRole('cell', { name: operatorEmail }).waitFor();

    // A shopper finds it in search and buys a blue one.
    const shopper = await newShopper(browser);
    const shopperErrors = collectPageErrors(shopper.page);
    await shopper.page.goto(shellUrl(`/shop?search=${word}`));
    const card = shopper.page.getByTestId('product-card').filter({ hasText: name });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toContain('/images/catalogue/');
    await card.getByRole('link', { name, exact: true }).click();
    await shopper.page.getByRole('heading', { level: 1, name }).waitFor();
    await shopper.page.getByRole('button', { name: 'blue', exact: true }).click();
    await shopper.page.getByRole('button', { name: 'medium', exact: true }).click();
    await shopper.page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await shopper.page.getByText(`${name} has been added to cart`).waitFor();
    await postAsShopper(
      shopper.page,
      '/orders',
      {
        contact: { first_name: 'Ayanda', last_name: 'Zulu', email: `buyer.${stamp}@example.co.za`, phone: '+27825550142' },
        delivery: { method: 'collect' },
        payment_method: 'cod',
      },
      { 'idempotency-key': randomUUID() },
    );
    const [order] = await getAsShopper<Order[]>(shopper.page, '/orders');
    expect(order?.lines[0]).toMatchObject({ name, colour: 'blue', size: 'm', price: 899, qty: 1 });

    // The operator raises the price; the shop shows it, the order keeps its own.
    await page.reload();
    await page.getByLabel('Price (R)').fill('999');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').first().waitFor();
    await shopper.page.reload();
    await shopper.page.getByText('R999.00').first().waitFor();
    const [kept] = await getAsShopper<Order[]>(shopper.page, '/orders');
    expect(kept?.lines[0]?.price).toBe(899);
    expect(kept?.total).toBe(order?.total);

    // The operator's pages fit a phone and a desktop alike; a shopper is told to sign in.
    const editPage = new URL(page.url()).pathname;
    for (const width of [320, 375, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const where of ['/operator/products', editPage]) {
        await page.goto(shellUrl(where));
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect([width, where, await sidewaysOverflow(page)]).toEqual([width, where, 0]);
      }
    }
    const guest = await newShopper(browser);
    await guest.page.goto(shellUrl('/operator/products'));
    await guest.page.getByText('Sign in with an operator’s account to edit the shop’s products.').waitFor();
    await guest.context.close();

    expect(operatorErrors).toEqual([]);
    expect(shopperErrors).toEqual([]);
    await operator.context.close();
    await shopper.context.close();
  });
});

/** The variant select's option for a colour, whatever the size is written as. */
async function variantLabel(stock: ReturnType<Page['getByRole']>, colour: string): Promise<string> {
  const labels = await stock.getByLabel('Variant').locator('option').allTextContents();
  const label = labels.find((text) => text.startsWith(colour));
  if (!label) throw new Error(`no variant of ${colour} among ${labels.join(', ')}`);
  return label;
}

/**
 * The amounts a shopper puts in the cart are the amounts they meant: the product page
 * that shows the cart's quantity sets the line to it ("Update cart") rather than adding it again,
 * and an add at the stock limit says that nothing more was added.
 */
import type { Product } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
import { fetchProducts } from '../support/api';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';
import { variantProductInStock } from '../support/products';
import { cartOf, postAsShopper } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});


const badge = (page: Page, count: number) => page.getByTestId('cart-count').filter({ hasText: new RegExp(`^${count}$`) }).first().waitFor();
const toastSaying = (page: Page, text: string) => page.getByText(text).first().waitFor();

async function simpleProduct(minimumStock: number, maximumStock = Number.POSITIVE_INFINITY): Promise<Product> {
  const product = (await fetchProducts()).find(
    (item) => !item.has_variants && !item.out_of_stock && item.available_stock >= minimumStock && item.available_stock <= maximumStock,
  );
  if (!product) throw new Error(`the seeded catalogue has no simple product with ${minimumStock} to ${maximumStock} in stock`);
  return product;
}

describe('the cart holds what the shopper meant', () => {
  it('with 3 in the cart the product page shows 3 and "Update cart" sets the line, never doubling it', async () => {
    const product = await simpleProduct(6);
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true }).first();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await badge(page, 3);
    await toastSaying(page, `${product.name} has been added to cart`);

    // The page now shows the cart's 3, and the button says what it will do with them.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const update = page.getByRole('button', { name: 'Update cart', exact: true }).first();
    await update.waitFor();
    expect(await quantity.inputValue()).toBe('3');
    expect(await page.getByRole('button', { name: 'Add to Cart', exact: true }).count()).toBe(0);
    await update.click();
    await toastSaying(page, `Your cart already holds 3 × ${product.name}.`);
    await badge(page, 3);
    expect((await cartOf(page)).map((line) => line.qty)).toEqual([3]);

    await quantity.fill('5');
    await update.click();
    await toastSaying(page, `Your cart now holds 5 × ${product.name}.`);
    await badge(page, 5);
    expect((await cartOf(page)).map((line) => line.qty)).toEqual([5]);
    await context.close();
  });

  it("picking a variant the cart holds shows its quantity and updates it; another variant is added", async () => {
    const product = await variantProductInStock();
    const [colour] = product.colours;
    const [first, second] = product.sizes;
    if (!colour || !first || !second) throw new Error('variant product without two sizes');
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true }).first();
    await page.getByRole('button', { name: colour.name, exact: true }).first().click();
    await page.getByRole('button', { name: first.label, exact: true }).first().click();
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await badge(page, 2);
    await page.getByRole('button', { name: 'Update cart', exact: true }).first().waitFor();

    // Another size: not in the cart, so the quantity is the shopper's to choose, and it is added.
    await page.getByRole('button', { name: second.label, exact: true }).first().click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().waitFor();
    expect(await quantity.inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await badge(page, 3);

    // Back to the first size: the page shows the 2 the cart holds of it, and Update cart keeps them 2.
    await page.getByRole('button', { name: first.label, exact: true }).first().click();
    await page.getByRole('button', { name: 'Update cart', exact: true }).first().waitFor();
    expect(await quantity.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Update cart', exact: true }).first().click();
    await toastSaying(page, `Your cart already holds 2 × ${product.name}.`);
    await badge(page, 3);
    expect((await cartOf(page)).map((line) => [line.size, line.qty]).sort()).toEqual([
      [first.name, 2],
      [second.name, 1],
    ].sort());
    await context.close();
  });

  it('a negative quantity typed on the product page becomes 1, the least one can buy, as 0 does; the cart gets 1', async () => {
    const product = await simpleProduct(6);
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const quantity = page.getByLabel('Quantity', { exact: true }).first();
    await quantity.fill('-3');
    expect(await quantity.inputValue()).toBe('1');
    await quantity.fill('4');
    await quantity.selectText();
    await quantity.pressSequentially('-3');
    expect(await quantity.inputValue()).toBe('1');
    await quantity.fill('0');
    expect(await quantity.inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await badge(page, 1);
    expect((await cartOf(page)).map((line) => line.qty)).toEqual([1]);
    await context.close();
  });

  it('at the stock limit, Add to Cart on a card says the cart already holds all there is, and adds nothing', async () => {
    const product = await simpleProduct(2, 20);
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/shop?search=${encodeURIComponent(product.name)}`));
    await postAsShopper(page, '/cart', { id: product.id, qty: product.available_stock });
    await page.reload();
    await badge(page, product.available_stock);
    await page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first().click();
    await toastSaying(page, `Your cart already holds all ${product.available_stock} of ${product.name} we have: nothing more was added.`);
    expect(await page.getByText(`${product.name} has been added to cart`).count()).toBe(0);
    await badge(page, product.available_stock);
    expect((await cartOf(page)).map((line) => line.qty)).toEqual([product.available_stock]);
    await context.close();
  });
});

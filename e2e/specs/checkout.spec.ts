import { DELIVERY_FEE, formatRand, fromCents, toCents } from '@storefront/shared/domain';
import type { CartItem, Order, Product } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
import { fetchProducts } from '../support/api';
import { E2E_BANK_ACCOUNT } from '../support/bankAccount';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';
import { recordedTexts, recordTexts, recordTextsFromFirstPaint } from '../support/transitions';
import { getAsShopper } from '../support/shopperApi';

/** A whole checkout in a browser takes longer than jest's default 5 seconds. */
const CHECKOUT_TIMEOUT_MS = 60_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Products from the end of the catalogue, so the stock this order takes is not what the other
 * specs, which pick from the start, rely on.
 */
async function productsToBuy(): Promise<{ simple: Product; variant: Product }> {
  const products = [...(await fetchProducts())].reverse();
  const simple = products.find((product) => !product.has_variants && product.available_stock >= 5);
  const variant = products.find(
    (product) => product.has_variants && product.colours.length > 0 && product.sizes.length > 0 && product.available_stock >= 5,
  );
  if (!simple || !variant) throw new Error('the seeded catalogue has no simple and variant products in stock');
  return { simple, variant };
}

/** Reads the api as this shopper: through the page, so the request carries the browser's own cookie. */
async function addToCartFromProductPage(page: Page, product: Product, choose?: { colour: string; sizeLabel: string }): Promise<void> {
  await page.goto(shellUrl(`/product?id=${product.link}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  if (choose) {
    await page.getByRole('button', { name: choose.colour, exact: true }).click();
    await page.getByRole('button', { name: choose.sizeLabel, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText(`${product.name} has been added to cart`).waitFor();
}

describe('checkout', () => {
  it('two products (one with variants), a quantity changed on /cart, delivery: confirmed, listed in GET /orders, badge 0', async () => {
    const { simple, variant } = await productsToBuy();
    const colour = variant.colours[0]?.name ?? '';
    const size = variant.sizes[0];
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);

    await addToCartFromProductPage(page, simple);
    const popup = page.getByRole('complementary', { name: 'Added to cart' });
    await popup.waitFor();
    expect(await popup.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    await addToCartFromProductPage(page, variant, { colour, sizeLabel: size?.label ?? '' });
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();

    await page.goto(shellUrl('/cart'));
    const quantity = page.getByLabel(`Quantity of ${simple.name}`);
    await quantity.waitFor();
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === `/api/cart/${simple.id}`);
    await quantity.fill('3');
    expect((await saved).status()).toBe(200);
    await page.getByTestId('cart-count').filter({ hasText: /^4$/ }).waitFor();
    const cart = await getAsShopper<CartItem[]>(page, '/cart');
    expect(cart.map((line) => [line.product_id, line.qty, line.colour, line.size])).toEqual([
      [simple.id, 3, null, null],
      [variant.id, 1, colour, size?.name],
    ]);

    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('First name').fill('Thandi');
    await page.getByLabel('Last name').fill('Nkosi');
    await page.getByLabel('Email address').fill('thandi@example.co.za');
    // Typed as 27…, key by key: the country code once, nothing cut off.
    await page.getByLabel('Phone number').pressSequentially('27821234567');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+27821234567');
    expect(await page.getByRole('radio', { name: /Deliver to my door/ }).isChecked()).toBe(true);
    await page.getByLabel('Street address').fill('12 Long Street');
    await page.getByLabel('Suburb').fill('Gardens');
    await page.getByLabel('City or town').fill('Cape Town');
    await page.getByLabel('Province').selectOption('Western Cape');
    await page.getByLabel('Postal code').fill('8001');
    await page.getByRole('radio', { name: /EFT bank transfer/ }).check();
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('heading', { level: 2, name: 'Review your order' }).waitFor();
    expect(new URL(page.url()).search).toBe('?step=review');
    expect(await page.getByTestId('review-line').count()).toBe(2);
    expect(await page.getByTestId('review-address').textContent()).toContain('12 Long Street');
    // Every text the page shows from the click until the confirmation: the shopper who
    // just paid must never read that their cart is empty.
    await recordTexts(page);
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.getByRole('heading', { level: 1, name: 'Thank you, Thandi! Your order is placed.' }).waitFor();
    const seenTexts = await recordedTexts(page);
    expect(seenTexts.length).toBeGreaterThan(0);
    expect(seenTexts.filter((text) => text.includes('No products in the cart'))).toEqual([]);
    expect(page.url()).toMatch(/\/checkout\/complete\/[0-9a-f-]{36}$/);
    const number = (await page.getByTestId('order-number').textContent()) ?? '';
    expect(number).toMatch(/^JAC-\d{4}-\d{6}$/);
    expect(await page.getByTestId('payment-reference').textContent()).toBe(number);
    // The shop's own account, as its configuration gives it (e2e/support/bankAccount.ts), never a sample.
    const bankDetails = (await page.getByTestId('bank-details').textContent()) ?? '';
    for (const value of Object.values(E2E_BANK_ACCOUNT)) expect(bankDetails).toContain(value);
    expect(bankDetails).toContain(`Reference${number}`);
    const totalCents = cart.reduce((sum, line) => sum + toCents(line.price) * line.qty, 0) + toCents(DELIVERY_FEE);
    expect(await page.getByTestId('order-total').textContent()).toBe(formatRand(fromCents(totalCents)));
    expect(await page.getByTestId('order-line').count()).toBe(2);

    const orders = await getAsShopper<Order[]>(page, '/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: page.url().split('/').pop(),
      number,
      status: 'awaiting_payment',
      delivery_method: 'delivery',
      address: { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
      total: fromCents(totalCents),
    });
    expect(orders[0]?.lines.map((line) => [line.product_id, line.qty])).toEqual([
      [simple.id, 3],
      [variant.id, 1],
    ]);

    await page.getByTestId('cart-count').filter({ hasText: /^0$/ }).waitFor();
    expect(await getAsShopper<CartItem[]>(page, '/cart')).toEqual([]);
    await page.reload();
    await page.getByTestId('order-number').filter({ hasText: number }).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('0');

    expect(errors).toEqual([]);
    await context.close();
  }, CHECKOUT_TIMEOUT_MS);

  it("another shopper opening the confirmation link sees 'Order not found'", async () => {
    const { simple } = await productsToBuy();
    const buyer = await newShopper(browser);
    await addToCartFromProductPage(buyer.page, simple);
    await buyer.page.goto(shellUrl('/checkout?delivery=collect'));
    expect(await buyer.page.getByRole('radio', { name: /Collect in store/ }).isChecked()).toBe(true);
    await buyer.page.getByLabel('First name').fill('Sipho');
    await buyer.page.getByLabel('Last name').fill('Dube');
    await buyer.page.getByLabel('Email address').fill('sipho@example.co.za');
    await buyer.page.getByLabel('Phone number').fill('0831234567');
    await buyer.page.getByRole('radio', { name: /Cash on collection/ }).check();
    await buyer.page.getByRole('button', { name: 'Review order' }).click();
    await buyer.page.getByRole('heading', { level: 2, name: 'Review your order' }).waitFor();
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await buyer.page.getByTestId('order-number').waitFor();
    const confirmation = buyer.page.url();

    const stranger = await newShopper(browser);
    await stranger.page.goto(confirmation);
    await stranger.page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    expect(await stranger.page.getByTestId('order-number').count()).toBe(0);
    await stranger.context.close();
    await buyer.context.close();
  }, CHECKOUT_TIMEOUT_MS);

  it('a shop without a bank account offers cash alone from the first paint: EFT is never shown, even while the shop is still being asked', async () => {
    const { simple } = await productsToBuy();
    const { context, page } = await newShopper(browser);
    // The shop's answer is slow to come and has no EFT, as for a shop that has set no bank account.
    await context.route('**/api/payment-methods', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ payment_methods: ['cod'] }) });
    });
    await addToCartFromProductPage(page, simple);
    await recordTextsFromFirstPaint(context);

    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/payment-methods');
    await page.goto(shellUrl('/checkout'));
    await answered;
    const cash = page.getByRole('radio', { name: /Cash on delivery/ });
    await cash.waitFor();
    const seenTexts = await recordedTexts(page);
    expect(seenTexts.length).toBeGreaterThan(0);
    expect(seenTexts.filter((text) => text.includes('EFT bank transfer'))).toEqual([]);
    expect(await page.getByRole('radio', { name: /EFT bank transfer/ }).count()).toBe(0);
    expect(await cash.isChecked()).toBe(true);
    await context.close();
  }, CHECKOUT_TIMEOUT_MS);

  it('an empty cart at /checkout gets a friendly way back to the shop', async () => {
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/checkout'));
    await page.getByText('No products in the cart.').waitFor();
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL(/\/shop$/);
    await context.close();
  }, CHECKOUT_TIMEOUT_MS);
});

/**
 * The checkout's review step (ECTA s43: the whole order can be reviewed and corrected before it
 * is placed): a guest goes from the details to the review, corrects the address from it, and
 * places the order with the corrected address; Back, Forward and a reload behave; the review is
 * whole and reachable at 320, 375, 1024 and 1280 px.
 */
import type { CartItem, Order, Product } from '@storefront/shared';
import { DELIVERY_FEE, formatRand, orderTotals } from '@storefront/shared/domain';
import type { Browser, Page } from 'playwright-core';
import { fetchProducts } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';
import { coveredControls } from '../support/coverage';
import { getAsShopper, postAsShopper, sidewaysOverflow } from '../support/shopperApi';
import { recordedTexts, recordTexts } from '../support/transitions';

let browser: Browser;
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  // From the end of the catalogue, so the stock these orders take is not what the specs that
  // pick from the start rely on.
  const found = [...(await fetchProducts())].reverse().find((item) => !item.has_variants && item.available_stock >= 10);
  if (!found) throw new Error('the seeded catalogue has no simple product with 10 in stock');
  product = found;
});

afterAll(async () => {
  await browser?.close();
});

const GUEST = {
  firstName: 'Naledi',
  lastName: 'Mokoena',
  email: 'naledi.mokoena@example.co.za',
  phone: '0721234567',
  street: '8 Jacaranda Avenue',
  suburb: 'Arcadia',
  city: 'Pretoria',
  province: 'Gauteng',
  postalCode: '0083',
};

/** A cart with the product in it, put there through the shopper's own cookie. */
async function withCart(page: Page, qty: number): Promise<void> {
  await page.goto(shellUrl('/'));
  await postAsShopper(page, '/cart', { id: product.id, qty });
}

async function fillDetails(page: Page): Promise<void> {
  await page.getByLabel('First name').fill(GUEST.firstName);
  await page.getByLabel('Last name').fill(GUEST.lastName);
  await page.getByLabel('Email address').fill(GUEST.email);
  await page.getByLabel('Phone number').fill(GUEST.phone);
  await page.getByLabel('Street address').fill(GUEST.street);
  await page.getByLabel('Suburb').fill(GUEST.suburb);
  await page.getByLabel('City or town').fill(GUEST.city);
  await page.getByLabel('Province').selectOption(GUEST.province);
  await page.getByLabel('Postal code').fill(GUEST.postalCode);
}

/** Review order, then the review, its heading focused as a screen reader's user needs it. */
async function openReview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('heading', { level: 2, name: 'Review your order' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Review your order');
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return element?.labels?.[0]?.textContent ?? element?.textContent ?? '';
  });

describe('the checkout review', () => {
  it('a guest reviews the whole order, corrects the address from the review, and the order placed has the corrected address', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await withCart(page, 2);
    await page.goto(shellUrl('/checkout'));
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillDetails(page);
    expect(await page.getByRole('checkbox', { name: /Send me Jacaranda's news and offers by email/ }).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);

    await openReview(page);
    expect(new URL(page.url()).search).toBe('?step=review');
    const cart = await getAsShopper<CartItem[]>(page, '/cart');
    const totals = orderTotals(cart, 'delivery');
    const line = page.getByTestId('review-line');
    expect(await line.count()).toBe(1);
    expect(await line.textContent()).toContain(product.name);
    expect(await line.textContent()).toContain(`Quantity 2 × ${formatRand(cart[0]?.price ?? 0)}`);
    expect(await page.getByTestId('review-delivery').textContent()).toBe(`Deliver to my door: ${formatRand(DELIVERY_FEE)}`);
    expect(await page.getByTestId('order-subtotal').textContent()).toBe(formatRand(totals.subtotal));
    expect(await page.getByTestId('order-total').textContent()).toBe(formatRand(totals.total));
    expect(await page.getByTestId('order-vat').textContent()).toBe(formatRand(totals.vat));
    expect(await page.getByTestId('review-payment').textContent()).toContain('EFT bank transfer');
    expect(await page.getByTestId('review-contact').innerText()).toBe(`${GUEST.firstName} ${GUEST.lastName}\n${GUEST.email}\n+27721234567`);
    expect(await page.getByTestId('review-address').innerText()).toBe(
      `${GUEST.firstName} ${GUEST.lastName}\n${GUEST.street}\n${GUEST.suburb}\n${GUEST.city}, ${GUEST.province}\n${GUEST.postalCode}`,
    );
    expect(await page.getByTestId('review-marketing').textContent()).toBe('No news or offers by email.');
    const policy = page.getByRole('link', { name: 'Returns and refunds policy (opens in a new tab)' });
    expect(await policy.getAttribute('href')).toBe('/legal/returns');
    expect(await policy.getAttribute('target')).toBe('_blank');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to the details and Forward to the review, everything kept.
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Street address').inputValue()).toBe(GUEST.street);
    await page.goForward();
    await page.getByRole('heading', { level: 2, name: 'Review your order' }).waitFor();

    // The address is wrong: Change takes the shopper to it, focused, and the rest is kept.
    await page.getByRole('button', { name: 'Change delivery address' }).click();
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'street');
    expect(await focusedLabel(page)).toBe('Street address');
    expect(await page.getByLabel('First name').inputValue()).toBe(GUEST.firstName);
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+27721234567');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('15 Jorissen Street');
    await page.getByLabel('Suburb').fill('Sunnyside');
    await openReview(page);
    expect(await page.getByTestId('review-address').innerText()).toContain('15 Jorissen Street\nSunnyside\n');

    // Every text from the click until the confirmation: never an empty cart on the way.
    await recordTexts(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: `Thank you, ${GUEST.firstName}! Your order is placed.` }).waitFor();
    expect((await recordedTexts(page)).filter((text) => text.includes('No products in the cart'))).toEqual([]);
    const confirmation = await page.locator('.chk-confirmation address').innerText();
    expect(confirmation).toContain('15 Jorissen Street');
    expect(confirmation).not.toContain(GUEST.street);

    const orders = await getAsShopper<Order[]>(page, '/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: page.url().split('/').pop(),
      delivery_method: 'delivery',
      address: { street: '15 Jorissen Street', suburb: 'Sunnyside', city: GUEST.city, province: GUEST.province, postal_code: GUEST.postalCode },
      total: totals.total,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload on the review, with nothing typed kept, shows the details and no Place order; the delivery choice stays', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await withCart(page, 1);
    await page.goto(shellUrl('/checkout?delivery=collect'));
    await page.getByLabel('First name').fill(GUEST.firstName);
    await page.getByLabel('Last name').fill(GUEST.lastName);
    await page.getByLabel('Email address').fill(GUEST.email);
    await page.getByLabel('Phone number').fill(GUEST.phone);
    await openReview(page);
    expect(await page.getByTestId('review-delivery').textContent()).toContain('Collect in store: free.');
    expect(new URL(page.url()).search).toBe('?delivery=collect&step=review');

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    await page.waitForURL((url) => url.search === '?delivery=collect');
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /Collect in store/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('');
    expect(await getAsShopper<Order[]>(page, '/orders')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([320, 375, 1024, 1280])('at %i px the review is whole: nothing cut off, covered or scrolling sideways', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await withCart(page, 1);
    await page.goto(shellUrl('/checkout'));
    await fillDetails(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await openReview(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await coveredControls(page)).toEqual([]);
    // Every part and its Change, the policies and Place order are on the page, inside its width.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.chk-review-part, .chk-change, .chk-policies a, .chk-place')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width === 0 || box.left < 0 || box.right > document.documentElement.clientWidth;
        })
        .map((element) => element.textContent),
    );
    expect(outside).toEqual([]);
    await context.close();
  });
});

/**
 * Nothing covered, cut off, wrapped or scrolling sideways: every route of the store, signed out,
 * signed in and as an operator, at 320, 375, 1024 and 1280 px (loaded at 320 and 1280, then
 * resized) with every visible control hit-tested at its centre. The places that once went wrong,
 * at the widths they went wrong at: layoutSpots.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Order, Product } from '@storefront/shared';
import { cartLineKey } from '@storefront/shared/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { launchBrowser, pageAt, shellUrl } from '../support/browser';
import { coveredControls, settled } from '../support/coverage';
import { shopCommand } from '../support/shopCommands';
import { getAsShopper, postAsShopper, sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await simpleProductInStock();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a sturdy passphrase';

/** A shopper with an account, an address and a placed order, who is also one of the shop's operators. */
interface Operator {
  email: string;
  order: Order;
}

async function operatorWithAnOrder(): Promise<Operator> {
  // A long address with nowhere to break, as real ones can be.
  const email = `thandiwe.vandermerwenkosi.${Date.now()}@example.co.za`;
  const page = await pageAt(browser, 1280, '/');
  await postAsShopper(page, '/auth/register', { first_name: 'Thandiwe', last_name: 'Van der Merwe-Nkosi', email, password: PASSWORD, phone: '082 555 0177' });
  await postAsShopper(page, '/account/addresses', { recipient: 'Thandiwe Van der Merwe-Nkosi', street: '12 Jacaranda Avenue', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' });
  await postAsShopper(page, '/cart', { id: cartLineKey(product), qty: 1 });
  await postAsShopper(
    page,
    '/orders',
    {
      contact: { first_name: 'Thandiwe', last_name: 'Van der Merwe-Nkosi', email, phone: '+27825550177' },
      delivery: { method: 'delivery', street: '12 Jacaranda Avenue', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' },
      payment_method: 'eft',
    },
    { 'idempotency-key': randomUUID() },
  );
  const [order] = await getAsShopper<Order[]>(page, '/orders');
  if (!order) throw new Error('the order was not placed');
  await page.context().close();
  await shopCommand('operators', 'add', email);
  return { email, order };
}

/** Each route, where it goes and what shows once its page is drawn (its first-level heading). */
type Route = [name: string, address: (operator: Operator) => string, heading: (operator: Operator) => string | RegExp];

const SIGNED_OUT: Route[] = [
  ['home', () => '/', () => 'Style and gear for every season'],
  ['shop', () => '/shop', () => 'Shop'],
  ['a product', () => `/product?id=${product.link}`, () => product.name],
  ['about', () => '/about', () => 'About Jacaranda'],
  ['contact', () => '/contact', () => 'Contact us'],
  ['a legal page', () => '/legal/returns', () => 'Returns and refunds'],
  ['order status', () => '/order-status', () => 'Track an order'],
  ['sign in', () => '/login', () => 'Sign in'],
  ['forgot password', () => '/forgot-password', () => 'Forgot your password?'],
  ['reset password', () => '/reset-password', () => 'Choose a new password'],
  ['a missing page', () => '/no-such-page', () => 'Page not found'],
  ['wishlist', () => '/wishlist', () => 'Wishlist'],
  ['cart', () => '/cart', () => 'Cart'],
  ['checkout', () => '/checkout', () => 'Checkout'],
];

const SIGNED_IN: Route[] = [
  ['account dashboard', () => '/account', () => 'Hello, Thandiwe'],
  ['account orders', () => '/account/orders', () => 'Hello, Thandiwe'],
  ['an order on the account', ({ order }) => `/account/orders/${order.id}`, () => 'Hello, Thandiwe'],
  ['account addresses', () => '/account/addresses', () => 'Hello, Thandiwe'],
  ['account password and devices', () => '/account/security', () => 'Hello, Thandiwe'],
  ['account data', () => '/account/privacy', () => 'Hello, Thandiwe'],
  ['order complete', ({ order }) => `/checkout/complete/${order.id}`, () => 'Thank you, Thandiwe! Your order is placed.'],
  ['operator orders', () => '/operator', () => 'Orders'],
  ['an operator order', ({ order }) => `/operator/orders/${order.number}`, ({ order }) => `Order ${order.number}`],
];

/**
 * Each route is loaded at a phone's and a desktop's width, and checked there; then the window is
 * narrowed or widened to the other width of its kind (320 → 375 px, 1280 → 1024 px) and checked
 * again, as the page lays itself out anew without a second load.
 */
const WIDTHS = [
  [320, 375],
  [1280, 1024],
] as const;

async function expectAllInView(page: Page, address: string, heading: string | RegExp, [loaded, resized]: readonly [number, number]): Promise<void> {
  await page.setViewportSize({ width: loaded, height: 800 });
  await page.goto(shellUrl(address));
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
  // Data the page asks for after its first draw (orders, addresses) is on screen before it is measured.
  await page.waitForLoadState('networkidle');
  for (const width of [loaded, resized]) {
    if (width !== loaded) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.setViewportSize({ width, height: 800 });
      await settled(page);
    }
    expect([address, width, await sidewaysOverflow(page)]).toEqual([address, width, 0]);
    expect([address, width, await coveredControls(page)]).toEqual([address, width, []]);
  }
}

describe('every route', () => {
  let operator: Operator;

  beforeAll(async () => {
    operator = await operatorWithAnOrder();
  }, 60_000);

  describe.each(WIDTHS)('loaded at %i px, then at %i px', (...widths) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: widths[0], height: 800 } });
      page = await context.newPage();
      await page.goto(shellUrl('/'));
      // With a line in the cart and the wishlist, so those pages show their lists and forms, not their empty states.
      await postAsShopper(page, '/cart', { id: product.id, qty: 1 });
      await postAsShopper(page, '/wishlist', { id: product.id });
    });

    afterAll(async () => {
      await context?.close();
    });

    it.each(SIGNED_OUT)('signed out, %s: no control covered, nothing scrolling sideways', async (_name, address, heading) => {
      await expectAllInView(page, address(operator), heading(operator), widths);
    });

    it('signed out, registering (the dialog sign-in opens): every field and button inside it, nothing scrolling sideways', async () => {
      await page.setViewportSize({ width: widths[0], height: 800 });
      await page.goto(shellUrl('/login'));
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByRole('button', { name: 'Create an account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an account' });
      await dialog.getByRole('button', { name: 'Create account' }).waitFor();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        expect([width, await sidewaysOverflow(page)]).toEqual([width, 0]);
        const outside = await dialog.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.querySelectorAll('input, button, a[href]')]
            .filter((control) => {
              const own = control.getBoundingClientRect();
              return own.width > 0 && (own.left < Math.max(box.left, 0) - 0.5 || own.right > Math.min(box.right, window.innerWidth) + 0.5);
            })
            .map((control) => control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent);
        });
        expect([width, outside]).toEqual([width, []]);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    describe('signed in as an operator', () => {
      beforeAll(async () => {
        await postAsShopper(page, '/auth/login', { email: operator.email, password: PASSWORD });
      });

      it.each(SIGNED_IN)('%s: no control covered, nothing scrolling sideways', async (_name, address, heading) => {
        await expectAllInView(page, address(operator), heading(operator), widths);
      });
    });
  });
});

import { SHOPPER_COOKIE } from '@storefront/contracts';
import { cartLineKey } from '@storefront/shared/domain';
import type { CartItem, Product } from '@storefront/shared/types';
import { DEFAULT_LIMITS } from '../../limits';
import { registration } from '../../testing/accounts';
import { fetchCatalogue } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

jest.setTimeout(60_000);

const CAP = DEFAULT_LIMITS.cartLines;

describe.each(testDatabases())('the cap on cart lines ($name)', (target) => {
  let ctx: TestApp;
  let products: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    products = (await fetchCatalogue(ctx.app)).filter((p) => !p.has_variants && p.stock >= 20).slice(0, 3);
    expect(products).toHaveLength(3);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const productAt = (n: number) => products[n] as Product;
  const add = (browser: ShopperSession, product: Product, qty = 1) =>
    browser.request({ method: 'POST', url: '/cart', payload: { id: cartLineKey(product), qty } });

  /** Lines straight into a shopper's cart, up to `lines` lines in all (test-only keys). */
  async function fillCart(shopperId: string, lines: number): Promise<void> {
    await ctx.database.query(
      `INSERT INTO cart_lines (shopper_id, key, product_id, qty)
       SELECT $1, 'filler-' || n, $2, 1
       FROM generate_series(1, $3 - (SELECT count(*) FROM cart_lines WHERE shopper_id = $1)::int) AS n`,
      [shopperId, productAt(2).id, lines],
    );
  }

  async function lineCount(shopperId: string): Promise<number> {
    const result = await ctx.database.query<{ n: number | string }>('SELECT count(*) AS n FROM cart_lines WHERE shopper_id = $1', [shopperId]);
    return Number(result.rows[0]?.n);
  }

  it(`holds ${CAP} different lines: the ${CAP}th is added, a new one past it is a 409 naming the cap, adding to a line it holds still works`, async () => {
    const browser = shopperSession(ctx.app);
    expect((await add(browser, productAt(0))).statusCode).toBe(201);
    const shopperId = browser.cookies.get(SHOPPER_COOKIE) as string;
    await fillCart(shopperId, CAP - 1);

    expect((await add(browser, productAt(1))).statusCode).toBe(201);
    expect(await lineCount(shopperId)).toBe(CAP);

    const refused = await add(browser, productAt(2));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'cart_full',
      message: `Your cart holds ${CAP} different items, as many as it can. Remove one, or add to an item already in it.`,
    });
    expect(await lineCount(shopperId)).toBe(CAP);

    const more = await add(browser, productAt(0), 2);
    expect(more.statusCode).toBe(201);
    expect(more.json<CartItem>().qty).toBe(3);

    expect((await browser.request({ method: 'DELETE', url: `/cart/${cartLineKey(productAt(1))}` })).statusCode).toBe(200);
    expect((await add(browser, productAt(2))).statusCode).toBe(201);
  });

  it('holds the cap against parallel adds of new lines', async () => {
    const browser = shopperSession(ctx.app);
    expect((await add(browser, productAt(0))).statusCode).toBe(201);
    const shopperId = browser.cookies.get(SHOPPER_COOKIE) as string;
    await fillCart(shopperId, CAP - 1);
    const answers = await Promise.all([add(browser, productAt(1)), add(browser, productAt(2))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await lineCount(shopperId)).toBe(CAP);
  });

  it('keeps the cap when a full anonymous cart merges into an account on sign-in: held lines add up, new ones wait for room', async () => {
    const account = registration(`full.cart.${process.pid}@example.co.za`);
    const laptop = shopperSession(ctx.app);
    expect((await laptop.request({ method: 'POST', url: '/auth/register', payload: account })).statusCode).toBe(201);
    expect((await add(laptop, productAt(0))).statusCode).toBe(201);
    const user = await ctx.database.query<{ shopper_id: string }>('SELECT shopper_id FROM users WHERE email_key = $1', [account.email]);
    const accountShopper = user.rows[0]?.shopper_id as string;
    await fillCart(accountShopper, CAP);

    const phone = shopperSession(ctx.app);
    expect((await add(phone, productAt(0), 2)).statusCode).toBe(201);
    expect((await add(phone, productAt(1))).statusCode).toBe(201);
    const login = await phone.request({ method: 'POST', url: '/auth/login', payload: { email: account.email, password: account.password } });
    expect(login.statusCode).toBe(200);

    const cart = (await phone.request({ url: '/cart' })).json<CartItem[]>();
    expect(cart).toHaveLength(CAP);
    expect(cart.find((line) => line.id === cartLineKey(productAt(0)))?.qty).toBe(3);
    expect(cart.find((line) => line.id === cartLineKey(productAt(1)))).toBeUndefined();
  });
});

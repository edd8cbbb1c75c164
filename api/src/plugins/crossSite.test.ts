import { SHOPPER_COOKIE } from '@storefront/contracts';
import { cartLineKey } from '@storefront/shared/domain';
import type { CartItem, Product } from '@storefront/shared/types';
import type { LightMyRequestResponse } from 'fastify';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { newShopperId } from './shopper';

const EVIL = 'https://evil.example';

describe.each(testDatabases())('writes from another site ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  beforeAll(async () => {
    // The test shop's STOREFRONT_URL is buildApp's default, http://localhost:8080.
    ctx = await startTestApp(target);
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** A shopper adding one of `product` to their cart, with `headers` on the request. */
  async function addToCart(shopper: string, headers: Record<string, string>): Promise<LightMyRequestResponse> {
    return ctx.app.inject({
      method: 'POST',
      url: '/cart',
      cookies: { [SHOPPER_COOKIE]: shopper },
      headers,
      payload: { id: cartLineKey(product), qty: 1 },
    });
  }

  async function cartOf(shopper: string): Promise<CartItem[]> {
    return (await ctx.app.inject({ url: '/cart', cookies: { [SHOPPER_COOKIE]: shopper } })).json<CartItem[]>();
  }

  function expectRefused(response: LightMyRequestResponse): void {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'cross_site', message: expect.stringMatching(/another website/) });
  }

  it('refuses POST /cart from another Origin with 403 cross_site, and the cart is unchanged', async () => {
    const shopper = newShopperId();
    expect((await addToCart(shopper, {})).statusCode).toBe(201);
    const before = await cartOf(shopper);
    expectRefused(await addToCart(shopper, { origin: EVIL }));
    expect(await cartOf(shopper)).toEqual(before);
  });

  it('refuses a write the browser marks cross-site or same-site (a sibling subdomain), whatever the Origin', async () => {
    const shopper = newShopperId();
    expectRefused(await addToCart(shopper, { 'sec-fetch-site': 'cross-site' }));
    expectRefused(await addToCart(shopper, { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:8080' }));
    expectRefused(await addToCart(shopper, { 'sec-fetch-site': 'same-site', origin: 'https://blog.shop.example.co.za' }));
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('allows a write the browser marks same-origin or none (the shopper’s own doing)', async () => {
    const shopper = newShopperId();
    expect((await addToCart(shopper, { 'sec-fetch-site': 'same-origin', origin: 'https://shop.example.co.za' })).statusCode).toBe(201);
    expect((await addToCart(shopper, { 'sec-fetch-site': 'none' })).statusCode).toBe(201);
    expect((await cartOf(shopper))[0]?.qty).toBe(2);
  });

  it('allows an Origin that is the request’s own, as the edge forwards it, or the storefront’s', async () => {
    const shopper = newShopperId();
    // Behind the edge: the shopper's host and protocol come in X-Forwarded-Host/-Proto from loopback.
    const behindEdge = { host: '127.0.0.1:4000', 'x-forwarded-host': 'shop.example.co.za', 'x-forwarded-proto': 'https', origin: 'https://shop.example.co.za' };
    expect((await addToCart(shopper, behindEdge)).statusCode).toBe(201);
    // A dev server's proxy keeps the Host: http://localhost:8083 talks to its own /api.
    expect((await addToCart(shopper, { host: 'localhost:8083', origin: 'http://localhost:8083' })).statusCode).toBe(201);
    // The default port written or not is one origin.
    expect((await addToCart(shopper, { host: 'shop.test:80', origin: 'http://shop.test' })).statusCode).toBe(201);
    // STOREFRONT_URL's origin, whatever host the api was reached by.
    expect((await addToCart(shopper, { host: '127.0.0.1:4000', origin: 'http://localhost:8080' })).statusCode).toBe(201);
    expect((await cartOf(shopper))[0]?.qty).toBe(4);
  });

  it('does not take X-Forwarded-Host, or another scheme, from an untrusted client as the request’s own origin', async () => {
    const shopper = newShopperId();
    const claimed = { host: 'api.internal:4000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', origin: EVIL };
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/cart', cookies: { [SHOPPER_COOKIE]: shopper }, headers: claimed, remoteAddress: '203.0.113.9', payload: { id: cartLineKey(product), qty: 1 } }));
    expectRefused(await addToCart(shopper, { host: 'shop.test', origin: 'https://shop.test' }));
    expectRefused(await addToCart(shopper, { origin: 'null' }));
    expect(await cartOf(shopper)).toEqual([]);
  });

  it('allows a write with neither Origin nor Sec-Fetch-Site (a server, curl, the test suites)', async () => {
    const shopper = newShopperId();
    expect((await addToCart(shopper, {})).statusCode).toBe(201);
  });

  it('guards every kind of write: sign-in, wishlist, cart lines, orders, account', async () => {
    const headers = { origin: EVIL };
    const cookies = { [SHOPPER_COOKIE]: newShopperId() };
    const writes = [
      { method: 'POST', url: '/auth/login', payload: { email: 'someone@example.co.za', password: 'whatever it is' } },
      { method: 'POST', url: '/auth/logout' },
      { method: 'PATCH', url: '/auth/me', payload: { first_name: 'Mallory' } },
      { method: 'POST', url: '/wishlist', payload: { id: '1' } },
      { method: 'DELETE', url: '/wishlist/1' },
      { method: 'PATCH', url: `/cart/${encodeURIComponent(cartLineKey(product))}`, payload: { qty: 3 } },
      { method: 'DELETE', url: `/cart/${encodeURIComponent(cartLineKey(product))}` },
      { method: 'POST', url: '/orders', payload: {} },
      { method: 'PUT', url: '/account/addresses/1', payload: {} },
      { method: 'POST', url: '/newsletter', payload: { email: 'someone@example.co.za' } },
      { method: 'POST', url: '/newsletter/confirm', payload: { token: 'a'.repeat(43) } },
      { method: 'POST', url: '/newsletter/unsubscribe', payload: { token: 'a'.repeat(43) } },
    ] as const;
    for (const write of writes) expectRefused(await ctx.app.inject({ ...write, headers, cookies }));
  });

  it("lets a mail program's one-click unsubscribe through from anywhere, and only that: a form POST to the route that takes it", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' };
    const oneClick = await ctx.app.inject({ method: 'POST', url: `/newsletter/unsubscribe?token=${'a'.repeat(43)}`, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    // The same form anywhere else, or the route's JSON, is a write like any other.
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/newsletter', headers: form, payload: 'email=someone%40example.co.za' }));
    expectRefused(await ctx.app.inject({ method: 'POST', url: '/cart', headers: form, cookies: { [SHOPPER_COOKIE]: newShopperId() }, payload: 'id=1&qty=1' }));
    expectRefused(
      await ctx.app.inject({ method: 'POST', url: '/newsletter/unsubscribe', headers: { origin: EVIL }, payload: { token: 'a'.repeat(43) } }),
    );
  });

  it('leaves reads alone, from anywhere', async () => {
    const cookies = { [SHOPPER_COOKIE]: newShopperId() };
    expect((await ctx.app.inject({ url: '/cart', cookies, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/products?limit=1', headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/products/${product.id}`, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
  });
});

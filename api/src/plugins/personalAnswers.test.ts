import type { LightMyRequestResponse } from 'fastify';
import { registration } from '../testing/accounts';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { shopperSession } from '../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { isPersonalRoute } from './personalAnswers';

// Registration hashes a password with scrypt at OWASP's cost.
jest.setTimeout(60_000);

function expectPersonal(response: LightMyRequestResponse, label: string): void {
  expect({ label, cacheControl: response.headers['cache-control'], nosniff: response.headers['x-content-type-options'] }).toEqual({
    label,
    cacheControl: 'no-store',
    nosniff: 'nosniff',
  });
}

test('personal routes are /auth, /account, /orders, /cart, /wishlist and what is under them', () => {
  for (const url of ['/auth/me', '/auth/forgot-password', '/account/addresses/:id', '/orders', '/orders/:id', '/cart', '/cart/:key', '/wishlist', '/wishlist/:id']) {
    expect(isPersonalRoute(url)).toBe(true);
  }
  for (const url of ['/products', '/products/:id', '/products/:id/reviews', '/categories', '/health', '/payment-methods', '/cartography', '/authors']) {
    expect(isPersonalRoute(url)).toBe(false);
  }
});

describe.each(testDatabases())('personal answers ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  it('are no-store and nosniff on every family, errors included', async () => {
    const anonymous = shopperSession(ctx.app);
    expectPersonal(await anonymous.request({ url: '/auth/me' }), '401 GET /auth/me');
    expectPersonal(await anonymous.request({ url: '/account/addresses' }), '401 GET /account/addresses');
    expectPersonal(await anonymous.request({ url: '/cart' }), 'GET /cart');
    expectPersonal(await anonymous.request({ method: 'POST', url: '/cart', payload: { id: 'no-such-product', qty: 1 } }), '4xx POST /cart');
    expectPersonal(await anonymous.request({ url: '/wishlist' }), 'GET /wishlist');
    expectPersonal(await anonymous.request({ url: '/orders' }), 'GET /orders');
    expectPersonal(await anonymous.request({ url: '/orders/JAC-2026-999999' }), '404 GET /orders/{id}');
    expectPersonal(await anonymous.request({ method: 'POST', url: '/cart', headers: { origin: 'https://evil.example' }, payload: {} }), '403 cross-site POST /cart');

    const signedIn = shopperSession(ctx.app);
    const registered = await signedIn.request({ method: 'POST', url: '/auth/register', payload: registration(`personal.${process.pid}@example.co.za`) });
    expect(registered.statusCode).toBe(201);
    expectPersonal(registered, '201 POST /auth/register');
    expectPersonal(await signedIn.request({ url: '/auth/me' }), '200 GET /auth/me');
    expectPersonal(await signedIn.request({ url: '/account/addresses' }), '200 GET /account/addresses');
    expectPersonal(await signedIn.request({ method: 'POST', url: '/auth/logout' }), '204 POST /auth/logout');
  });

  it('are not forced on the catalogue, which has its own caching', async () => {
    const product = pickProduct(await fetchCatalogue(ctx.app), () => true, 'any product');
    const detail = await ctx.app.inject({ url: `/products/${product.id}` });
    expect(detail.headers['cache-control']).toBe('no-cache');
    expect(detail.headers.etag).toBeDefined();
    for (const url of ['/products?limit=1', '/categories', `/products/${product.id}/reviews`, '/health']) {
      const response = await ctx.app.inject({ url });
      expect({ url, cacheControl: response.headers['cache-control'] }).not.toEqual({ url, cacheControl: 'no-store' });
    }
  });
});

import { SHOPPER_COOKIE } from '@storefront/contracts';
import { buildApp } from '../app';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { isShopperId, newShopperId } from './shopper';

describe.each(testDatabases())('shopper cookie ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('first contact sets an HttpOnly, SameSite=Lax cookie for a year on /', async () => {
    const response = await ctx.app.inject({ url: '/products?limit=1' });
    const cookie = response.cookies.find((candidate) => candidate.name === SHOPPER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 31536000 });
    expect(cookie?.secure).toBeUndefined();
    expect(isShopperId(cookie?.value)).toBe(true);
  });

  test('a product’s details neither need nor set the cookie (the storefront asks for them before it has one)', async () => {
    const response = await ctx.app.inject({ url: '/products/1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a valid cookie is kept; a malformed one is replaced', async () => {
    const id = newShopperId();
    const kept = await ctx.app.inject({ url: '/cart', cookies: { [SHOPPER_COOKIE]: id } });
    expect(kept.headers['set-cookie']).toBeUndefined();
    const replaced = await ctx.app.inject({ url: '/cart', cookies: { [SHOPPER_COOKIE]: 'not-a-real-id' } });
    const cookie = replaced.cookies.find((candidate) => candidate.name === SHOPPER_COOKIE);
    expect(cookie?.value).not.toBe('not-a-real-id');
    expect(isShopperId(cookie?.value)).toBe(true);
  });

  test('browsing writes nothing; the shopper row comes with the first write', async () => {
    const id = newShopperId();
    const cookies = { [SHOPPER_COOKIE]: id };
    await ctx.app.inject({ url: '/products', cookies });
    await ctx.app.inject({ url: '/cart', cookies });
    await ctx.app.inject({ url: '/wishlist', cookies });
    const before = await ctx.database.query('SELECT 1 FROM shoppers WHERE id = $1', [id]);
    expect(before.rows).toHaveLength(0);
    await ctx.app.inject({ method: 'POST', url: '/wishlist', cookies, payload: { id: '1' } });
    const after = await ctx.database.query('SELECT 1 FROM shoppers WHERE id = $1', [id]);
    expect(after.rows).toHaveLength(1);
  });

  test('the cookie is __Host- and Secure behind an https proxy only when the proxy is trusted (loopback by default)', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    // The shell's proxy runs on the same machine: a request from loopback is believed…
    const fromShellProxy = await ctx.app.inject({ url: '/cart', headers, remoteAddress: '127.0.0.1' });
    expect(fromShellProxy.cookies[0]).toMatchObject({ name: `__Host-${SHOPPER_COOKIE}`, secure: true, httpOnly: true });
    // …a stranger claiming https is not.
    const fromStranger = await ctx.app.inject({ url: '/cart', headers, remoteAddress: '203.0.113.9' });
    expect(fromStranger.cookies[0]).toMatchObject({ name: SHOPPER_COOKIE });
    expect(fromStranger.cookies[0]?.secure).toBeUndefined();
    const trustingNobody = await buildApp({ database: ctx.database, trustProxy: false });
    try {
      const untrusted = await trustingNobody.inject({ url: '/cart', headers, remoteAddress: '127.0.0.1' });
      expect(untrusted.cookies[0]).toMatchObject({ name: SHOPPER_COOKIE });
      expect(untrusted.cookies[0]?.secure).toBeUndefined();
    } finally {
      await trustingNobody.close();
    }
  });
});

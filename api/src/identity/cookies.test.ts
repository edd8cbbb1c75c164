import { SESSION_COOKIE, SHOPPER_COOKIE } from '@storefront/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { isShopperId, newShopperId } from '../plugins/shopper';
import { registration } from '../testing/accounts';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, TEST_APP_OPTIONS, type TestApp } from '../testing/testDatabases';
import { hashToken } from './tokens';

// Each registration hashes a password with scrypt at OWASP's cost.
jest.setTimeout(60_000);

const HOST_SESSION = `__Host-${SESSION_COOKIE}`;
const HOST_SHOPPER = `__Host-${SHOPPER_COOKIE}`;
/** What the edge sends the api when the shopper came over https (from loopback, which the api trusts). */
const OVER_HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.co.za' };

let counter = 0;
function newAccount() {
  counter += 1;
  return registration(`cookie.${process.pid}.${counter}@example.co.za`);
}

/** Each Set-Cookie line of an answer, by cookie name. */
function setCookies(response: LightMyRequestResponse): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** The attributes of a Set-Cookie line, lower-cased names, as a browser reads them. */
function attributes(line: string | undefined): Map<string, string> {
  const [, ...parts] = (line ?? '').split(';');
  return new Map(
    parts.map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
}

/** A `__Host-` cookie as browsers demand it, and the shop's own attributes. */
function expectHostCookie(line: string | undefined): void {
  const attrs = attributes(line);
  expect(attrs.has('secure')).toBe(true);
  expect(attrs.get('path')).toBe('/');
  expect(attrs.has('domain')).toBe(false);
  expect(attrs.has('httponly')).toBe(true);
  expect(attrs.get('samesite')).toBe('Lax');
}

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

async function request(app: FastifyInstance, options: InjectOptions & { cookies?: Record<string, string> }): Promise<LightMyRequestResponse> {
  const { cookies, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(cookies ? { cookie: cookieHeader(cookies) } : {}) } });
}

describe.each(testDatabases())('the session and shopper cookies ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function registerOverHttps(app: FastifyInstance = ctx.app, headers: Record<string, string> = OVER_HTTPS) {
    const response = await request(app, { method: 'POST', url: '/auth/register', headers, payload: newAccount() });
    expect(response.statusCode).toBe(201);
    return response;
  }

  it('over https (a trusted proxy says so) are __Host- cookies: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
    const cookies = setCookies(await registerOverHttps());
    expect([...cookies.keys()].sort()).toEqual([HOST_SESSION, HOST_SHOPPER]);
    expectHostCookie(cookies.get(HOST_SESSION));
    expectHostCookie(cookies.get(HOST_SHOPPER));
    expect(attributes(cookies.get(HOST_SHOPPER)).get('max-age')).toBe(String(365 * 24 * 60 * 60));
    // Not remembered: the session cookie lasts the browser session.
    expect(attributes(cookies.get(HOST_SESSION)).has('max-age')).toBe(false);
  });

  it('over plain http keep their plain names, without Secure (browsers refuse __Host- without it)', async () => {
    const response = await request(ctx.app, { method: 'POST', url: '/auth/register', payload: newAccount() });
    expect(response.statusCode).toBe(201);
    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual([SESSION_COOKIE, SHOPPER_COOKIE]);
    for (const line of cookies.values()) {
      const attrs = attributes(line);
      expect(attrs.has('secure')).toBe(false);
      expect(attrs.get('path')).toBe('/');
      expect(attrs.has('httponly')).toBe(true);
      expect(attrs.get('samesite')).toBe('Lax');
    }
  });

  it('a client that is not a trusted proxy cannot make them __Host- by claiming https', async () => {
    const response = await request(ctx.app, { url: '/cart', headers: OVER_HTTPS, remoteAddress: '203.0.113.9' });
    expect([...setCookies(response).keys()]).toEqual([SHOPPER_COOKIE]);
  });

  it('are __Host- and Secure when STOREFRONT_URL is https, even on a request that does not say https', async () => {
    const app = await buildApp({ ...TEST_APP_OPTIONS, database: ctx.database, storefrontUrl: 'https://shop.example.co.za' });
    try {
      const cookies = setCookies(await registerOverHttps(app, {}));
      expect([...cookies.keys()].sort()).toEqual([HOST_SESSION, HOST_SHOPPER]);
      expectHostCookie(cookies.get(HOST_SESSION));
      expectHostCookie(cookies.get(HOST_SHOPPER));
    } finally {
      await app.close();
    }
  });

  it('a __Host- session is read back over https, and directly over http as the edge’s server render asks', async () => {
    const registered = setCookies(await registerOverHttps());
    const value = (name: string) => /^[^=]+=([^;]*)/.exec(registered.get(name) ?? '')?.[1] ?? '';
    const cookies = { [HOST_SESSION]: value(HOST_SESSION), [HOST_SHOPPER]: value(HOST_SHOPPER) };

    const overHttps = await request(ctx.app, { url: '/auth/me', headers: OVER_HTTPS, cookies });
    expect(overHttps.statusCode).toBe(200);
    expect(overHttps.headers['set-cookie']).toBeUndefined();
    // The server render: http://127.0.0.1:<port>, the shopper's Cookie header, no X-Forwarded-Proto.
    const serverRender = await request(ctx.app, { url: '/auth/me', cookies });
    expect(serverRender.statusCode).toBe(200);
    expect(serverRender.json<{ user: { email: string } }>().user.email).toMatch(/^cookie\./);
    expect(serverRender.headers['set-cookie']).toBeUndefined();
  });

  it('signing out clears the __Host- session cookie (Secure, or the browser ignores it) and gives a new __Host- shopper', async () => {
    const registered = setCookies(await registerOverHttps());
    const value = (name: string) => /^[^=]+=([^;]*)/.exec(registered.get(name) ?? '')?.[1] ?? '';
    const cookies = { [HOST_SESSION]: value(HOST_SESSION), [HOST_SHOPPER]: value(HOST_SHOPPER) };

    const logout = await request(ctx.app, { method: 'POST', url: '/auth/logout', headers: OVER_HTTPS, cookies });
    expect(logout.statusCode).toBe(204);
    const cleared = setCookies(logout);
    expect([...cleared.keys()].sort()).toEqual([HOST_SESSION, HOST_SHOPPER]);
    expectHostCookie(cleared.get(HOST_SESSION));
    expect(attributes(cleared.get(HOST_SESSION)).get('max-age')).toBe('0');
    expect(cleared.get(HOST_SESSION)).toMatch(/^__Host-sf_session=;/);
    expect(value(HOST_SHOPPER)).not.toBe(/^[^=]+=([^;]*)/.exec(cleared.get(HOST_SHOPPER) ?? '')?.[1]);

    const after = await request(ctx.app, { url: '/auth/me', headers: OVER_HTTPS, cookies });
    expect(after.statusCode).toBe(401);
  });

  it('a session that has ended is cleared under the name the browser sent it by', async () => {
    const registered = setCookies(await registerOverHttps());
    const session = /^[^=]+=([^;]*)/.exec(registered.get(HOST_SESSION) ?? '')?.[1] ?? '';
    await ctx.database.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hashToken(session)]);
    const response = await request(ctx.app, { url: '/auth/me', headers: OVER_HTTPS, cookies: { [HOST_SESSION]: session } });
    expect(response.statusCode).toBe(401);
    const cleared = setCookies(response);
    expect(attributes(cleared.get(HOST_SESSION)).get('max-age')).toBe('0');
    expect(cleared.has(SESSION_COOKIE)).toBe(false);
  });

  it('a shopper cookie from before the prefix keeps its cart over https and moves to its __Host- name', async () => {
    const id = newShopperId();
    const added = await request(ctx.app, { method: 'POST', url: '/wishlist', payload: { id: '1' }, cookies: { [SHOPPER_COOKIE]: id } });
    expect(added.statusCode).toBe(201);

    const overHttps = await request(ctx.app, { url: '/wishlist', headers: OVER_HTTPS, cookies: { [SHOPPER_COOKIE]: id } });
    expect(overHttps.json<unknown[]>()).toHaveLength(1);
    const cookies = setCookies(overHttps);
    expect(cookies.get(HOST_SHOPPER)).toMatch(new RegExp(`^${HOST_SHOPPER}=${id};`));
    expectHostCookie(cookies.get(HOST_SHOPPER));
    expect(attributes(cookies.get(SHOPPER_COOKIE)).get('max-age')).toBe('0');
  });

  it('prefers the __Host- cookie to a plain one of the same name (which a sibling subdomain could plant)', async () => {
    const own = newShopperId();
    const planted = newShopperId();
    await request(ctx.app, { method: 'POST', url: '/wishlist', payload: { id: '1' }, headers: OVER_HTTPS, cookies: { [HOST_SHOPPER]: own } });
    const response = await request(ctx.app, { url: '/wishlist', headers: OVER_HTTPS, cookies: { [SHOPPER_COOKIE]: planted, [HOST_SHOPPER]: own } });
    expect(response.json<unknown[]>()).toHaveLength(1);
    // A malformed __Host- cookie is replaced, not passed over for the plain one.
    const malformed = await request(ctx.app, { url: '/wishlist', headers: OVER_HTTPS, cookies: { [SHOPPER_COOKIE]: planted, [HOST_SHOPPER]: 'not-ours' } });
    const issued = /^[^=]+=([^;]*)/.exec(setCookies(malformed).get(HOST_SHOPPER) ?? '')?.[1];
    expect(isShopperId(issued)).toBe(true);
    expect(issued).not.toBe(planted);
  });
});

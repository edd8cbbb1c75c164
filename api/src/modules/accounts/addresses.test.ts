import { DEFAULT_LIMITS } from '../../limits';
import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

jest.setTimeout(60_000);

const CAP = DEFAULT_LIMITS.addressesPerAccount;

const home = { label: 'Home', recipient: 'Thandi Mokoena', street: '12 Jacaranda St', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' };

describe.each(testDatabases())('saved addresses ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function signedIn(name: string): Promise<ShopperSession> {
    const browser = shopperSession(ctx.app);
    const response = await browser.request({ method: 'POST', url: '/auth/register', payload: registration(`${name}.${process.pid}@example.co.za`) });
    expect(response.statusCode).toBe(201);
    return browser;
  }

  const add = (browser: ShopperSession, label: string) => browser.request({ method: 'POST', url: '/account/addresses', payload: { ...home, label } });

  it(`keeps up to ${CAP} addresses per account; one more is a 409 naming the cap, and deleting one makes room`, async () => {
    const browser = await signedIn('many.addresses');
    for (let n = 1; n <= CAP; n += 1) expect((await add(browser, `Place ${n}`)).statusCode).toBe(201);
    const refused = await add(browser, 'One too many');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'too_many_addresses', message: `You can save up to ${CAP} addresses. Delete one you no longer use to add another.` });
    const saved = (await browser.request({ url: '/account/addresses' })).json<{ id: string; label: string }[]>();
    expect(saved).toHaveLength(CAP);
    expect(saved.map((address) => address.label)).not.toContain('One too many');

    expect((await browser.request({ method: 'DELETE', url: `/account/addresses/${saved[0]?.id}` })).statusCode).toBe(204);
    expect((await add(browser, 'Room again')).statusCode).toBe(201);
    // Editing one still works at the cap.
    expect((await browser.request({ method: 'PUT', url: `/account/addresses/${saved[1]?.id}`, payload: { ...home, city: 'Tshwane' } })).statusCode).toBe(200);
  });

  it('holds the cap against parallel adds', async () => {
    const browser = await signedIn('parallel.addresses');
    const answers = await Promise.all(Array.from({ length: CAP + 5 }, (_, n) => add(browser, `Parallel ${n}`)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(CAP);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    expect((await browser.request({ url: '/account/addresses' })).json<unknown[]>()).toHaveLength(CAP);
  });
});

import { CATEGORIES, COLOURS, SIZES } from '@storefront/shared/domain';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

describe.each(testDatabases())('colours, sizes and categories ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('GET /colours lists the shop colours with codes', async () => {
    const response = await ctx.app.inject({ url: '/colours' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(COLOURS);
  });

  test('GET /sizes lists s, m, l, xl with labels', async () => {
    const response = await ctx.app.inject({ url: '/sizes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SIZES);
  });

  test('GET /categories gives each parent by name', async () => {
    const response = await ctx.app.inject({ url: '/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CATEGORIES);
    expect(response.json()).toContainEqual({ id: 'headphone', name: 'Headphone', parent: 'Electronics' });
  });

  test.each(['/colours', '/sizes', '/categories'])('%s takes no query parameters', async (url) => {
    const response = await ctx.app.inject({ url: `${url}?x=1` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });
});

import type { Product } from '@storefront/shared/types';
import { fetchCatalogue } from '../../testing/catalogue';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

describe.each(testDatabases())('wishlist ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];
  let first: Product;
  let second: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
    [first, second] = catalogue.slice(4, 6) as [Product, Product];
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('add, list, add again, remove', async () => {
    const shopper = shopperSession(ctx.app);
    expect((await shopper.request({ url: '/wishlist' })).json()).toEqual([]);

    // The storefront posts the whole product record it holds.
    const added = await shopper.request({ method: 'POST', url: '/wishlist', payload: first });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual(first);
    const again = await shopper.request({ method: 'POST', url: '/wishlist', payload: { id: first.id } });
    expect(again.statusCode).toBe(200);
    await shopper.request({ method: 'POST', url: '/wishlist', payload: { id: second.id } });

    const list = await shopper.request({ url: '/wishlist' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([first, second]);

    const removed = await shopper.request({ method: 'DELETE', url: `/wishlist/${first.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(first);
    expect((await shopper.request({ url: '/wishlist' })).json()).toEqual([second]);
    const gone = await shopper.request({ method: 'DELETE', url: `/wishlist/${first.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', message: `No wishlist item "${first.id}"` });
  });

  test('four tabs of one shopper adding the same product at once keep it once', async () => {
    const shopper = shopperSession(ctx.app);
    await shopper.request({ url: '/wishlist' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => shopper.request({ method: 'POST', url: '/wishlist', payload: first })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect((await shopper.request({ url: '/wishlist' })).json()).toEqual([first]);
  });

  test.each([
    ['an unknown product', { id: 'nope' }, 404],
    ['no id', { name: 'Something' }, 400],
    ['a field outside the product shape', { id: '1', wished_at: 'today' }, 400],
    ['a product field of the wrong type', { id: '1', price: 'cheap' }, 400],
  ])('POST /wishlist with %s is a %d and writes nothing', async (_, payload, status) => {
    const shopper = shopperSession(ctx.app);
    const response = await shopper.request({ method: 'POST', url: '/wishlist', payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const id = shopper.cookie?.split('=')[1];
    const rows = await ctx.database.query('SELECT 1 FROM shoppers WHERE id = $1', [id]);
    expect(rows.rows).toEqual([]);
  });

  test("shopper B neither sees nor removes shopper A's items", async () => {
    const a = shopperSession(ctx.app);
    const b = shopperSession(ctx.app);
    await a.request({ method: 'POST', url: '/wishlist', payload: { id: first.id } });
    expect((await b.request({ url: '/wishlist' })).json()).toEqual([]);
    expect((await b.request({ method: 'DELETE', url: `/wishlist/${first.id}` })).statusCode).toBe(404);
    expect((await a.request({ url: '/wishlist' })).json<Product[]>().map((product) => product.id)).toEqual([first.id]);
  });
});

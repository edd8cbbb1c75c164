import type { Product } from '@storefront/shared/types';
import { etagOf, ProductDetailCache, type CachedBody } from './productDetailCache';
import { LISTENER_APPLICATION_NAME } from '../../db/postgres';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, postOrder } from '../../testing/orderFixtures';
import { facetsKey, listingKey } from './productRoutes';
import { findProduct } from './productQueries';
import { until as waitUntil } from '../../testing/until';

// Signing up hashes a password at OWASP's cost.
jest.setTimeout(60_000);

/** Checks of memory: asked often. */
const until = (condition: () => boolean, what: string) => waitUntil(condition, what, { everyMs: 20 });

describe.each(testDatabases())('GET /products/{id} from memory ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  let seeded: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    seeded = await fetchCatalogue(ctx.app);
    product = pickProduct(seeded, (item) => !item.has_variants && item.stock >= 10 && item.small_pictures.length > 0, 'simple product with stock and pictures');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  beforeEach(async () => {
    await ctx.database.query('UPDATE products SET stock = 50, price = $2, on_sale_price = $3, on_sale_until = $4 WHERE id = $1', [
      product.id,
      product.price,
      product.on_sale_price,
      product.on_sale_until,
    ]);
  });

  const cache = () => ctx.app.productDetailCache;
  const get = (idOrLink: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: `/products/${idOrLink}`, headers });
  const current = async (idOrLink = product.id) => (await get(idOrLink)).json<Product>();

  test('a repeat GET is answered from memory with the same bytes and ETag; If-None-Match gives 304', async () => {
    const first = await get(product.link);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(cache().lookup(product.link)).toBeDefined();
    const again = await get(product.link);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json<Product>()).toMatchObject({ id: product.id, stock: 50 });

    const notModified = await get(product.link, { 'if-none-match': `W/"other", ${String(first.headers.etag)}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect((await get(product.link, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  test('an unknown product is a 404 and is not remembered', async () => {
    const response = await get('nosuchproduct');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No product "nosuchproduct"' });
    expect(cache().lookup('nosuchproduct')).toBeUndefined();
  });

  test('after an order takes stock, the next GET (by id and by link) shows what is left', async () => {
    expect((await current()).stock).toBe(50);
    expect((await current(product.link)).stock).toBe(50);
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, product, 3);
    const placed = await postOrder(shopper);
    expect(placed.statusCode).toBe(201);
    expect(await current()).toMatchObject({ stock: 47, available_stock: 47 });
    expect((await current(product.link)).stock).toBe(47);
  });

  test('an ETag from before a change is no longer current: the shopper gets the new body, not 304', async () => {
    const before = await get(product.id);
    await ctx.database.query('UPDATE products SET stock = 7 WHERE id = $1', [product.id]);
    const after = await get(product.id, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json<Product>().stock).toBe(7);
  });

  test('a review written through the api shows in the rating and counts at once', async () => {
    const before = await current();
    const shopper = shopperSession(ctx.app);
    const registered = await shopper.request({
      method: 'POST',
      url: '/auth/register',
      payload: { first_name: 'Ayanda', last_name: 'Zulu', email: `cache.${process.pid}.${target.name}@example.co.za`, password: 'long enough secret', phone: '0821234567' },
    });
    expect(registered.statusCode).toBe(201);
    const written = await shopper.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating: 5, body: 'Fits well' } });
    expect(written.statusCode).toBe(201);
    expect(await current()).toMatchObject({ ratings_count: before.ratings_count + 1, reviews_count: before.reviews_count + 1 });
  });

  test('price, sale, stock, pictures, categories, colours and sizes changed in SQL show on the next GET', async () => {
    await current();
    await ctx.database.query(`UPDATE products SET price = 999.5, on_sale_price = 111.25, on_sale_until = '2031-01-01T00:00:00Z' WHERE id = $1`, [product.id]);
    expect(await current()).toMatchObject({ price: 999.5, on_sale_price: 111.25, on_sale_until: '2031-01-01T00:00:00.000Z' });

    await ctx.database.query('UPDATE products SET stock = 0 WHERE id = $1', [product.id]);
    expect(await current()).toMatchObject({ stock: 0, out_of_stock: true });

    const picture = product.small_pictures[0];
    await ctx.database.query(`UPDATE product_pictures SET width = width + 1 WHERE product_id = $1 AND kind = 'small'`, [product.id]);
    expect((await current()).small_pictures[0]?.width).toBe((picture?.width ?? 0) + 1);

    // A category's new name shows on every product in it: one change, many products.
    const category = product.categories[0];
    if (!category) throw new Error('the product has no category');
    const other = pickProduct(seeded, (item) => item.id !== product.id && item.categories.some((c) => c.id === category.id), 'second product in the category');
    await current(other.id);
    await ctx.database.query('UPDATE categories SET name = $2 WHERE id = $1', [category.id, `${category.name} (renamed)`]);
    expect((await current()).categories.find((c) => c.id === category.id)?.name).toBe(`${category.name} (renamed)`);
    expect((await current(other.id)).categories.find((c) => c.id === category.id)?.name).toBe(`${category.name} (renamed)`);
    await ctx.database.query('UPDATE categories SET name = $2 WHERE id = $1', [category.id, category.name]);

    const variant = pickProduct(seeded, (item) => item.colours.length > 0 && item.sizes.length > 0, 'product with colours and sizes');
    await current(variant.id);
    const colour = variant.colours[0];
    await ctx.database.query('UPDATE colours SET code = $2 WHERE name = $1', [colour?.name, '#123456']);
    expect((await current(variant.id)).colours[0]?.code).toBe('#123456');
    await ctx.database.query('UPDATE colours SET code = $2 WHERE name = $1', [colour?.name, colour?.code]);
    await ctx.database.query('DELETE FROM product_sizes WHERE product_id = $1 AND size = $2', [variant.id, variant.sizes[0]?.name]);
    expect((await current(variant.id)).sizes.map((size) => size.name)).toEqual(variant.sizes.slice(1).map((size) => size.name));
  });

  test('a change of link is seen under the old and the new link', async () => {
    const moved = pickProduct(seeded, (item) => item.id !== product.id && !item.has_variants, 'another simple product');
    expect((await get(moved.link)).statusCode).toBe(200);
    await ctx.database.query('UPDATE products SET link = $2 WHERE id = $1', [moved.id, `${moved.link}-moved`]);
    expect((await get(moved.link)).statusCode).toBe(404);
    expect((await get(`${moved.link}-moved`)).json<Product>().id).toBe(moved.id);
    await ctx.database.query('UPDATE products SET link = $2 WHERE id = $1', [moved.id, moved.link]);
  });

  test('a read that began before a change and ends after its notification is not kept', async () => {
    await ctx.database.query('UPDATE products SET stock = 20 WHERE id = $1', [product.id]);
    // A slow read: it reads the row, then a write commits and is heard, then the read finishes.
    const read = await cache().read(product.id, async () => {
      const stale = await findProduct(ctx.database, product.id);
      await ctx.database.query('UPDATE products SET stock = 19 WHERE id = $1', [product.id]);
      if (!stale) return null;
      const body = Buffer.from(JSON.stringify(stale));
      return { productId: stale.id, body, etag: etagOf(body) } satisfies CachedBody;
    });
    expect(read && JSON.parse(read.body.toString())).toMatchObject({ stock: 20 });
    expect(cache().lookup(product.id)).toBeUndefined();
    expect((await current()).stock).toBe(19);
  });

  test('a read that ends before the notification arrives is kept, then dropped by it', async () => {
    await current();
    const kept = cache().lookup(product.id);
    expect(kept && JSON.parse(kept.body.toString())).toMatchObject({ stock: 50 });
    await ctx.database.query('UPDATE products SET stock = 18 WHERE id = $1', [product.id]);
    expect(cache().lookup(product.id)).toBeUndefined();
    expect((await current()).stock).toBe(18);
  });

  test('a listing keeps its products in memory under their ids, answering the same bytes GET /products/{id} does', async () => {
    const category = product.categories[0]?.id ?? '';
    const url = `/products?category=${encodeURIComponent(category)}&limit=100`;
    const first = await ctx.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const listed = first.json<Product[]>();
    expect(listed.map((item) => item.id)).toContain(product.id);
    expect(Number(first.headers['x-total-count'])).toBe(listed.length);
    for (const item of listed) expect(cache().lookup(item.id)).toBeDefined();
    const detail = await get(product.id);
    expect(listed.find((item) => item.id === product.id)).toEqual(detail.json());
    expect((await ctx.app.inject({ url })).body).toBe(first.body);
  });

  test('a listing shows a change made in SQL at once, for the product changed and for every product a category rename touches', async () => {
    const category = product.categories[0];
    if (!category) throw new Error('the product has no category');
    const listing = async () => (await ctx.app.inject({ url: `/products?category=${encodeURIComponent(category.id)}&limit=100` })).json<Product[]>();
    const before = await listing();
    expect(before.find((item) => item.id === product.id)?.stock).toBe(50);
    await ctx.database.query('UPDATE products SET stock = 6, price = 321.5 WHERE id = $1', [product.id]);
    expect((await listing()).find((item) => item.id === product.id)).toMatchObject({ stock: 6, price: 321.5 });

    await ctx.database.query('UPDATE categories SET name = $2 WHERE id = $1', [category.id, `${category.name} (renamed)`]);
    try {
      const renamed = await listing();
      expect(renamed.length).toBe(before.length);
      for (const item of renamed) expect(item.categories.find((c) => c.id === category.id)?.name).toBe(`${category.name} (renamed)`);
    } finally {
      await ctx.database.query('UPDATE categories SET name = $2 WHERE id = $1', [category.id, category.name]);
    }
  });

  test('products a listing read before a change and stored after its notification are not kept', async () => {
    const other = pickProduct(seeded, (item) => item.id !== product.id, 'another product');
    await ctx.database.query('UPDATE products SET stock = 20 WHERE id = $1', [product.id]);
    const read = await cache().readMany([product.id, other.id], async (missing) => {
      const stale = await Promise.all(missing.map((id) => findProduct(ctx.database, id)));
      await ctx.database.query('UPDATE products SET stock = 19 WHERE id = $1', [product.id]);
      return stale.flatMap((item) => {
        if (!item) return [];
        const body = Buffer.from(JSON.stringify(item));
        return [{ productId: item.id, body, etag: etagOf(body) } satisfies CachedBody];
      });
    });
    expect(read.map((answer) => answer.productId)).toEqual([product.id, other.id]);
    expect(cache().lookup(product.id)).toBeUndefined();
    expect(cache().lookup(other.id)).toBeDefined();
    expect((await current()).stock).toBe(19);
  });

  test('a listing page is kept until any product changes: a product put in the category, or out of stock, shows at once', async () => {
    const category = product.categories[0];
    if (!category) throw new Error('the product has no category');
    const outsider = pickProduct(seeded, (item) => item.categories.every((c) => c.id !== category.id), 'product outside the category');
    const url = `/products?category=${encodeURIComponent(category.id)}&in_stock=true&limit=100`;
    const listing = async () => {
      const response = await ctx.app.inject({ url });
      return { ids: response.json<Product[]>().map((item) => item.id), total: Number(response.headers['x-total-count']) };
    };
    const before = await listing();
    expect(before.ids).toContain(product.id);
    expect(cache().lookupAnswer(String(listingKey({ category: category.id, in_stock: true, limit: 100 })?.key))).toBeDefined();

    await ctx.database.query('INSERT INTO product_categories (product_id, category_id, position) VALUES ($1, $2, 9)', [outsider.id, category.id]);
    try {
      const joined = await listing();
      expect(joined.total).toBe(before.total + 1);
      expect(joined.ids).toContain(outsider.id);
    } finally {
      await ctx.database.query('DELETE FROM product_categories WHERE product_id = $1 AND category_id = $2', [outsider.id, category.id]);
    }
    expect(await listing()).toEqual(before);

    await ctx.database.query('UPDATE products SET stock = 0 WHERE id = $1', [product.id]);
    const sold = await listing();
    expect(sold.ids).not.toContain(product.id);
    expect(sold.total).toBe(before.total - 1);
  });

  test('listing pages and facets that read the clock are kept only until the next sale ends; searches are not kept', async () => {
    expect(listingKey({ search: 'tee' })).toBeNull();
    expect(facetsKey({ search: 'tee' })).toBeNull();
    expect(listingKey({ category: 'x' })?.readsClock).toBe(false);
    for (const query of [{ on_sale: true }, { min_price: 10 }, { max_price: 10 }, { sort: 'price_desc' as const }]) expect(listingKey(query)?.readsClock).toBe(true);
    expect(listingKey({ colour: ['Red', 'blue'], category: 'Fashion' })).toEqual(listingKey({ colour: ['BLUE', 'red', 'red'], category: 'fashion', page: 1 }));
    expect(listingKey({ sort: 'rating' })).not.toEqual(listingKey({ sort: 'newest' }));

    // A sale that ends is no longer on sale, with no change to any product to say so.
    const category = product.categories[0]?.id ?? '';
    await ctx.database.query(`UPDATE products SET on_sale_price = 0.5, on_sale_until = now() + interval '1.5 seconds' WHERE id = $1`, [product.id]);
    const onSale = async () => (await ctx.app.inject({ url: '/products?on_sale=true&limit=100' })).json<Product[]>().map((item) => item.id);
    const lowest = async () => (await ctx.app.inject({ url: `/products/facets?category=${encodeURIComponent(category)}` })).json<{ price: { min: number } }>().price.min;
    expect(await onSale()).toContain(product.id);
    expect(await lowest()).toBe(0.5);
    expect(cache().lookupAnswer(String(listingKey({ on_sale: true, limit: 100 })?.key))).toBeDefined();
    expect(cache().lookupAnswer(String(facetsKey({ category })?.key))).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(await onSale()).not.toContain(product.id);
    expect(await lowest()).toBeGreaterThan(0.5);
  });

  test('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const small = new ProductDetailCache(ctx.database, { maxEntries: 2 });
    await small.start();
    try {
      await until(() => small.isListening, 'listening');
      const load = (id: string) => async () => ({ productId: id, body: Buffer.from(id), etag: `"${id}"` });
      await small.read('1', load('1'));
      await small.read('2', load('2'));
      expect(small.lookup('1')).toBeDefined();
      await small.read('3', load('3'));
      expect(small.size).toBe(2);
      expect(small.lookup('2')).toBeUndefined();
      expect(small.lookup('1')).toBeDefined();
      expect(small.lookup('3')).toBeDefined();
    } finally {
      await small.close();
    }
    expect(small.isListening).toBe(false);
    expect(small.lookup('1')).toBeUndefined();
  });

  if (target.name === 'postgres') {
    test('when the LISTEN connection is lost, every GET reads the database until listening again', async () => {
      await current();
      expect(cache().lookup(product.id)).toBeDefined();
      const cut = await ctx.database.query<{ cut: boolean }>(
        'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [`${LISTENER_APPLICATION_NAME} ${(await ctx.database.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema}`],
      );
      expect(cut.rows).toEqual([{ cut: true }]);
      await until(() => !cache().isListening, 'the cache stops listening');
      expect(cache().lookup(product.id)).toBeUndefined();

      // No notification can be heard now: what is read must not be kept, and a change must show.
      expect((await current()).stock).toBe(50);
      await ctx.database.query('UPDATE products SET stock = 9 WHERE id = $1', [product.id]);
      expect((await current()).stock).toBe(9);
      // Nothing was kept while not listening. (On a slow machine the listener may already be back,
      // RELISTEN_DELAY_MS after the cut, and then keeping answers is right: check only while down.)
      if (!cache().isListening) expect(cache().size).toBe(0);

      await until(() => cache().isListening, 'the cache listens again');
      expect((await current()).stock).toBe(9);
      expect(cache().lookup(product.id)).toBeDefined();
      await ctx.database.query('UPDATE products SET stock = 8 WHERE id = $1', [product.id]);
      expect((await current()).stock).toBe(8);
    });
  }
});

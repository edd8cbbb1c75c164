import type { ApiError, Product } from '@storefront/shared/types';
import { fetchCatalogue } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

const PRODUCT_KEYS = [
  'available_stock',
  'categories',
  'colours',
  'description',
  'has_variants',
  'id',
  'is_new',
  'is_popular',
  'large_pictures',
  'link',
  'name',
  'on_sale_price',
  'on_sale_until',
  'out_of_stock',
  'price',
  'rating',
  'ratings_count',
  'reviews_count',
  'short_description',
  'sizes',
  'sku',
  'small_pictures',
  'stock',
];

describe.each(testDatabases())('products ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  test('GET /health names the database', async () => {
    const response = await get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target.name });
  });

  test('GET /products answers Product records with the total in X-Total-Count', async () => {
    const response = await get('/products');
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(64);
    expect(response.headers['access-control-expose-headers']).toMatch(/X-Total-Count/i);
    const products = response.json<Product[]>();
    expect(products.length).toBe(Math.min(100, Number(response.headers['x-total-count'])));
    const first = products[0];
    expect(first && Object.keys(first).sort()).toEqual(PRODUCT_KEYS);
    expect(first).toMatchObject({ id: '1', price: expect.any(Number), stock: expect.any(Number) });
    for (const product of products) {
      expect(typeof product.id).toBe('string');
      expect(typeof product.price).toBe('number');
      expect(product.on_sale_price === null || typeof product.on_sale_price === 'number').toBe(true);
      expect(product.out_of_stock).toBe(product.available_stock === 0);
    }
  });

  test('lists in seed order and pages through it', async () => {
    expect(catalogue.slice(0, 12).map((product) => product.id)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
    const page2 = await get('/products?page=2&limit=5');
    expect(page2.statusCode).toBe(200);
    expect(page2.json<Product[]>().map((product) => product.id)).toEqual(['6', '7', '8', '9', '10']);
    expect(page2.headers['x-total-count']).toBe(String(catalogue.length));
    const beyond = await get('/products?page=999&limit=100');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(catalogue.length));
  });

  test('filters by category id or name in any letter case, including sub-categories', async () => {
    const byName = await get('/products?category=FASHION');
    const byId = await get('/products?category=fashion');
    const fashion = byName.json<Product[]>();
    expect(byId.json<Product[]>().map((product) => product.id)).toEqual(fashion.map((product) => product.id));
    const tees = (await get('/products?category=t-Shirts')).json<Product[]>();
    expect(tees.length).toBeGreaterThan(0);
    expect(tees.every((product) => product.categories.some((category) => category.id === 't-shirts'))).toBe(true);
    // Fashion holds its own products plus the T-shirts and Trousers under it.
    expect(fashion.length).toBeGreaterThan(tees.length);
    expect(tees.every((tee) => fashion.some((product) => product.id === tee.id))).toBe(true);
    const unknown = await get('/products?category=garden-gnomes');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect(unknown.headers['x-total-count']).toBe('0');
  });

  test('searches name, description, sku and category case-insensitively, wildcards taken literally', async () => {
    const byName = (await get('/products?search=HEADPHONES')).json<Product[]>();
    expect(byName.length).toBeGreaterThan(0);
    const categoryNames = (product: Product) => product.categories.map((category) => category.name).join(' ');
    expect(byName.every((product) => /headphone/i.test(`${product.name} ${product.description} ${product.sku} ${categoryNames(product)}`))).toBe(true);
    const first = catalogue[0];
    const bySku = (await get(`/products?search=${first?.sku.toLowerCase()}`)).json<Product[]>();
    expect(bySku.map((product) => product.id)).toContain(first?.id);
    expect((await get('/products?search=%25%25')).json()).toEqual([]);
    expect((await get('/products?search=tee&category=toys')).json()).toEqual([]);
  });

  test('GET /products/:id finds by id and by link, in other letter case', async () => {
    const product = catalogue[11];
    if (!product) throw new Error('seed too small');
    const byId = await get(`/products/${product.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(product);
    const byLink = await get(`/products/${product.link.toUpperCase()}`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json<Product>().id).toBe(product.id);
  });

  test('an unknown product is a 404 with { error, message }', async () => {
    const response = await get('/products/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiError>()).toEqual({ error: 'not_found', message: 'No product "no-such-thing"' });
  });

  test.each([
    ['an unknown parameter', '/products?color=red'],
    ['limit 0', '/products?limit=0'],
    ['limit 101', '/products?limit=101'],
    ['limit abc', '/products?limit=abc'],
    ['a fractional limit', '/products?limit=2.5'],
    ['page 0', '/products?page=0'],
    ['a repeated page', '/products?page=1&page=2'],
    ['an empty category', '/products?category='],
  ])('%s is a 400', async (_, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  test('an id longer than any id is a 400 in the same shape, not the framework’s own', async () => {
    const response = await get(`/products/${'x'.repeat(300)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  test('an unknown route is a 404 in the same shape', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No route GET /api/products' });
  });
});

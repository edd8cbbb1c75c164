import { effectivePrice, isOnSale } from '@storefront/shared/domain';
import type { ApiError, Product } from '@storefront/shared/types';
import { fetchCatalogue } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

const ids = (products: readonly Product[]) => products.map((product) => product.id);
const hasColour = (product: Product, colour: string) => product.colours.some((item) => item.name === colour);
const hasSize = (product: Product, size: string) => product.sizes.some((item) => item.name === size);
const inCategory = (product: Product, category: string) => product.categories.some((item) => item.id === category);

function isSortedBy<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, index) => index === 0 || compare(items[index - 1] as T, item) <= 0);
}

describe.each(testDatabases())('product listing filters and sorts ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  async function list(query: string): Promise<{ products: Product[]; total: number }> {
    const response = await get(`/products?limit=100&${query}`);
    expect(response.statusCode).toBe(200);
    return { products: response.json<Product[]>(), total: Number(response.headers['x-total-count']) };
  }
  /** The catalogue as the filter should leave it, in catalogue order. */
  const expected = (keep: (product: Product) => boolean) => ids(catalogue.filter(keep));

  test('the seed is big enough to tell filters apart', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(64);
    expect(catalogue.length).toBeLessThan(100);
  });

  test('colour keeps products in that colour; repeated, in any of them; any letter case', async () => {
    const red = await list('colour=red');
    expect(red.products.length).toBeGreaterThan(0);
    expect(ids(red.products)).toEqual(expected((product) => hasColour(product, 'red')));
    expect(red.total).toBe(red.products.length);
    const redOrBlue = await list('colour=RED&colour=blue');
    expect(ids(redOrBlue.products)).toEqual(expected((product) => hasColour(product, 'red') || hasColour(product, 'blue')));
    expect(redOrBlue.total).toBeGreaterThan(red.total);
  });

  test('size keeps products in that size; repeated, in any of them', async () => {
    const xl = await list('size=xl');
    expect(xl.products.length).toBeGreaterThan(0);
    expect(ids(xl.products)).toEqual(expected((product) => hasSize(product, 'xl')));
    const sOrXl = await list('size=s&size=xl');
    expect(ids(sOrXl.products)).toEqual(expected((product) => hasSize(product, 's') || hasSize(product, 'xl')));
  });

  test('min_price and max_price bound the price the shopper pays, the sale price when on sale', async () => {
    const { products } = await list('min_price=300&max_price=800');
    expect(ids(products)).toEqual(expected((product) => effectivePrice(product) >= 300 && effectivePrice(product) <= 800));
    // A product whose shelf price is above the range but whose sale price is in it belongs there.
    const bargain = catalogue.find((product) => isOnSale(product) && product.price > 800 && effectivePrice(product) <= 800 && effectivePrice(product) >= 300);
    if (bargain) expect(ids(products)).toContain(bargain.id);
    const cheap = await list('max_price=200');
    expect(cheap.products.every((product) => effectivePrice(product) <= 200)).toBe(true);
    expect(cheap.products.length).toBeGreaterThan(0);
  });

  test.each([
    ['on_sale', (product: Product) => isOnSale(product)],
    ['is_new', (product: Product) => product.is_new],
    ['is_popular', (product: Product) => product.is_popular],
    ['in_stock', (product: Product) => !product.out_of_stock],
  ])('%s=true keeps those products and %s=false the others', async (flag, holds) => {
    const yes = await list(`${flag}=true`);
    expect(yes.products.length).toBeGreaterThan(0);
    expect(ids(yes.products)).toEqual(expected(holds));
    const no = await list(`${flag}=false`);
    expect(no.products.length).toBeGreaterThan(0);
    expect(ids(no.products)).toEqual(expected((product) => !holds(product)));
  });

  test('filters combine: category, colour, size, price and flags all hold at once', async () => {
    const { products, total } = await list('category=fashion&colour=black&colour=red&size=m&max_price=1000&in_stock=true');
    expect(ids(products)).toEqual(
      expected(
        (product) =>
          inCategory(product, 'fashion') &&
          (hasColour(product, 'black') || hasColour(product, 'red')) &&
          hasSize(product, 'm') &&
          effectivePrice(product) <= 1000 &&
          !product.out_of_stock,
      ),
    );
    expect(total).toBe(products.length);
  });

  test('search forgives a typo and needs every word', async () => {
    const typo = await list('search=hedphones');
    expect(typo.products.length).toBeGreaterThan(0);
    expect(typo.products.every((product) => /headphone/i.test(`${product.name} ${product.description}`) || inCategory(product, 'headphone'))).toBe(true);
    const trousers = await list('search=trousres');
    expect(trousers.products.length).toBeGreaterThan(0);
    expect(trousers.products.every((product) => /trouser/i.test(`${product.name} ${product.description}`) || inCategory(product, 'trousers'))).toBe(true);
    const both = await list('search=leather%20wallet');
    expect(both.products.length).toBeGreaterThan(0);
    expect(both.products.every((product) => /leather/i.test(`${product.name} ${product.description}`) && /wallet/i.test(`${product.name} ${product.description}`))).toBe(true);
    expect((await list('search=xqzvw')).products).toEqual([]);
  });

  test('search by category name finds the category and everything under it', async () => {
    const { products } = await list('search=fashion');
    const fashion = expected((product) => inCategory(product, 'fashion'));
    expect(fashion.length).toBeGreaterThan(0);
    expect(ids(products)).toEqual(expect.arrayContaining(fashion));
  });

  test('a search’s pages join up into the whole list, each with the same total, and past the end it is still told', async () => {
    const whole = await list('search=cotton');
    expect(whole.total).toBe(whole.products.length);
    expect(whole.total).toBeGreaterThan(3);
    const pages: Product[] = [];
    for (let page = 1; pages.length < whole.total; page += 1) {
      const response = await get(`/products?search=cotton&limit=3&page=${page}`);
      expect(Number(response.headers['x-total-count'])).toBe(whole.total);
      pages.push(...response.json<Product[]>());
    }
    expect(ids(pages)).toEqual(ids(whole.products));
    const beyond = await get('/products?search=cotton&limit=3&page=999');
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers['x-total-count'])).toBe(whole.total);
    const none = await get('/products?search=xqzvw&page=2');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  test('a search lists products named by its words first', async () => {
    const { products } = await list('search=cotton');
    const named = products.map((product) => /cotton/i.test(product.name));
    expect(named.includes(false)).toBe(true);
    expect(named.indexOf(false)).toBeGreaterThan(0);
    expect(named.slice(named.indexOf(false)).includes(true)).toBe(false);
  });

  test.each([
    ['popularity', (a: Product, b: Product) => Number(b.is_popular) - Number(a.is_popular) || b.ratings_count - a.ratings_count],
    ['rating', (a: Product, b: Product) => b.rating - a.rating || b.ratings_count - a.ratings_count],
    ['newest', (a: Product, b: Product) => Number(b.is_new) - Number(a.is_new)],
    ['price_asc', (a: Product, b: Product) => effectivePrice(a) - effectivePrice(b)],
    ['price_desc', (a: Product, b: Product) => effectivePrice(b) - effectivePrice(a)],
  ])('sort=%s orders the whole list', async (sort, compare) => {
    const { products, total } = await list(`sort=${sort}`);
    expect(products.length).toBe(catalogue.length);
    expect(total).toBe(catalogue.length);
    expect(isSortedBy(products, compare)).toBe(true);
    expect(ids(products)).not.toEqual(ids(catalogue));
  });

  test('pages of a sorted, filtered list follow on from each other without overlap', async () => {
    const all = await list('sort=price_asc&in_stock=true');
    const pages: Product[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 7); page += 1) {
      const response = await get(`/products?sort=price_asc&in_stock=true&limit=7&page=${page}`);
      expect(response.headers['x-total-count']).toBe(String(all.total));
      const products = response.json<Product[]>();
      expect(products.length).toBeLessThanOrEqual(7);
      pages.push(...products);
    }
    expect(ids(pages)).toEqual(ids(all.products));
  });

  test.each([
    ['an unknown colour', '/products?colour=purple', /colour "purple".*black, blue, green, indigo, red/],
    ['an unknown size', '/products?size=xxl', /size "xxl"/],
    ['an unknown sort', '/products?sort=cheapest', /sort must be one of popularity, rating, newest, price_asc, price_desc/],
    ['a price that is not a number', '/products?min_price=abc', /min_price/],
    ['a negative price', '/products?max_price=-1', /max_price/],
    ['an empty price', '/products?min_price=', /min_price/],
    ['min_price above max_price', '/products?min_price=500&max_price=100', /min_price \(500\) is above max_price \(100\)/],
    ['a flag that is not true or false', '/products?on_sale=maybe', /on_sale/],
    ['an empty colour', '/products?colour=', /colour/],
    ['an unknown parameter', '/products?colours=red', /unknown parameter "colours"/],
  ])('%s is a 400 that says what is wrong', async (_, url, message) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiError>();
    expect(body.error).toBe('bad_request');
    expect(body.message).toMatch(message);
  });
});

interface Facets {
  total: number;
  categories: { id: string; name: string; parent: string | null; count: number }[];
  colours: { name: string; code: string; count: number }[];
  sizes: { name: string; label: string; count: number }[];
  price: { min: number; max: number } | null;
}

describe.each(testDatabases())('GET /products/facets ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function facets(query: string): Promise<Facets> {
    const response = await ctx.app.inject({ url: `/products/facets?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Facets>();
  }
  const count = (keep: (product: Product) => boolean) => catalogue.filter(keep).length;

  test('counts every category (with its children), colour and size, and the price range', async () => {
    const all = await facets('');
    expect(all.total).toBe(catalogue.length);
    const fashion = all.categories.find((category) => category.id === 'fashion');
    const tees = all.categories.find((category) => category.id === 't-shirts');
    expect(fashion).toEqual({ id: 'fashion', name: 'Fashion', parent: null, count: count((product) => inCategory(product, 'fashion')) });
    expect(tees).toMatchObject({ parent: 'Fashion', count: count((product) => inCategory(product, 't-shirts')) });
    expect(fashion?.count).toBeGreaterThan(tees?.count ?? 0);
    expect(all.colours.map((colour) => colour.name)).toEqual(['black', 'blue', 'green', 'indigo', 'red']);
    for (const colour of all.colours) expect(colour.count).toBe(count((product) => hasColour(product, colour.name)));
    for (const size of all.sizes) expect(size.count).toBe(count((product) => hasSize(product, size.name)));
    const prices = catalogue.map((product) => effectivePrice(product));
    expect(all.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  test('each facet counts with the other filters but not its own', async () => {
    const chosen = await facets('category=fashion&colour=red&min_price=300');
    const inFashion = (product: Product) => inCategory(product, 'fashion');
    const redEnough = (product: Product) => hasColour(product, 'red') && effectivePrice(product) >= 300;
    expect(chosen.total).toBe(count((product) => inFashion(product) && redEnough(product)));
    // Colours ignore colour=red: blue still shows how many there are to add.
    const blue = chosen.colours.find((colour) => colour.name === 'blue');
    expect(blue?.count).toBe(count((product) => inFashion(product) && hasColour(product, 'blue') && effectivePrice(product) >= 300));
    // Categories ignore category=fashion: Dress, outside it, still counts its red ones from R300.
    const dress = chosen.categories.find((category) => category.id === 'dress');
    expect(dress?.count).toBe(count((product) => inCategory(product, 'dress') && redEnough(product)));
    // The price range ignores min_price, so the shopper can widen it again.
    const reds = catalogue.filter((product) => inFashion(product) && hasColour(product, 'red')).map((product) => effectivePrice(product));
    expect(chosen.price).toEqual({ min: Math.min(...reds), max: Math.max(...reds) });
  });

  test('nothing matching: zero counts and no price range', async () => {
    const none = await facets('search=xqzvw');
    expect(none.total).toBe(0);
    expect(none.price).toBeNull();
    expect(none.colours.every((colour) => colour.count === 0)).toBe(true);
    expect(none.categories.every((category) => category.count === 0)).toBe(true);
  });

  test.each([
    ['paging parameters', '/products/facets?page=2', /unknown parameter "page"/],
    ['a sort', '/products/facets?sort=rating', /unknown parameter "sort"/],
    ['an unknown colour', '/products/facets?colour=mauve', /colour "mauve"/],
    ['min_price above max_price', '/products/facets?min_price=5&max_price=1', /above max_price/],
  ])('%s: 400', async (_, url, message) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toEqual({ error: 'bad_request', message: expect.stringMatching(message) });
  });
});

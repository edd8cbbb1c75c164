import type { Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import sharp from 'sharp';
import { darken, drawingFor, wrapName } from './drawProduct';

describe.each(testDatabases())('product pictures ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];
  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('every picture url of a product answers, cached for a year: a large one an SVG, a small one a WebP of its size', async () => {
    const product = catalogue[0];
    if (!product) throw new Error('empty seed');
    for (const picture of product.large_pictures) {
      const response = await ctx.app.inject({ url: `/images/${picture.url}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(response.body).toContain(`width="${picture.width}" height="${picture.height}"`);
    }
    expect(product.small_pictures.length).toBeGreaterThan(0);
    for (const picture of product.small_pictures) {
      expect(picture.url).toMatch(/-small\.webp$/);
      const response = await ctx.app.inject({ url: `/images/${picture.url}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const { format, width, height } = await sharp(response.rawPayload).metadata();
      expect({ format, width, height }).toEqual({ format: 'webp', width: picture.width, height: picture.height });
      // The same bytes again, from what was encoded the first time.
      expect((await ctx.app.inject({ url: `/images/${picture.url}` })).rawPayload.equals(response.rawPayload)).toBe(true);
    }
  });

  test('a small picture keeps answering at its address from before it was WebP (an order placed then shows it): an SVG', async () => {
    const product = catalogue[0];
    const old = product?.small_pictures[0]?.url.replace(/\.webp$/, '.svg');
    const response = await ctx.app.inject({ url: `/images/${old}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('width="400"');
  });

  test('a large picture is 800 wide, shows the name and, for variants, the n-th colour', async () => {
    const product = pickProduct(catalogue, (p) => p.has_variants && p.colours.length >= 2 && p.large_pictures.length >= 2, 'variant product');
    const second = await ctx.app.inject({ url: `/images/products/${product.id}/2.svg` });
    expect(second.body).toContain('width="800"');
    expect(second.body).toContain(product.colours[1]?.code);
    expect(second.body).toContain(wrapName(product.name)[0]);
    const again = await ctx.app.inject({ url: `/images/products/${product.id}/2.svg` });
    expect(again.body).toBe(second.body);
  });

  test("a small picture (a card's) is 400 wide and leaves the name to its card: no text, the item centred", async () => {
    const product = pickProduct(catalogue, (p) => !p.categories.some((category) => category.id === 'toys'), 'product that is not a toy');
    const small = await ctx.app.inject({ url: `/images/${product.small_pictures[0]?.url.replace(/\.webp$/, '.svg')}` });
    const large = await ctx.app.inject({ url: `/images/${product.large_pictures[0]?.url}` });
    expect(small.body).toContain('width="400"');
    expect(small.body).not.toContain('<text');
    expect(small.body).not.toContain('translate(');
    expect(large.body).toContain(`>${wrapName(product.name)[0]}</text>`);
    expect(large.body).toContain('translate(0 -20)');
  });

  test.each([
    ['an unknown product', '/images/products/9999/1.svg', 404],
    ['a picture the product does not have', '/images/products/1/99.svg', 404],
    ['a malformed file name', '/images/products/1/one.png', 400],
    ['a large picture as WebP (only small ones are)', '/images/products/1/1.webp', 400],
  ])('%s is a JSON error', async (_, url, status) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });
});

describe('drawing', () => {
  test('the most specific category picks the drawing', () => {
    expect(drawingFor(['electronics', 'headphone'])).toBe(drawingFor(['headphone']));
    expect(drawingFor(['electronics', 'headphone'])).not.toBe(drawingFor(['electronics']));
  });

  test("what the name says comes before the category: a belt, a sun hat and a card holder are not a tote bag, a charger is not a speaker", () => {
    const accessories = ['fashion', 'accessories'];
    const tote = drawingFor(accessories, 'Canvas Weekend Tote Bag');
    const drawings = ['Genuine Leather Belt', 'Woven Straw Sun Hat', 'Leather Card Holder Wallet', 'Polarised Aviator Sunglasses', 'Merino Wool Scarf'].map((name) =>
      drawingFor(accessories, name),
    );
    expect(new Set([tote, ...drawings]).size).toBe(6);
    const electronics = ['electronics'];
    const speaker = drawingFor(electronics, 'Portable Bluetooth Speaker');
    for (const name of ['USB-C Wall Charger 65W', 'Fast-Charge Power Bank 20000mAh', 'Smart LED Desk Lamp', '4K Action Camera']) {
      expect(drawingFor(electronics, name)).not.toBe(speaker);
    }
    // A hat is a word, not any "hat" inside one (a chat, a that).
    expect(drawingFor(accessories, 'Chatty Backpack')).toBe(drawingFor(accessories));
  });

  test('long names wrap to two lines at most', () => {
    expect(wrapName('Classic Cotton Crew-Neck Tee')).toEqual(['Classic Cotton Crew-Neck', 'Tee']);
    const lines = wrapName('A very long product name that goes on and on and on for ever and ever');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
  });

  test('outlines are a darker shade of the fill', () => {
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('not a colour')).toBe('#111827');
  });
});

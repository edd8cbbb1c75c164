import type { Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import sharp from 'sharp';
import { darken, drawingFor, drawProductPicture, wrapName } from './drawProduct';
import { DEFAULT_LIMITS } from '../../limits';
import { PictureEncoder } from './webp';

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

  test('with no room to encode, a small picture goes as its SVG, kept a minute instead of a year', async () => {
    const crowded = await startTestApp(target, { limits: { pictures: { atOnce: 0, waitingMax: 0 } } });
    try {
      const picture = catalogue[0]?.small_pictures[0];
      const response = await crowded.app.inject({ url: `/images/${picture?.url}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.body).toContain(`width="${picture?.width}"`);
    } finally {
      await crowded.close();
    }
  }, DATABASE_TIMEOUT_MS);

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

describe('the WebP encoder', () => {
  const picture = (n: number) => drawProductPicture({ name: `Tee ${n}`, categories: ['t-shirts'], colour: '#2563eb', position: 1, size: 40 + n, withoutName: true });

  test('encodes a drawing once: asked again, it answers what it encoded', async () => {
    const encoder = new PictureEncoder(DEFAULT_LIMITS.pictures);
    const first = encoder.webpOf(picture(1));
    expect(first).not.toBeNull();
    expect(encoder.webpOf(picture(1))).toBe(first);
    expect((await sharp(await first!).metadata()).width).toBe(41);
  });

  test('runs a few encodes at once and queues a few more; past that it declines (the route then sends the SVG), and takes new work once the queue has room', async () => {
    const encoder = new PictureEncoder({ kept: 10, atOnce: 1, waitingMax: 1 });
    const running = encoder.webpOf(picture(1));
    const queued = encoder.webpOf(picture(2));
    expect(running).not.toBeNull();
    expect(queued).not.toBeNull();
    expect(encoder.webpOf(picture(3))).toBeNull();
    // What it already holds it still answers.
    expect(encoder.webpOf(picture(1))).toBe(running);
    await Promise.all([running, queued]);
    const later = encoder.webpOf(picture(3));
    expect(later).not.toBeNull();
    expect((await sharp(await later!).metadata()).width).toBe(43);
  });

  test('lets the least recently asked for go past its size', async () => {
    const encoder = new PictureEncoder({ kept: 2, atOnce: 2, waitingMax: 4 });
    const one = encoder.webpOf(picture(1));
    const two = encoder.webpOf(picture(2));
    expect(encoder.webpOf(picture(1))).toBe(one);
    encoder.webpOf(picture(3));
    // 2 was asked for least recently: let go, encoded afresh; 1 is still kept.
    expect(encoder.webpOf(picture(1))).toBe(one);
    const twoAgain = encoder.webpOf(picture(2));
    expect(twoAgain).not.toBe(two);
    await Promise.all([one, two, twoAgain]);
  });
});

import type { Product } from '@storefront/shared/types';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { REACH_BOUND, resolveSearch, typoDistance, typosBetween } from './searchTerms';

/**
 * The search's rules (docs/decisions/0015-search-forgives-typos-and-every-word-matches.md), on
 * products of their own whose words are in no seeded product, so every answer is exact: typos by
 * kind and by word length, words from their start, the last word a beginning, the order of the
 * results, and what the page says it searched for.
 */
describe('typoDistance counts a swap of neighbours as one typo (Damerau)', () => {
  test.each([
    ['zembrick', 'zembrick', 0],
    ['zembick', 'zembrick', 1], // dropped
    ['zembrrick', 'zembrick', 1], // added
    ['zembrock', 'zembrick', 1], // changed
    ['zemrbick', 'zembrick', 1], // swapped
    ['ezmrbick', 'zembrick', 2],
    ['abc', 'cba', 2],
  ])('%s → %s: %d', (typed, word, distance) => {
    expect(typoDistance(typed, word, 2)).toBe(distance);
  });

  test('the last word typed is also measured against the beginnings of longer words', () => {
    expect(typosBetween('hedphone', 'headphones', true, 1)).toBe(1);
    expect(typosBetween('hedphone', 'headphones', false, 1)).toBe(2);
    expect(typosBetween('qourvant', 'quorvantix', true, 1)).toBe(1);
  });

  test('a distance past the bound is reported as one past it', () => {
    expect(typoDistance('zembrick', 'quillon', 1)).toBe(2);
    expect(typoDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe.each(testDatabases())('search rules ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
    await ctx.database.query(`INSERT INTO categories (id, name, parent_id, position) VALUES ('quillon-gear', 'Quillon Gear', NULL, 99)`);
    // In the order they are inserted (catalogue order), which the ranking must overturn.
    await ctx.database.query(
      `INSERT INTO products (id, link, name, sku, description, price, stock, category_ids) VALUES
        ('sr1', 'sr1', 'Brass Lamp', 'SR-000001', 'A quillon for the desk.', 100, 5, '{}'),
        ('sr2', 'sr2', 'Quilon Lamp', 'SR-000002', 'A lamp.', 100, 5, '{}'),
        ('sr3', 'sr3', 'Quillons Lamp', 'SR-000003', 'A lamp.', 100, 5, '{}'),
        ('sr4', 'sr4', 'Desk Lamp', 'QUILLON-4', 'A lamp.', 100, 5, '{}'),
        ('sr5', 'sr5', 'Gear Box', 'SR-000005', 'A box.', 100, 5, '{quillon-gear}'),
        ('sr6', 'sr6', 'Quillon Lamp', 'SR-000006', 'A lamp.', 100, 5, '{}'),
        ('sr7', 'sr7', 'Quillon', 'SR-000007', 'A lamp.', 100, 5, '{}'),
        ('sr8', 'sr8', 'Zembrick Parka', 'SR-000008', 'Warm, with a prezembrick lining.', 100, 5, '{}'),
        ('sr9', 'sr9', 'Quorvantix Vest', 'SR-000009', 'A vest.', 100, 5, '{}'),
        ('sr10', 'sr10', 'Vorn Trelk Cap', 'SR-000010', 'A cap.', 100, 5, '{}'),
        ('sr12', 'sr12', 'Krovex Zip-Top', 'SR-000012', 'A krovex zip for the top.', 100, 5, '{}'),
        ('sr13', 'sr13', 'Krovex Pouch', 'SR-000013', 'Zip it to the top.', 100, 5, '{}')`,
    );
    await ctx.database.query(`INSERT INTO product_categories (product_id, category_id, position) VALUES ('sr5', 'quillon-gear', 0)`);
    await ctx.app.productDetailCache.sync();
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function search(text: string, extra = ''): Promise<{ ids: string[]; total: number; showing: string | null }> {
    const response = await ctx.app.inject({ url: `/products?search=${encodeURIComponent(text)}&limit=100${extra}` });
    expect(response.statusCode).toBe(200);
    const showing = response.headers['x-search-showing'];
    return {
      ids: response.json<Product[]>().map((product) => product.id),
      total: Number(response.headers['x-total-count']),
      showing: typeof showing === 'string' ? decodeURIComponent(showing) : null,
    };
  }

  async function suggested(text: string): Promise<string[]> {
    const response = await ctx.app.inject({ url: `/search/suggest?q=${encodeURIComponent(text)}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ products: { id: string }[] }>().products.map((product) => product.id);
  }

  test('a word of 5 to 8 letters forgives one typo of each kind, not two', async () => {
    for (const typed of ['zembick', 'zembrrick', 'zembrock', 'zemrbick', 'ZEMRBICK']) {
      expect({ typed, ids: (await search(`${typed} parka`)).ids }).toEqual({ typed, ids: ['sr8'] });
    }
    expect((await search('trelk cap')).ids).toEqual(['sr10']);
    expect((await search('terlk cap')).ids).toEqual(['sr10']); // 5 letters: one swap forgiven
    expect((await search('ezmrbick parka')).ids).toEqual([]);
    expect((await search('zmebrock parka')).ids).toEqual([]);
  });

  test('a word of 9 letters or more forgives two typos, not three', async () => {
    expect((await search('quorvantix')).ids).toEqual(['sr9']);
    expect((await search('qourvantx vest')).ids).toEqual(['sr9']); // swapped and dropped
    expect((await search('qourvnatx vest')).ids).toEqual([]); // three
  });

  test('a word shorter than 5 letters must be typed as it is, or as the start of a word when it is the last', async () => {
    expect((await search('vorn cap')).ids).toEqual(['sr10']);
    expect((await search('vron cap')).ids).toEqual([]);
    expect((await search('vorm cap')).ids).toEqual([]);
    expect((await search('trelk vor')).ids).toEqual(['sr10']);
    expect((await search('vor trelk')).ids).toEqual([]);
  });

  test('words match from their start, not inside other words', async () => {
    // "prezembrick" in sr8's description holds "zembrick" inside it; the name holds the word itself.
    expect((await search('zembrick')).ids).toEqual(['sr8']);
    expect((await search('mbrick')).ids).toEqual([]);
    expect((await search('rick')).ids).not.toContain('sr8');
    // The seeded catalogue: no product is found by a word only inside another ("hat" in "that").
    const hats = await ctx.app.inject({ url: '/products?search=hat&limit=100' });
    for (const product of hats.json<Product[]>()) {
      const text = [product.name, product.sku, product.description, ...product.categories.map((category) => category.name), ...product.colours.map((colour) => colour.name)].join(' ');
      expect({ id: product.id, starts: /(^|[^a-z0-9])hat/i.test(text) }).toEqual({ id: product.id, starts: true });
    }
  });

  test('the last word typed is the start of a word, in the listing and in the suggestions', async () => {
    expect((await search('zembrick par')).ids).toEqual(['sr8']);
    expect((await search('trelk ca')).ids).toEqual(['sr10']);
    // A single letter is a word of its own ("usb-c"), not the start of every word with it.
    expect((await search('trelk c')).ids).toEqual([]);
    expect((await search('par zembrick')).ids).toEqual([]);
    expect(await suggested('zembrick par')).toEqual(['sr8']);
    expect(await suggested('zembr')).toEqual(['sr8']);
    // A space after it: the word is finished.
    expect((await search('zembrick par ')).ids).toEqual([]);
    // Its typos are forgiven on the way to a longer word ("qourvant", half of "quorvantix" with a swap).
    expect(await suggested('qourvant')).toEqual(['sr9']);
    expect((await search('vest qourvant')).ids).toEqual(['sr9']);
    expect((await search('qourvant vest')).ids).toEqual([]);
  });

  test('words written together are one word as well: "zip-top" and "ziptop" find the Zip-Top', async () => {
    expect((await search('krovex zip-top')).ids).toEqual(['sr12']);
    expect((await search('krovex ziptop')).ids).toEqual(['sr12']);
    expect(await suggested('krovex ziptop')).toEqual(['sr12']);
    // Typed apart, each word is found anywhere in the product.
    expect((await search('krovex zip top')).ids).toEqual(['sr12', 'sr13']);
    // A SKU typed whole.
    expect((await search('SR-000012')).ids).toEqual(['sr12']);
  });

  test('names, categories, colours and SKU are searched, and the description', async () => {
    expect((await search('quillon gear')).ids).toEqual(['sr5']); // its category's name (and its own)
    expect((await search('quillon-4')).ids).toEqual(['sr4']); // SKU
    expect((await search('prezembrick')).ids).toEqual(['sr8']); // description
    await ctx.database.query(`INSERT INTO product_colours (product_id, colour, position) VALUES ('sr8', 'indigo', 0)`);
    await ctx.app.productDetailCache.sync();
    expect((await search('indigo zembrick')).ids).toEqual(['sr8']);
    expect((await search('indigo quorvantix')).ids).toEqual([]);
  });

  test('ranking: the whole name first, exact words before beginnings before typos, then name, category, colour or SKU, description', async () => {
    const { ids, total } = await search('quillon');
    expect(ids).toEqual([
      'sr7', // "Quillon", the whole name
      'sr6', // in the name
      'sr5', // in its category's name
      'sr4', // in its SKU
      'sr1', // in its description
      'sr3', // "Quillons": begins with the word
      'sr2', // "Quilon": one typo
    ]);
    expect(total).toBe(7);
    // The same order in the suggestions, which show the best eight.
    expect(await suggested('quillon')).toEqual(ids);
    // More of the words in the name before fewer; the same order past page one.
    // sr6 has both words in its name; sr4 one, and the other in its SKU; sr1 and sr7 one, and the
    // other in the description (catalogue order between them); sr2 and sr3 a typo ("quillon" is
    // not the last word, so "quillons" is one typo from it).
    expect((await search('quillon lamp')).ids).toEqual(['sr6', 'sr4', 'sr1', 'sr7', 'sr2', 'sr3']);
    const second = await ctx.app.inject({ url: '/products?search=quillon&limit=3&page=2' });
    expect(second.json<Product[]>().map((product) => product.id)).toEqual(ids.slice(3, 6));
    expect(second.headers['x-total-count']).toBe('7');
    // A filter beside the search keeps the order.
    expect((await search('quillon', '&max_price=100')).ids).toEqual(ids);
  });

  test('a word in no product is searched for as the nearest word, and the answer says so', async () => {
    // "qulilon" is one typo from "quillon" (5 products) and from "quilon" (1): the commoner is meant,
    // and the results are those of the search as shown.
    expect(await search('qulilon lamp')).toMatchObject({ ids: ['sr6', 'sr4', 'sr1', 'sr7', 'sr2', 'sr3'], showing: 'quillon lamp' });
    expect((await search('quillon lamp')).showing).toBeNull();
    expect((await search('zembirck')).showing).toBe('zembrick');
    // The seeded catalogue's jackets, as a shopper mistypes them.
    const jackets = await search('jakcet');
    expect(jackets.showing).toBe('jacket');
    expect(jackets.total).toBeGreaterThan(0);
    // Nothing found, nothing said.
    expect(await search('xqzvw')).toEqual({ ids: [], total: 0, showing: null });
  });

  test('a word new to the catalogue forgives typos at once', async () => {
    expect((await search('glorpatsic')).ids).toEqual([]);
    await ctx.database.query(
      `INSERT INTO products (id, link, name, sku, description, price, stock) VALUES ('sr11', 'sr11', 'Glorpastic Mug', 'SR-000011', 'A mug.', 50, 5)`,
    );
    await ctx.app.productDetailCache.sync();
    expect(await search('glorpatsic')).toMatchObject({ ids: ['sr11'], showing: 'glorpastic' });
    await ctx.database.query(`DELETE FROM products WHERE id = 'sr11'`);
    await ctx.app.productDetailCache.sync();
    expect(await search('glorpatsic')).toMatchObject({ ids: [], showing: null });
  });

  test('a renamed category changes what finds its products', async () => {
    await ctx.database.query(`UPDATE categories SET name = 'Quillon Zarvex' WHERE id = 'quillon-gear'`);
    await ctx.app.productDetailCache.sync();
    expect((await search('zarvex')).ids).toEqual(['sr5']);
    await ctx.database.query(`UPDATE categories SET name = 'Quillon Gear' WHERE id = 'quillon-gear'`);
    await ctx.app.productDetailCache.sync();
    expect((await search('zarvex')).ids).toEqual([]);
  });
  describe('searches of several words', () => {
    beforeAll(async () => {
      // 2 100 products with "plorvex" and "tranqo", past the count a search's rarest word is found
      // by (2 000); the first ten have both in the name, the rest only in the description; 60 more
      // have one word each. One has "plorvez", a typo away from "plorvex"; one "quorvantix", which
      // only sr9 has besides.
      await ctx.database.query(
        `INSERT INTO products (id, link, name, sku, description, price, stock, category_ids)
         SELECT 'pt' || n, 'pt' || n,
           CASE WHEN n <= 10 THEN 'Plorvex Tranqo Mug ' || n ELSE 'Mug ' || n END,
           'PT-' || lpad(n::text, 6, '0'),
           CASE WHEN n <= 2100 THEN 'A plorvex mug, tranqo glazed.' WHEN n <= 2160 THEN 'A plorvex mug.' ELSE 'A tranqo mug.' END,
           100, 5, '{}'
         FROM generate_series(1, 2220) AS n`,
      );
      await ctx.database.query(
        `INSERT INTO products (id, link, name, sku, description, price, stock, category_ids) VALUES
          ('pz1', 'pz1', 'Plorvez Jug', 'PZ-000001', 'A tranqo jug.', 100, 5, '{}'),
          ('qv1', 'qv1', 'Quorvantix Cup', 'QV-000001', 'A plorvex cup.', 100, 5, '{}')`,
      );
      await ctx.app.productDetailCache.sync();
    }, DATABASE_TIMEOUT_MS);

    test('two words each in thousands of products: every product with both, in the order of the rules', async () => {
      const response = await ctx.app.inject({ url: `/products?search=${encodeURIComponent('plorvex tranqo')}&limit=24` });
      expect(response.statusCode).toBe(200);
      // The 2 100, and the jug with "plorvez" (a typo away), last.
      expect(Number(response.headers['x-total-count'])).toBe(2101);
      const ids = response.json<Product[]>().map((product) => product.id);
      expect(ids.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, index) => `pt${index + 1}`));
      expect(ids.slice(10)).toEqual(Array.from({ length: 14 }, (_, index) => `pt${index + 11}`));
      // The second page goes on in catalogue order; a word alone finds its products and the others.
      const next = await ctx.app.inject({ url: `/products?search=${encodeURIComponent('tranqo plorvex')}&limit=24&page=2` });
      expect(next.json<Product[]>().map((product) => product.id)).toEqual(Array.from({ length: 24 }, (_, index) => `pt${index + 25}`));
      expect(Number((await ctx.app.inject({ url: '/products?search=tranqo&limit=1' })).headers['x-total-count'])).toBe(2161);
    }, DATABASE_TIMEOUT_MS);

    test("a word's products are counted with its typos', so a word that is rare only as typed does not lead", async () => {
      // "plorvez" is in one product as typed, and a typo from "plorvex" in 2 160.
      const resolved = await resolveSearch(ctx.database, 'plorvez tranqo ');
      expect(resolved.terms.map(({ text, reach }) => ({ text, reach }))).toEqual([
        { text: 'plorvez', reach: REACH_BOUND },
        { text: 'tranqo', reach: REACH_BOUND },
      ]);
      // Every product with both, the word as typed first.
      const { ids, total } = await search('plorvez tranqo ');
      expect(total).toBe(2101);
      expect(ids.slice(0, 11)).toEqual(['pz1', ...Array.from({ length: 10 }, (_, index) => `pt${index + 1}`)]);
    }, DATABASE_TIMEOUT_MS);

    test('a rare word beside a common one finds the products with both, in the order of the rules', async () => {
      // "quorvantix" leads (2 products) and each is looked for among "plorvex"'s; the same search
      // with a filter beside it, and the other way round, answer the same.
      expect(await search('quorvantix plorvex')).toMatchObject({ ids: ['qv1'], total: 1 });
      expect(await search('plorvex quorvantix')).toMatchObject({ ids: ['qv1'], total: 1 });
      expect(await search('quorvantix plorvex', '&max_price=100')).toMatchObject({ ids: ['qv1'], total: 1 });
      expect(await search('quorvantix vest')).toMatchObject({ ids: ['sr9'], total: 1 });
    }, DATABASE_TIMEOUT_MS);
  });
});

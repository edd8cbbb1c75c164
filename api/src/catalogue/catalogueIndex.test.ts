import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { productFacets } from '../routes/products/facetQueries';
import { resolveProductFilter, type ProductFilterQuery } from '../routes/products/productFilter';
import { listProductIds, PRODUCT_SORTS, type ProductSort } from '../routes/products/productQueries';
import { readCatalogue } from '../routes/products/readCatalogue';
import { suggest } from '../routes/search/suggestQueries';
import { generateCatalogue } from '../seed/generateCatalogue';
import { seedDatabase } from '../seed/seed';
import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { CatalogueIndex, type ChangeSource, type ProductChange } from './catalogueIndex';

const CATALOGUE_SIZE = 600;

/**
 * The index must choose exactly what the SQL chooses: the same ids in the same order, the same
 * totals, facets and suggestions, for every filter, sort and page, and again after changes.
 */
describe.each(testDatabases())('catalogue index answers as the database does ($name)', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let index: CatalogueIndex;
  /** Words of the catalogue's names, for searches that match something. */
  let nameWords: string[];

  beforeAll(async () => {
    ({ database, dispose } = await target.open());
    await migrate(database);
    await seedDatabase(database, () => generateCatalogue(CATALOGUE_SIZE));
    app = await buildApp({ database });
    index = app.catalogueIndex;
    await index.settled();
    const names = await database.query<{ name_lower: string }>('SELECT name_lower FROM product_search ORDER BY seq LIMIT 40');
    nameWords = [...new Set(names.rows.flatMap((row) => row.name_lower.split(/\s+/)).filter((word) => /^\p{L}{4,}$/u.test(word)))];
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await app.close();
    await dispose();
  }, DATABASE_TIMEOUT_MS);

  /** A write, then what the api does after its own: wait for the notifications and the read back. */
  async function write(sql: string, params: unknown[] = []): Promise<void> {
    await database.query(sql, params);
    await app.productDetailCache.sync();
    await index.settled();
  }

  async function compareListing(query: ProductFilterQuery, options: { sort?: ProductSort; offset: number; limit: number }) {
    const filter = await resolveProductFilter(database, query);
    const fromMemory = index.listIds(filter, options);
    const fromDatabase = await listProductIds(database, filter, options);
    expect({ query, options, page: fromMemory }).toEqual({ query, options, page: fromDatabase });
    return fromDatabase;
  }

  function filters(): ProductFilterQuery[] {
    const [first = 'karoo', second = 'coastal', third = 'safari'] = nameWords;
    return [
      {},
      { category: 'fashion' },
      { category: 'T-SHIRTS' },
      // A category with one under it, by name.
      { category: 'Accessories' },
      { category: 'no-such-category' },
      { search: first },
      { search: `${first} ${second}` },
      { search: third.slice(0, 3) },
      // A misspelling: matched through the nearest words the catalogue uses.
      { search: `${second.slice(0, -2)}${second.slice(-1)}${second.slice(-2, -1)}` },
      // A word naming a category matches the products in it too.
      { search: 'electronics' },
      { search: 'xyzzyq' },
      { colour: ['red', 'blue'] },
      { size: ['xl'] },
      { min_price: 150, max_price: 900.5 },
      { max_price: 99.99 },
      { on_sale: true },
      { on_sale: false, is_new: true },
      { is_popular: true, in_stock: true },
      { in_stock: false },
      { category: 'fashion', search: first, colour: ['black'], min_price: 50 },
      { category: 'electronics', on_sale: true, is_popular: false },
    ];
  }

  test('the index is loaded and answers', () => {
    expect(index.isCurrent).toBe(true);
    expect(nameWords.length).toBeGreaterThanOrEqual(3);
  });

  test('every filter and sort chooses the same page and total as the SQL', async () => {
    let matchedSomething = 0;
    for (const query of filters()) {
      for (const sort of [undefined, ...PRODUCT_SORTS]) {
        const page = await compareListing(query, { sort, offset: 0, limit: 30 });
        if (page.total > 0) matchedSomething += 1;
      }
    }
    // The comparison means little unless most of them find products.
    expect(matchedSomething).toBeGreaterThan(filters().length * 4);
  });

  test('later pages, and a page past the end, are the same too', async () => {
    // The word most products are found by, so its pages run deep into both kinds of match.
    const counts = await Promise.all(
      nameWords.map(async (word) => (await listProductIds(database, await resolveProductFilter(database, { search: word }), { offset: 0, limit: 1 })).total),
    );
    const common = nameWords[counts.indexOf(Math.max(...counts))] as string;
    expect(Math.max(...counts)).toBeGreaterThan(120);
    for (const query of [{}, { category: 'fashion' }, { search: common }] as ProductFilterQuery[]) {
      for (const sort of [undefined, 'price_desc', 'newest'] as const) {
        await compareListing(query, { sort, offset: 30, limit: 30 });
        await compareListing(query, { sort, offset: 90, limit: 7 });
        const past = await compareListing(query, { sort, offset: 5_000, limit: 24 });
        expect(past.ids).toEqual([]);
      }
    }
  });

  test('the facets count the same as the SQL', async () => {
    for (const query of filters()) {
      const filter = await resolveProductFilter(database, query);
      const fromDatabase = await readCatalogue(database, (db) => productFacets(db, filter));
      expect({ query, facets: index.facets(filter) }).toEqual({ query, facets: fromDatabase });
    }
  });

  test('suggestions choose the same products in the same order as the SQL', async () => {
    const [first = 'karoo', second = 'coastal'] = nameWords;
    for (const [text, category] of [
      [first.slice(0, 3), undefined],
      [first, undefined],
      [`${first} ${second.slice(0, 4)}`, undefined],
      [second, 'fashion'],
      [first, 'Accessories'],
      ['electronics', undefined],
      ['xyzzyq', undefined],
    ] as [string, string | undefined][]) {
      const fromMemory = await suggest(database, text, category, index);
      const fromDatabase = await suggest(database, text, category);
      expect({ text, category, products: fromMemory.products }).toEqual({ text, category, products: fromDatabase.products });
      expect(fromMemory.categories).toEqual(fromDatabase.categories);
    }
  });

  test('a word with digits or punctuation is left to the database (LIKE matches across letters and digits)', async () => {
    const filter = await resolveProductFilter(database, { search: 'tsh-000012' });
    expect(index.listIds(filter, { offset: 0, limit: 24 })).toBeNull();
    expect(index.facets(filter)).toBeNull();
  });

  test('follows a renamed product, a deleted one, a new colour and a new category at once', async () => {
    const [renamed, deleted, recoloured] = ['11', '12', '13'];
    await write(`UPDATE products SET name = 'Zebrawood ' || name WHERE id = $1`, [renamed]);
    expect(index.isCurrent).toBe(true);
    const zebra = await compareListing({ search: 'zebrawood' }, { offset: 0, limit: 24 });
    expect(zebra.ids).toEqual([renamed]);

    await write('DELETE FROM products WHERE id = $1', [deleted]);
    const all = await compareListing({}, { offset: 0, limit: 24 });
    expect(all.total).toBe(CATALOGUE_SIZE - 1);
    expect(all.ids).not.toContain(deleted);

    await write(`DELETE FROM product_colours WHERE product_id = $1`, [recoloured]);
    await write(`INSERT INTO product_colours (product_id, colour, position) VALUES ($1, 'green', 0)`, [recoloured]);
    const green = await compareListing({ colour: ['green'] }, { offset: 0, limit: 1_000 });
    expect(green.ids).toContain(recoloured);
    const black = await compareListing({ colour: ['black'] }, { offset: 0, limit: 1_000 });
    expect(black.ids).not.toContain(recoloured);

    // A new category is a change to every product (migration 008 says '*'): everything reloads.
    await write(`INSERT INTO categories (id, name, parent_id, position) VALUES ('zebra-things', 'Zebra things', 'fashion', 99)`);
    await write(`INSERT INTO product_categories (product_id, category_id, position) VALUES ($1, 'zebra-things', 9)`, [renamed]);
    expect(index.isCurrent).toBe(true);
    const zebraThings = await compareListing({ category: 'Zebra Things' }, { offset: 0, limit: 24 });
    expect(zebraThings.ids).toEqual([renamed]);
    const filter = await resolveProductFilter(database, { category: 'fashion' });
    expect(index.facets(filter)).toEqual(await readCatalogue(database, (db) => productFacets(db, filter)));
  });

  test('sorted orders kept from before follow products whose sort keys change', async () => {
    for (const sort of PRODUCT_SORTS) await compareListing({}, { sort, offset: 0, limit: 1_000 });
    // Each change moves a product to the other end of some order; the orders are patched, not re-sorted.
    await write(`UPDATE products SET is_popular = NOT is_popular, ratings_count = ratings_count + 500 WHERE id = '31'`);
    await write(`UPDATE products SET rating = 0, ratings_count = 0 WHERE id = '32'`);
    await write(`UPDATE products SET is_new = TRUE, created_at = now() WHERE id = '33'`);
    await write(`UPDATE products SET price = 0.01, on_sale_price = NULL WHERE id = '34'`);
    await write(`UPDATE products SET price = 99999, on_sale_price = NULL WHERE id = '35'`);
    for (const sort of [undefined, ...PRODUCT_SORTS]) await compareListing({}, { sort, offset: 0, limit: 1_000 });
    expect((await compareListing({}, { sort: 'price_asc', offset: 0, limit: 1 })).ids).toEqual(['34']);
    expect((await compareListing({}, { sort: 'price_desc', offset: 0, limit: 1 })).ids).toEqual(['35']);
    expect((await compareListing({}, { sort: 'newest', offset: 0, limit: 1 })).ids).toEqual(['33']);
  });

  test('a second api on the same database follows a change the first one made', async () => {
    const other = await buildApp({ database });
    try {
      await other.catalogueIndex.settled();
      expect(other.catalogueIndex.isCurrent).toBe(true);
      await write(`UPDATE products SET name = 'Quaggaskin ' || name WHERE id = '41'`);
      await other.productDetailCache.sync();
      await other.catalogueIndex.settled();
      const filter = await resolveProductFilter(database, { search: 'quaggaskin' });
      expect(other.catalogueIndex.listIds(filter, { offset: 0, limit: 24 })).toEqual({ ids: ['41'], total: 1 });
      const response = await other.inject({ url: '/products?search=QuaggaSkin' });
      expect(response.json<{ id: string }[]>().map((product) => product.id)).toEqual(['41']);
    } finally {
      await other.close();
    }
  });

  test('a sale that ends reorders prices and leaves the on-sale filter, in memory as in SQL', async () => {
    const product = '21';
    await write(
      `UPDATE products SET price = 5000, on_sale_price = 0, on_sale_until = now() + interval '1500 milliseconds' WHERE id = $1`,
      [product],
    );
    const cheapest = await compareListing({}, { sort: 'price_asc', offset: 0, limit: 5 });
    expect(cheapest.ids[0]).toBe(product);
    expect((await compareListing({ on_sale: true }, { offset: 0, limit: 1_000 })).ids).toContain(product);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const after = await compareListing({}, { sort: 'price_asc', offset: 0, limit: 5 });
    expect(after.ids).not.toContain(product);
    expect((await compareListing({ on_sale: true }, { offset: 0, limit: 1_000 })).ids).not.toContain(product);
  });
});

describe.each(testDatabases())('catalogue index: when it answers ($name)', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await target.open());
    await migrate(database);
    await seedDatabase(database);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => dispose(), DATABASE_TIMEOUT_MS);

  function changeSource(): ChangeSource & { tell(change: ProductChange): void; isListening: boolean } {
    const listeners: ((change: ProductChange) => void)[] = [];
    return {
      isListening: true,
      onChange: (listener) => listeners.push(listener),
      tell: (change) => listeners.forEach((listener) => listener(change)),
    };
  }

  test('a change it has not read back yet, or a deaf listener, leaves the answer to the database', async () => {
    const source = changeSource();
    const index = new CatalogueIndex(database, source);
    const filter = await resolveProductFilter(database, {});
    expect(index.listIds(filter, { offset: 0, limit: 5 })).toBeNull();
    index.start();
    await index.settled();
    expect(index.listIds(filter, { offset: 0, limit: 5 })?.ids).toHaveLength(5);

    source.tell({ productId: '1' });
    expect(index.isCurrent).toBe(false);
    expect(index.listIds(filter, { offset: 0, limit: 5 })).toBeNull();
    expect(index.facets(filter)).toBeNull();
    await index.settled();
    expect(index.isCurrent).toBe(true);

    // A change to many or all products: from the moment it is heard until everything has been
    // read again, nothing is answered from the snapshot from before it.
    source.tell('everything');
    expect(index.isCurrent).toBe(false);
    expect(index.listIds(filter, { offset: 0, limit: 5 })).toBeNull();
    expect(index.suggestIds({ ...filter, terms: [] }, '', 5)).toBeNull();
    await index.settled();
    expect(index.listIds(filter, { offset: 0, limit: 5 })?.ids).toHaveLength(5);

    source.isListening = false;
    expect(index.listIds(filter, { offset: 0, limit: 5 })).toBeNull();
    // Deaf, it does not read (it could miss changes); hearing again means reloading everything.
    source.tell('everything');
    await index.settled();
    source.isListening = true;
    expect(index.isCurrent).toBe(false);
    source.tell('everything');
    await index.settled();
    expect(index.isCurrent).toBe(true);
    await index.close();
    expect(index.isCurrent).toBe(false);
  });

  test('loads a catalogue bigger than one chunk of rows whole', async () => {
    const index = new CatalogueIndex(database, changeSource(), { loadChunkRows: 7 });
    index.start();
    await index.settled();
    const filter = await resolveProductFilter(database, {});
    const all = await listProductIds(database, filter, { offset: 0, limit: 1_000 });
    expect(all.total).toBeGreaterThan(7 * 3);
    expect(index.listIds(filter, { offset: 0, limit: 1_000 })).toEqual(all);
    await index.close();
  });

  test('compacts itself after more changes than products, answering from memory throughout', async () => {
    const source = changeSource();
    // Whether it answered from memory as each full read of the catalogue began.
    const currentAtFullReads: boolean[] = [];
    const watched: Database = {
      ...database,
      query: (sql, params) => {
        // Only asked once the index below exists (its start()).
        if (sql.includes('ORDER BY p.seq LIMIT')) currentAtFullReads.push(index.isCurrent);
        return database.query(sql, params);
      },
    };
    const index = new CatalogueIndex(watched, source, { minDeadSlotsBeforeCompaction: 1 });
    index.start();
    await index.settled();
    expect(currentAtFullReads).toEqual([false]);
    const filter = await resolveProductFilter(database, {});
    const { ids } = await listProductIds(database, filter, { offset: 0, limit: 1_000 });
    // Every product changed twice: more old copies than products, so it reads everything again,
    // answering from its current copy meanwhile.
    for (const id of [...ids, ...ids]) source.tell({ productId: id });
    await index.settled();
    expect(currentAtFullReads).toEqual([false, true]);
    expect(index.isCurrent).toBe(true);
    for (const sort of [undefined, 'price_asc', 'newest'] as const) {
      expect(index.listIds(filter, { sort, offset: 0, limit: 1_000 })).toEqual(await listProductIds(database, filter, { sort, offset: 0, limit: 1_000 }));
    }
    await index.close();
  });

  test('a failed load is logged and tried again; the database answers meanwhile', async () => {
    let failures = 1;
    const flaky: Database = {
      ...database,
      query: (sql, params) => {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new Error('connection reset'));
        }
        return database.query(sql, params);
      },
    };
    const logged: string[] = [];
    const index = new CatalogueIndex(flaky, changeSource(), { retryMs: 20, log: (message) => logged.push(message) });
    index.start();
    await index.settled();
    expect(index.isCurrent).toBe(false);
    expect(logged).toEqual([expect.stringContaining('reading the catalogue failed')]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await index.settled();
    expect(index.isCurrent).toBe(true);
    await index.close();
  });
});

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdentifierSchema, ProductFacetsSchema, ProductSchema } from '@storefront/contracts';
import type { Product } from '@storefront/shared/types';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { etagOf, matchesEtag, type CachedBody, type CachedAnswer, type ProductDetailCache } from './productDetailCache';
import type { Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';
import { productFacets } from './facetQueries';
import { lowerAll, nextSaleEnd, ProductFilterError, resolveProductFilter, type ProductFilterQuery } from './productFilter';
import type { SearchLexicon } from './searchTerms';
import { findProduct, findProductsByIds, listProductIds } from './productQueries';
import { ProductFacetsQuerySchema, ProductListingQuerySchema } from './productQuerySchemas';
import { explainQueryErrors } from './queryErrors';
import { readCatalogue } from './readCatalogue';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const SEARCH_SHOWING_HEADER = 'X-Search-Showing';
const DEFAULT_LIMIT = 100;

type ProductListingQuery = Static<typeof ProductListingQuerySchema>;

/** The answer, or null with a 400 already sent when the query names a colour or size the shop lacks. */
async function answerOr400(reply: FastifyReply, read: () => Promise<CachedAnswer>): Promise<CachedAnswer | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ProductFilterError)) throw error;
    await reply.code(400).send(apiError('bad_request', error.message));
    return null;
  }
}

/**
 * Browsers and proxies may keep a product but must ask again each time (If-None-Match → 304):
 * stock and prices change.
 */
const PRODUCT_CACHE_CONTROL = 'no-cache';
const NotModifiedSchema = Type.Unsafe<undefined>({ type: 'null', description: 'Not modified: the ETag in If-None-Match is current' });

/** A product as both routes answer it: serialised once, when read from the database. */
function cachedBodyOf(product: Product): CachedBody {
  const body = Buffer.from(JSON.stringify(product));
  return { productId: product.id, body, etag: etagOf(body) };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of the bodies, as bytes. */
function jsonArray(bodies: readonly CachedBody[]): Buffer {
  return Buffer.concat([OPEN, ...bodies.flatMap((answer, index) => (index === 0 ? [answer.body] : [COMMA, answer.body])), CLOSE]);
}

/** What a catalogue answer is kept under, and whether it also depends on the clock. */
export interface AnswerKey {
  key: string;
  /** On sale, and the price paid, change when a sale ends, with no change to any product. */
  readsClock: boolean;
}

/** The filters in one canonical form: names in any letter case and order say the same. */
function filtersKey(filters: ProductFilterQuery): unknown[] {
  const { category, colour, size, min_price, max_price, on_sale, is_new, is_popular, in_stock } = filters;
  const names = (values: string[] | undefined) => lowerAll(values)?.sort() ?? null;
  return [category?.toLowerCase() ?? null, names(colour), names(size), min_price ?? null, max_price ?? null, on_sale ?? null, is_new ?? null, is_popular ?? null, in_stock ?? null];
}

function readsClock(filters: ProductFilterQuery): boolean {
  return filters.on_sale !== undefined || filters.min_price !== undefined || filters.max_price !== undefined;
}

/**
 * Names a page of the listing for memory (ProductDetailCache), or null for a search: what
 * shoppers type varies too much to be worth keeping.
 */
export function listingKey(query: ProductListingQuery): AnswerKey | null {
  const { page = 1, limit = DEFAULT_LIMIT, sort, search, ...filters } = query;
  if (search !== undefined) return null;
  return {
    key: JSON.stringify(['products', page, limit, sort ?? null, ...filtersKey(filters)]),
    readsClock: readsClock(filters) || sort === 'price_asc' || sort === 'price_desc',
  };
}

/** Names the facets of a filter for memory, or null for a search; the price range reads the clock. */
export function facetsKey(query: ProductFilterQuery): AnswerKey | null {
  if (query.search !== undefined) return null;
  return { key: JSON.stringify(['facets', ...filtersKey(query)]), readsClock: true };
}

/**
 * The answer for `key`: from memory, or read by `load` and kept. One that reads the clock is
 * kept only until the next sale in the catalogue ends, looked up before the read so that a sale
 * ending during it still ends the answer.
 */
async function keptAnswer(
  database: Database,
  productCache: ProductDetailCache,
  key: AnswerKey | null,
  load: () => Promise<CachedAnswer>,
): Promise<CachedAnswer> {
  if (key === null) return load();
  return productCache.answer(key.key, async () => {
    const expiresAt = key.readsClock ? await nextSaleEnd(database) : null;
    return { ...(await load()), ...(expiresAt === null ? {} : { expiresAt }) };
  });
}

export const productRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  productCache: ProductDetailCache;
  lexicon: SearchLexicon;
}> = async (app, { database, productCache, lexicon }) => {
  app.get(
    '/products',
    {
      schema: {
        operationId: 'listProducts',
        summary: 'A page of products, filtered, searched and sorted',
        description:
          'The total is in `X-Total-Count`; a search word corrected to the nearest one in the catalogue is named, URI-encoded, in `X-Search-Showing`.',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: ProductListingQuerySchema,
        // The body is written from products serialised once each (below); the schema says what it holds.
        response: { 200: Type.Unsafe<Buffer>(Type.Array(ProductSchema)), ...errorResponses },
      },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request, reply) => {
      const { page = 1, limit = DEFAULT_LIMIT, sort, ...filters } = request.query;
      const read = async (): Promise<CachedAnswer> => {
        const filter = await resolveProductFilter(database, filters, lexicon);
        // The database chooses the page's ids; their products mostly come from memory, the same
        // answers GET /products/{id} keeps, and only the others are read, in one more query. Each
        // is a query of its own, not a transaction (on PGlite two more round trips).
        const options = { sort, offset: (page - 1) * limit, limit };
        const { ids, total } = await listProductIds(database, filter, options);
        const bodies = await productCache.readMany(ids, async (missing) => (await findProductsByIds(database, missing)).map(cachedBodyOf));
        // A product deleted between the two reads leaves the page and the total alike.
        const found = total - (ids.length - bodies.length);
        const showing = found > 0 ? filter.search?.showing : null;
        return { body: jsonArray(bodies), total: found, ...(showing ? { showing } : {}) };
      };
      const listing = await answerOr400(reply, () => keptAnswer(database, productCache, listingKey(request.query), read));
      if (!listing) return reply;
      reply.header(TOTAL_COUNT_HEADER, String(listing.total ?? 0));
      // A word typed that is in no product, searched for as the nearest word that is ("jakcet" →
      // "jacket"): the page says what it shows. Encoded, since a header is ASCII.
      if (listing.showing) reply.header(SEARCH_SHOWING_HEADER, encodeURIComponent(listing.showing));
      // The storefront may call from another origin in development; let it read them.
      reply.header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${SEARCH_SHOWING_HEADER}`);
      return reply.type('application/json; charset=utf-8').send(listing.body);
    },
  );

  // Registered beside /products/:id; the router prefers this static path, so no product is named "facets".
  app.get(
    '/products/facets',
    {
      schema: {
        operationId: 'getProductFacets',
        summary: 'Counts by category, colour and size, and the price range, for the listing’s filters',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: ProductFacetsQuerySchema,
        // The body is written from bytes serialised once (below); the schema says what they hold.
        response: { 200: Type.Unsafe<Buffer>(ProductFacetsSchema), ...errorResponses },
      },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request, reply) => {
      const facets = await answerOr400(reply, () =>
        keptAnswer(database, productCache, facetsKey(request.query), async () => {
          const filter = await resolveProductFilter(database, request.query, lexicon);
          const facets = await readCatalogue(database, (db) => productFacets(db, filter));
          return { body: Buffer.from(JSON.stringify(facets)) };
        }),
      );
      if (!facets) return reply;
      return reply.type('application/json; charset=utf-8').send(facets.body);
    },
  );
};

/**
 * One product, from memory when it can be (ProductDetailCache). Registered outside the shopper
 * scope: the answer is the same for every shopper, so it neither reads their session nor sets
 * their cookie, and a hit does no more than write the stored bytes.
 */
export const productDetailRoutes: FastifyPluginAsyncTypebox<{ database: Database; productCache: ProductDetailCache }> = async (
  app,
  { database, productCache },
) => {
  app.get(
    '/products/:id',
    {
      schema: {
        operationId: 'getProduct',
        summary: 'One product, by id or link',
        description: 'With an `ETag` and `Cache-Control: no-cache`; `If-None-Match` with the current ETag is answered 304.',
        tags: ['catalogue'],
        security: access.anyone,
        params: Type.Object({ id: IdentifierSchema }, { additionalProperties: false }),
        querystring: NoQuerySchema,
        // The body leaves as bytes serialised once (below); the schema still says what they hold.
        response: { 200: Type.Unsafe<Buffer>(ProductSchema), 304: NotModifiedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer =
        productCache.lookup(id) ??
        (await productCache.read(id, async () => {
          const product = await findProduct(database, id);
          // Serialised once per read from the database; a hit only writes these bytes.
          return product && cachedBodyOf(product);
        }));
      if (!answer) return reply.code(404).send(apiError('not_found', `No product "${id}"`));
      reply.header('etag', answer.etag).header('cache-control', PRODUCT_CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined);
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { etagOf, matchesEtag, type CachedBody, type ProductDetailCache } from '../../cache/productDetailCache';
import type { Database } from '../../db/database';
import { apiError } from '../../plugins/errors';
import { errorResponses, IdentifierSchema, NoQuerySchema } from '../../schemas/common';
import { ProductSchema } from '../../schemas/product';
import { productFacets } from './facetQueries';
import { ProductFilterError, resolveProductFilter, type ProductFilter, type ProductFilterQuery } from './productFilter';
import { findProduct, listProducts } from './productQueries';
import { ProductFacetsQuerySchema, ProductFacetsSchema, ProductListingQuerySchema } from './productQuerySchemas';
import { explainQueryErrors } from './queryErrors';
import { readCatalogue } from './readCatalogue';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
const DEFAULT_LIMIT = 100;

/** The filter, or a 400 already sent when the query names a colour or size the shop lacks. */
async function filterOr400(database: Database, query: ProductFilterQuery, reply: FastifyReply): Promise<ProductFilter | null> {
  try {
    return await resolveProductFilter(database, query);
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
const NotModifiedSchema = Type.Unsafe<undefined>({ description: 'Not modified: the ETag in If-None-Match is current' });

export const productRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/products',
    {
      schema: {
        querystring: ProductListingQuerySchema,
        response: { 200: Type.Array(ProductSchema), ...errorResponses },
      },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request, reply) => {
      const { page = 1, limit = DEFAULT_LIMIT, sort, ...filters } = request.query;
      const filter = await filterOr400(database, filters, reply);
      if (!filter) return reply;
      const result = await readCatalogue(database, (db) => listProducts(db, filter, { sort, offset: (page - 1) * limit, limit }));
      reply.header(TOTAL_COUNT_HEADER, String(result.total));
      // The storefront may call from another origin in development; let it read the total.
      reply.header('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
      return result.products;
    },
  );

  // Registered beside /products/:id; the router prefers this static path, so no product is named "facets".
  app.get(
    '/products/facets',
    {
      schema: {
        querystring: ProductFacetsQuerySchema,
        response: { 200: ProductFacetsSchema, ...errorResponses },
      },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request, reply) => {
      const filter = await filterOr400(database, request.query, reply);
      if (!filter) return reply;
      return readCatalogue(database, (db) => productFacets(db, filter));
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
          if (!product) return null;
          // Serialised once per read from the database; a hit only writes these bytes.
          const body = Buffer.from(JSON.stringify(product));
          return { productId: product.id, body, etag: etagOf(body) } satisfies CachedBody;
        }));
      if (!answer) return reply.code(404).send(apiError('not_found', `No product "${id}"`));
      reply.header('etag', answer.etag).header('cache-control', PRODUCT_CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send(undefined);
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
};

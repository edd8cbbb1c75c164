import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
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

  app.get(
    '/products/:id',
    {
      schema: {
        params: Type.Object({ id: IdentifierSchema }, { additionalProperties: false }),
        querystring: NoQuerySchema,
        response: { 200: ProductSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const product = await findProduct(database, request.params.id);
      if (!product) return reply.code(404).send(apiError('not_found', `No product "${request.params.id}"`));
      return product;
    },
  );
};

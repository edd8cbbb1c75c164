import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CatalogueChoicesSchema,
  ErrorSchema,
  NewProductBodySchema,
  OperatorProductListQuerySchema,
  OperatorProductPageSchema,
  OperatorProductSchema,
  PictureArrangementBodySchema,
  ProductEditConflictSchema,
  ProductUpdateBodySchema,
  StockChangeBodySchema,
} from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database, Queryable } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { NoQuerySchema } from '../../schemas/common';
import { PictureRefused } from '../catalogueFiles';
import { createProduct, EditRefused, readOperatorProduct, updateProduct } from './editing';
import { arrangePictures, addPicture } from './operatorPictures';
import { catalogueChoices, listOperatorProducts } from './productList';
import { changeStock } from './stockChanges';

const responses = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema, 500: ErrorSchema, 503: ErrorSchema };
const ProductParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9a-zA-Z]{1,40}$' }) }, { additionalProperties: false });
/** A picture staff upload: at most 20 MB, judged by its bytes. */
const PICTURE_BODY_LIMIT = 20 * 1024 * 1024;

export const NO_CATALOGUE_ROLE = 'Your account runs the shop’s orders; editing the catalogue needs the catalogue role: npm run operators -- add <email> --catalogue';

export interface ProductEditRoutesOptions {
  database: Database;
  /** Whether this request may edit the catalogue: an operator with the catalogue role, or the command line. */
  mayEditCatalogue: (request: FastifyRequest) => boolean;
  /** Who is acting, for the stock history. */
  actorOf: (request: FastifyRequest) => string;
}

/**
 * /operator/products: the shop's staff list, create and edit products, their pictures and stock
 * (the operator routes' sign-in check runs first; this adds the catalogue role). Every write waits
 * until the store's caches have heard of it, so the next page a shopper opens shows it.
 */
export const productEditRoutes: FastifyPluginAsyncTypebox<ProductEditRoutesOptions> = async (app, { database, mayEditCatalogue, actorOf }) => {
  app.addHook('preValidation', async (request, reply) => {
    if (!mayEditCatalogue(request)) return reply.code(403).send(apiError('no_catalogue_role', NO_CATALOGUE_ROLE));
  });
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: PICTURE_BODY_LIMIT }, (_request, body, done) => done(null, body));

  /** A refusal as its status and message; anything else is the api's own failure. */
  function refusal(reply: FastifyReply, error: unknown) {
    if (error instanceof EditRefused) return reply.code(error.status).send(apiError(error.code, error.message));
    if (error instanceof PictureRefused) return reply.code(400).send(apiError('invalid_picture', `body: ${error.message}`));
    throw error;
  }

  /** The product as the operator pages show it, after a write in one transaction. */
  async function answer(reply: FastifyReply, id: string, write: (tx: Queryable) => Promise<void>) {
    try {
      await database.transaction(write);
    } catch (error) {
      return refusal(reply, error);
    }
    return (await readOperatorProduct(database, id)) ?? reply.code(404).send(apiError('not_found', `No product "${id}"`));
  }

  app.get(
    '/operator/products',
    {
      schema: {
        operationId: 'listOperatorProducts',
        summary: 'A page of the shop’s products, published or not, newest first; `q` searches names, SKUs and addresses',
        tags: ['operator'],
        security: access.operator,
        querystring: OperatorProductListQuerySchema,
        response: { 200: OperatorProductPageSchema, ...responses },
      },
    },
    async (request) => listOperatorProducts(database, request.query.q ?? '', request.query.page ?? 1),
  );

  app.get(
    '/operator/catalogue-choices',
    {
      schema: {
        operationId: 'catalogueChoices',
        summary: 'The shop’s categories, colours and sizes, for the product form',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        response: { 200: CatalogueChoicesSchema, ...responses },
      },
    },
    async () => catalogueChoices(database),
  );

  app.get(
    '/operator/products/:id',
    {
      schema: {
        operationId: 'getOperatorProduct',
        summary: 'One product as the product form edits it, with stock by variant, pictures and stock history',
        tags: ['operator'],
        security: access.operator,
        params: ProductParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: OperatorProductSchema, ...responses },
      },
    },
    async (request, reply) => (await readOperatorProduct(database, request.params.id)) ?? reply.code(404).send(apiError('not_found', `No product "${request.params.id}"`)),
  );

  app.post(
    '/operator/products',
    {
      config: { changesProducts: true },
      schema: {
        operationId: 'createProduct',
        summary: 'A new product, with no stock until it is counted',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        body: NewProductBodySchema,
        response: { 201: OperatorProductSchema, ...responses },
      },
    },
    async (request, reply) => {
      let id: string;
      try {
        id = await database.transaction((tx) => createProduct(tx, request.body.product, request.body.link));
      } catch (error) {
        return refusal(reply, error);
      }
      request.log.info({ operator: actorOf(request), product: id }, 'product created');
      const created = await readOperatorProduct(database, id);
      if (!created) throw new Error(`Product ${id} was not found right after it was created`);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/operator/products/:id',
    {
      config: { changesProducts: true },
      schema: {
        operationId: 'updateProduct',
        summary: 'Saves the product form; refused (409 edit_conflict, with what changed) when the product changed since the form was loaded',
        tags: ['operator'],
        security: access.operator,
        params: ProductParamsSchema,
        querystring: NoQuerySchema,
        body: ProductUpdateBodySchema,
        response: { ...responses, 200: OperatorProductSchema, 409: Type.Union([ProductEditConflictSchema, ErrorSchema]) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      let outcome: Awaited<ReturnType<typeof updateProduct>>;
      try {
        outcome = await database.transaction((tx) => updateProduct(tx, id, request.body.base, request.body.next));
      } catch (error) {
        return refusal(reply, error);
      }
      if (outcome) {
        const { changed, current } = outcome.conflict;
        return reply.code(409).send({
          error: 'edit_conflict' as const,
          message: `Someone else saved this product while you were editing it: ${changed.join(', ')} changed. Your changes are not saved; load the saved version, then make them again.`,
          changed,
          current,
        });
      }
      request.log.info({ operator: actorOf(request), product: id }, 'product saved');
      return (await readOperatorProduct(database, id)) ?? reply.code(404).send(apiError('not_found', `No product "${id}"`));
    },
  );

  app.post(
    '/operator/products/:id/pictures',
    {
      bodyLimit: PICTURE_BODY_LIMIT,
      config: { changesProducts: true },
      schema: {
        operationId: 'addProductPicture',
        summary: 'Adds a picture (JPEG, PNG, WebP, GIF, AVIF or TIFF bytes, not SVG; at most 20 MB and 40 megapixels), made at once in the store’s sizes',
        tags: ['operator'],
        security: access.operator,
        params: ProductParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: OperatorProductSchema, ...responses },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(400).send(apiError('invalid_body', 'body: send the picture’s bytes as application/octet-stream'));
      const bytes = request.body;
      return answer(reply, request.params.id, (tx) => addPicture(tx, request.params.id, bytes));
    },
  );

  app.put(
    '/operator/products/:id/pictures',
    {
      config: { changesProducts: true },
      schema: {
        operationId: 'arrangeProductPictures',
        summary: 'The product’s pictures in a new order, each with its colour and alt text; one left out is removed',
        tags: ['operator'],
        security: access.operator,
        params: ProductParamsSchema,
        querystring: NoQuerySchema,
        body: PictureArrangementBodySchema,
        response: { 200: OperatorProductSchema, ...responses },
      },
    },
    async (request, reply) => answer(reply, request.params.id, (tx) => arrangePictures(tx, request.params.id, request.body.pictures)),
  );

  app.post(
    '/operator/products/:id/stock',
    {
      config: { changesProducts: true },
      schema: {
        operationId: 'changeProductStock',
        summary: 'One variant’s stock: received (added), damaged (taken away) or counted (every unit in the shop, less what open orders hold)',
        tags: ['operator'],
        security: access.operator,
        params: ProductParamsSchema,
        querystring: NoQuerySchema,
        body: StockChangeBodySchema,
        response: { 200: OperatorProductSchema, ...responses },
      },
    },
    async (request, reply) => answer(reply, request.params.id, (tx) => changeStock(tx, request.params.id, request.body, actorOf(request))),
  );
};

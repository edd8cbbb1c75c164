import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategorySchema, ColourSchema, SizeSchema } from '@storefront/contracts';
import type { Category, Colour, Size } from '@storefront/shared/types';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

/** The reference lists the storefront builds its filters and pickers from. */
export const catalogueRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/colours',
    {
      schema: {
        operationId: 'listColours',
        summary: 'The catalogue’s colours',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(ColourSchema), ...errorResponses },
      },
    },
    async () => (await database.query<Colour>('SELECT name, code FROM colours ORDER BY position, name')).rows,
  );

  app.get(
    '/sizes',
    {
      schema: {
        operationId: 'listSizes',
        summary: 'The catalogue’s sizes',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(SizeSchema), ...errorResponses },
      },
    },
    async () => (await database.query<Size>('SELECT name, label FROM sizes ORDER BY position, name')).rows,
  );

  app.get(
    '/categories',
    {
      schema: {
        operationId: 'listCategories',
        summary: 'The catalogue’s categories, each with its parent’s name',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(CategorySchema), ...errorResponses },
      },
    },
    async () =>
      (
        await database.query<Category>(
          `SELECT c.id, c.name, parent.name AS parent
           FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
           ORDER BY c.position, c.id`,
        )
      ).rows,
  );
};

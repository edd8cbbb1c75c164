import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdentifierSchema } from '@storefront/contracts';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { errorResponses, MediaAnswer, NoQuerySchema } from '../../schemas/common';

const FILE = '^[0-9a-f]{64}-(small|large)\\.webp$';

/** The pictures made from a shop's own files: WebP, named by their bytes, so kept for a year. */
export const pictureFileRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/images/catalogue/:productId/:file',
    {
      schema: {
        operationId: 'getCataloguePicture',
        summary: 'A picture made from the shop’s own file, small (400 px) or large (800 px), as WebP',
        tags: ['catalogue'],
        security: access.anyone,
        params: Type.Object({ productId: IdentifierSchema, file: Type.String({ pattern: FILE }) }, { additionalProperties: false }),
        querystring: NoQuerySchema,
        response: { 200: MediaAnswer<Buffer>('The picture', ['image/webp']), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { productId, file } = request.params;
      const found = await database.query<{ bytes: Buffer | Uint8Array }>(
        `SELECT f.bytes FROM picture_files f
         WHERE f.name = $2 AND EXISTS (SELECT 1 FROM product_pictures pp WHERE pp.product_id = $1 AND pp.url = 'catalogue/' || $1 || '/' || $2)`,
        [productId.toLowerCase(), file],
      );
      const row = found.rows[0];
      if (!row) return reply.code(404).send(apiError('not_found', `No picture "catalogue/${productId}/${file}"`));
      return reply.header('cache-control', 'public, max-age=31536000, immutable').header('content-type', 'image/webp').send(Buffer.from(row.bytes));
    },
  );
};

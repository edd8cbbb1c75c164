import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COLOURS } from '@storefront/shared/domain';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { apiError } from '../plugins/errors';
import { errorResponses, IdentifierSchema, NoQuerySchema } from '../schemas/common';
import { findProductById } from '../routes/products/productQueries';
import { drawProductPicture } from './drawProduct';

const PICTURE_FILE = /^([1-9][0-9]{0,2})(-small)?\.svg$/;

/** A stable colour for products sold in one colour, picked from the shop's palette by id. */
function colourForSimpleProduct(productId: string): string {
  let hash = 0;
  for (const char of productId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]?.code ?? '#1f2937';
}

export const imageRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/images/products/:productId/:file',
    {
      schema: {
        params: Type.Object(
          { productId: IdentifierSchema, file: Type.String({ pattern: PICTURE_FILE.source }) },
          { additionalProperties: false },
        ),
        querystring: NoQuerySchema,
        response: { 200: Type.String({ description: 'image/svg+xml' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { productId, file } = request.params;
      const product = await findProductById(database, productId);
      const url = `products/${productId.toLowerCase()}/${file}`;
      const small = file.endsWith('-small.svg');
      const picture = (small ? product?.small_pictures : product?.large_pictures)?.find((candidate) => candidate.url === url);
      if (!product || !picture) return reply.code(404).send(apiError('not_found', `No picture "${url}"`));

      const position = Number(PICTURE_FILE.exec(file)?.[1] ?? 1);
      // Drawn in the colour the picture is stored as showing (product_pictures.colour).
      const shown = picture.colour ? product.colours.find((colour) => colour.name === picture.colour) : undefined;
      const colour =
        shown?.code ??
        (product.colours.length > 0 ? (product.colours[(position - 1) % product.colours.length]?.code ?? '#1f2937') : colourForSimpleProduct(product.id));
      const svg = drawProductPicture({
        name: product.name,
        categories: product.categories.map((category) => category.id),
        colour,
        position,
        size: picture.width,
        withoutName: small,
      });
      return reply
        .header('Content-Type', 'image/svg+xml')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(svg);
    },
  );
};

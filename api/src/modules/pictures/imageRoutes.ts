import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdentifierSchema } from '@storefront/contracts';
import { COLOURS } from '@storefront/shared/domain';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { errorResponses, MediaAnswer, NoQuerySchema } from '../../schemas/common';
import { findProductById } from '../catalogue';
import { drawProductPicture } from './drawProduct';
import type { EncoderLimits } from '../../limits';
import { PictureEncoder } from './webp';

/**
 * A large picture is `{n}.svg`; a small one `{n}-small.webp` (webp.ts), or `{n}-small.svg`, its
 * address before small pictures were WebP, which orders placed then keep.
 */
const PICTURE_FILE = /^([1-9][0-9]{0,2})(?:-small\.(svg|webp)|\.svg)$/;

/** A stable colour for products sold in one colour, picked from the shop's palette by id. */
function colourForSimpleProduct(productId: string): string {
  let hash = 0;
  for (const char of productId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]?.code ?? '#1f2937';
}

const FOR_A_YEAR = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncTypebox<{ database: Database; encoderLimits: EncoderLimits }> = async (app, { database, encoderLimits }) => {
  const encoder = new PictureEncoder(encoderLimits);
  app.get(
    '/images/products/:productId/:file',
    {
      schema: {
        operationId: 'getProductPicture',
        summary: 'A product’s picture: `{n}.svg` large, `{n}-small.webp` small',
        tags: ['catalogue'],
        security: access.anyone,
        params: Type.Object(
          { productId: IdentifierSchema, file: Type.String({ pattern: PICTURE_FILE.source }) },
          { additionalProperties: false },
        ),
        querystring: NoQuerySchema,
        // The SVG's text, or a small picture's WebP bytes (sent as they are, not serialised).
        response: {
          200: MediaAnswer<string | Buffer>('The picture: an SVG, or a WebP for `{n}-small.webp` (its SVG while the encoder is busy)', ['image/svg+xml', 'image/webp']),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { productId, file } = request.params;
      const [, number = '1', smallFormat] = PICTURE_FILE.exec(file) ?? [];
      const small = smallFormat !== undefined;
      const product = await findProductById(database, productId);
      const folder = `products/${productId.toLowerCase()}`;
      const url = `${folder}/${file}`;
      // A small picture is found by its number, whichever address it was asked for by.
      const addresses = small ? [`${folder}/${number}-small.webp`, `${folder}/${number}-small.svg`] : [url];
      const picture = (small ? product?.small_pictures : product?.large_pictures)?.find((candidate) => addresses.includes(candidate.url));
      if (!product || !picture) return reply.code(404).send(apiError('not_found', `No picture "${url}"`));

      const position = Number(number);
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
      if (smallFormat === 'webp') {
        const webp = encoder.webpOf(svg);
        if (webp) return reply.header('Cache-Control', FOR_A_YEAR).header('Content-Type', 'image/webp').send(await webp);
        // Too many pictures wait to be encoded: this one goes as its SVG, kept a minute, not a year.
        return reply.header('Cache-Control', 'public, max-age=60').header('Content-Type', 'image/svg+xml').send(svg);
      }
      return reply.header('Cache-Control', FOR_A_YEAR).header('Content-Type', 'image/svg+xml').send(svg);
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ShopDisclosuresSchema } from '@storefront/contracts';
import type { ShopDisclosures } from '@storefront/shared/types';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

/** Shared caches and browsers may keep the disclosures this long; a changed setting needs a restart anyway. */
export const DISCLOSURES_MAX_AGE_SECONDS = 60;

/**
 * Who the shop is and on what terms it sells (modules/shop/disclosures.ts), for the pages that show them
 * (footer, terms, checkout). The same for everyone: no shopper cookie is read or set.
 */
export const shopRoutes: FastifyPluginAsyncTypebox<{ disclosures: ShopDisclosures }> = async (app, { disclosures }) => {
  app.get(
    '/shop/disclosures',
    {
      schema: {
        operationId: 'getShopDisclosures',
        summary: 'The shop’s legal details, contact details and policies',
        tags: ['shop'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: { 200: ShopDisclosuresSchema, ...errorResponses },
      },
    },
    async (_request, reply) => reply.header('cache-control', `public, max-age=${DISCLOSURES_MAX_AGE_SECONDS}`).send(disclosures),
  );
};

import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What a write that changes products waits for before it is answered. The catalogue adds its
     * cache's: the notifications of the write's changes are heard first, so the shopper's next
     * look at the product shows them.
     */
    productChangeBarriers: Array<() => Promise<void>>;
  }
  interface FastifyContextConfig {
    /**
     * The route writes what a product shows (stock, rating…): its answer waits until the product
     * cache has heard the change, so the shopper's next look at the product shows it.
     */
    changesProducts?: boolean;
  }
}

/**
 * A write's own next read must not be answered from before it. Only routes that say so
 * (`config.changesProducts`) wait: a barrier is a NOTIFY, and NOTIFYs commit one at a time (cart
 * PATCH at 50 connections halved when every write waited). Changes made elsewhere (SQL, another
 * api) are dropped when their notification arrives, a moment after their commit.
 */
export default fp(
  async (app) => {
    const barriers: Array<() => Promise<void>> = [];
    app.decorate('productChangeBarriers', barriers);
    // A callback, not an async hook: other requests pass through without a promise.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.routeOptions.config.changesProducts || barriers.length === 0) return done(null, payload);
      Promise.all(barriers.map((barrier) => barrier())).then(() => done(null, payload), done);
    });
  },
  { name: 'product-changes' },
);

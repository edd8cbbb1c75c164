import { apiModule } from '../apiModule';
import { catalogueRoutes } from './categoryRoutes';
import { ProductDetailCache } from './productDetailCache';
import { productDetailRoutes, productRoutes } from './productRoutes';
import { SearchLexicon } from './searchTerms';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /products/{id} answers in memory; search reads it too; tests reach it to wait for notifications. */
    productDetailCache: ProductDetailCache;
    /** The catalogue's words for typo-tolerant search, kept until the cache hears of a change. */
    searchLexicon: SearchLexicon;
  }
}

/**
 * The catalogue: listing, facets, categories and product details, with the product cache and
 * search words it shares with search. A write that changes products waits for the cache to hear
 * of it (plugins/productChanges.ts).
 */
export default apiModule({
  name: 'catalogue',
  uses: ['database', 'shopper', 'product-changes'],
  shares: true,
  async register(app) {
    const { database } = app;
    const productCache = new ProductDetailCache(database);
    await productCache.start();
    app.decorate('productDetailCache', productCache);
    app.addHook('onClose', () => productCache.close());
    app.productChangeBarriers.push(() => productCache.sync());
    const lexicon = new SearchLexicon(() => productCache.changeStamp);
    app.decorate('searchLexicon', lexicon);

    // Product details are public, the same for everyone, and cached: served without a shopper cookie.
    await app.register(productDetailRoutes, { database, productCache });
    await app.register(async function listingRoutes(listing) {
      listing.addHook('onRequest', app.identifyShopper);
      await listing.register(productRoutes, { database, productCache, lexicon });
      await listing.register(catalogueRoutes, { database });
    });
  },
});

import { apiModule } from '../apiModule';
import { searchRoutes } from './searchRoutes';

/** Search suggestions, from the catalogue's cache and search words. */
export default apiModule({
  name: 'search',
  uses: ['database', 'shopper', 'catalogue'],
  async register(app) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(searchRoutes, { database: app.database, productCache: app.productDetailCache, lexicon: app.searchLexicon });
  },
});

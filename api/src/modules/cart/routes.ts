import { apiModule } from '../apiModule';
import { cartRoutes } from './cartRoutes';

/** The shopper's cart. */
export default apiModule({
  name: 'cart',
  uses: ['database', 'limits', 'shopper', 'catalogue'],
  async register(app) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(cartRoutes, { database: app.database, limits: app.limits });
  },
});

import { apiModule } from '../apiModule';
import { reviewRoutes } from './reviewRoutes';

/** Product reviews: reading them, and a signed-in shopper writing one (a product's rating changes). */
export default apiModule({
  name: 'reviews',
  uses: ['database', 'shopper', 'product-changes'],
  async register(app) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(reviewRoutes, { database: app.database });
  },
});

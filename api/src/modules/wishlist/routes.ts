import { apiModule } from '../apiModule';
import { wishlistRoutes } from './wishlistRoutes';

/** The shopper's wishlist. */
export default apiModule({
  name: 'wishlist',
  uses: ['database', 'shopper'],
  async register(app) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(wishlistRoutes, { database: app.database });
  },
});

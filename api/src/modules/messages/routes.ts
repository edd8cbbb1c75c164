import { apiModule } from '../apiModule';
import { messageRoutes } from './messageRoutes';

/** Messages shoppers send the shop. */
export default apiModule({
  name: 'messages',
  uses: ['database', 'limits', 'shopper', 'rate-limits'],
  async register(app) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(messageRoutes, { database: app.database, limits: app.limits });
  },
});

import { apiModule } from '../apiModule';
import { healthRoutes } from './healthRoutes';

/** Whether the api and its database answer. */
export default apiModule({
  name: 'health',
  uses: ['database', 'shopper'],
  async register(app, { healthTimeoutMs }) {
    app.addHook('onRequest', app.identifyShopper);
    await app.register(healthRoutes, { database: app.database, timeoutMs: healthTimeoutMs });
  },
});

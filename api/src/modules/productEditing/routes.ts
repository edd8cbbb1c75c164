import { apiModule } from '../apiModule';
import { startScheduledSales } from './editing';

/**
 * Products the shop's staff edit. The pages' routes are operator routes (productEditRoutes.ts,
 * registered by the operators module behind its sign-in check); this module starts the sales
 * staff set to begin later, with the expiry sweep, each minute.
 */
export default apiModule({
  name: 'productEditing',
  uses: ['database', 'expiry'],
  async register(app) {
    const { database } = app;
    app.expirySweeper.add({ kind: 'scheduledSales', run: () => startScheduledSales(database) });
  },
});

import { apiModule } from '../apiModule';
import { operatorRoutes } from './operatorRoutes';

/** The shop's staff: orders, mail and release health, for signed-in operators and this machine's command line. */
export default apiModule({
  name: 'operators',
  uses: ['database', 'mail', 'shopper', 'product-changes'],
  async register(app, { eft, paymentWindowHours, storefrontUrl, machineTokenHash, telemetry }) {
    app.addHook('onRequest', app.identifyShopper);
    const terms = { eft, paymentWindowHours };
    await app.register(operatorRoutes, { database: app.database, terms, mail: app.mailer, storefrontUrl, machineTokenHash, telemetry });
  },
});

import { apiModule } from '../apiModule';
import { expireUnpaidOrders, remindUnpaidOrders } from './orderLife';
import { orderRoutes } from './orderRoutes';

/**
 * Placing and reading orders. Unpaid EFT orders past their payment window expire (their stock
 * back on the shelf), and their shoppers are reminded a day before, on the expiry sweep's schedule.
 */
export default apiModule({
  name: 'orders',
  uses: ['database', 'limits', 'mail', 'shopper', 'rate-limits', 'expiry', 'product-changes'],
  async register(app, options) {
    const { database, limits, mailer: mail } = app;
    const { eft, paymentWindowHours, unpaidOrderLimits, storefrontUrl } = options;
    const orderChanges = { terms: { eft, paymentWindowHours }, mail, storefrontUrl };
    app.expirySweeper.add({ kind: 'unpaidOrders', run: () => expireUnpaidOrders(database, orderChanges) });
    app.expirySweeper.add({ kind: 'paymentReminders', run: () => remindUnpaidOrders(database, orderChanges) });
    app.addHook('onRequest', app.identifyShopper);
    const newsletter = { mail, storefrontUrl, perEmail: limits.newsletterPerEmail };
    await app.register(orderRoutes, { database, eft, unpaidOrderLimits, paymentWindowHours, mail, limits, newsletter });
  },
});

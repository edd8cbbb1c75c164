import { apiModule } from '../apiModule';
import { newsletterRoutes } from './newsletterRoutes';
import { deleteUnconfirmedSubscriptions } from './subscriptions';

/**
 * Signing up, confirming and unsubscribing read no shopper cookie and set none: a mail
 * provider's one-click unsubscribe must leave nothing behind. Addresses never confirmed are
 * deleted once their link expires.
 */
export default apiModule({
  name: 'newsletter',
  uses: ['database', 'limits', 'mail', 'rate-limits', 'expiry'],
  async register(app, { storefrontUrl }) {
    const { database, limits } = app;
    app.expirySweeper.add({ kind: 'unconfirmedSubscriptions', run: () => deleteUnconfirmedSubscriptions(database) });
    await app.register(newsletterRoutes, { database, limits, mailing: { mail: app.mailer, storefrontUrl, perEmail: limits.newsletterPerEmail } });
  },
});

import { apiModule } from '../apiModule';
import { addressRoutes } from './addresses';
import { authRoutes } from './authRoutes';
import { privacyRoutes } from './privacy';

/** Accounts: signing up and in, passwords, sessions, saved addresses, and a shopper's own data. */
export default apiModule({
  name: 'accounts',
  uses: ['database', 'limits', 'mail', 'password-hashing', 'shopper', 'rate-limits'],
  async register(app, { storefrontUrl }) {
    const { database, limits, mailer: mail, passwordHashing } = app;
    app.addHook('onRequest', app.identifyShopper);
    await app.register(authRoutes, { database, storefrontUrl, mail, passwordHashing, limits });
    await app.register(addressRoutes, { database, limits });
    await app.register(privacyRoutes, { database, passwordHashing, limits, mail });
  },
});

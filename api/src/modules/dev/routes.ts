import { apiModule } from '../apiModule';
import { devRoutes } from './outboxRoutes';

/**
 * The developer's outbox (GET /dev/outbox): only when DEV_OUTBOX asks for it, since it shows
 * every password-reset link to whoever reads it; settings.ts allows it on loopback only.
 */
export default apiModule({
  name: 'dev',
  uses: ['database'],
  async register(app, { devOutbox }) {
    if (devOutbox) await app.register(devRoutes, { database: app.database });
  },
});

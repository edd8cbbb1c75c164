import { apiModule } from '../apiModule';
import { startCanaryWatch } from './canaryWatch';
import { telemetryRoutes } from './telemetryRoutes';

/**
 * Health reports from browsers and the edge (no shopper cookie read or set), and the canary's
 * abort worker: with a telemetry secret, a running canary is judged every few seconds and ended
 * when it breaks a rule (judgement.ts); one process at a time judges, whichever gets there.
 */
export default apiModule({
  name: 'telemetry',
  uses: ['database', 'limits', 'rate-limits'],
  shares: true,
  async register(app, { telemetry }) {
    const { database } = app;
    const canaryWatch = startCanaryWatch({ ...telemetry, intervalMs: telemetry.checkMs, database, log: app.log });
    app.decorate('canaryWatch', canaryWatch);
    app.addHook('onClose', async () => {
      await canaryWatch?.close();
    });
    await app.register(telemetryRoutes, { database, secret: telemetry.secret, limits: app.limits });
  },
});

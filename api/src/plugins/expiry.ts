import fp from 'fastify-plugin';
import { expiryTasks } from '../cleanup/expireData';
import { ExpirySweeper, type ExpiryTask } from '../cleanup/expirySweeper';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired data (cleanup/expireData.ts); modules add their own tasks; tests run a sweep. */
    expirySweeper: ExpirySweeper;
  }
}

/**
 * Deletes what stops mattering on a schedule: spent counters, old sign-in failures and sessions,
 * old Idempotency-Keys, spent reset links, idle anonymous shoppers, old mail and reports
 * (limits.retention says how long the kept ones stay). A module adds its own kinds with
 * `app.expirySweeper.add(task)` while it is registered; the sweeping starts once the api is ready.
 */
export default fp<ApiOptions>(
  async (app, options) => {
    const tasks: ExpiryTask[] = expiryTasks(app.database, app.limits, options.mailQueue?.retryHours);
    const sweeper = new ExpirySweeper(tasks, app.limits.sweepIntervalSeconds * 1000, app.log);
    app.decorate('expirySweeper', sweeper);
    app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', () => sweeper.close());
  },
  // After mail: plugins close in the reverse order, so a sweep under way (a payment reminder
  // among its tasks) ends before the mail stops.
  { name: 'expiry', dependencies: ['database', 'limits', 'mail'] },
);

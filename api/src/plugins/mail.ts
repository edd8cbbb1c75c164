import fp from 'fastify-plugin';
import { mailShopOf } from '../mail/layout';
import { createMailer, type Mailer } from '../mail/mailer';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's mail; tests wait for its deliveries (`mailer.idle()`). */
    mailer: Mailer;
  }
}

/**
 * The shop's mail, signed with the shop's configured address and phone, as the storefront shows
 * them. It sends what is due: this process's mail as it commits, and every few seconds whatever
 * else is due (retries, other processes', a sender's that died mid-send). It stops after the
 * server has stopped taking requests: the last ones' mail is on its way by then, and what is not
 * is sent by the next api to run.
 */
export default fp<ApiOptions>(
  async (app, options) => {
    const mail = createMailer({
      database: app.database,
      devOutbox: options.devOutbox,
      smtpUrl: options.smtpUrl,
      from: options.mailFrom,
      shop: mailShopOf(options.shop),
      log: app.log,
      queue: options.mailQueue,
    });
    app.decorate('mailer', mail);
    mail.start();
    app.addHook('onClose', () => mail.close());
  },
  { name: 'mail', dependencies: ['database'] },
);

import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EftAccount } from '@storefront/shared/types';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { SearchLexicon } from './modules/catalogue/searchTerms';
import { ProductDetailCache } from './modules/catalogue/productDetailCache';
import { PasswordHashing } from './identity/hashQueue';
import type { ScryptCost } from './identity/passwords';
import { expiryTasks } from './cleanup/expireData';
import { ExpirySweeper } from './cleanup/expirySweeper';
import type { Database } from './db/database';
import { imageRoutes } from './modules/pictures/imageRoutes';
import { resolveLimits, type LimitOverrides } from './limits';
import type { MailAddress } from './mail/mailAddress';
import { mailShopOf } from './mail/layout';
import { createMailer, type Mailer, type MailQueueSettings } from './mail/mailer';
import { registerCrossSiteCheck } from './plugins/crossSite';
import { registerOpenApi } from './plugins/openapi';
import { apiError, registerErrorHandling } from './plugins/errors';
import { registerPersonalAnswers } from './plugins/personalAnswers';
import { registerRateLimits } from './plugins/rateLimits';
import { registerShopperIdentity } from './plugins/shopper';
import { registerTextInputChecks } from './plugins/textInput';
import { reviewRoutes } from './modules/reviews/reviewRoutes';
import { addressRoutes } from './modules/accounts/addresses';
import { privacyRoutes } from './modules/accounts/privacy';
import { authRoutes } from './modules/accounts/authRoutes';
import { devRoutes } from './modules/dev/outboxRoutes';
import { cartRoutes } from './modules/cart/cartRoutes';
import { catalogueRoutes } from './modules/catalogue/categoryRoutes';
import { healthRoutes } from './modules/health/healthRoutes';
import { messageRoutes } from './modules/messages/messageRoutes';
import { newsletterRoutes } from './modules/newsletter/newsletterRoutes';
import { operatorRoutes } from './modules/operators/operatorRoutes';
import { orderRoutes } from './modules/orders/orderRoutes';
import { DEFAULT_PAYMENT_WINDOW_HOURS, expireUnpaidOrders, remindUnpaidOrders } from './modules/orders/orderLife';
import { productDetailRoutes, productRoutes } from './modules/catalogue/productRoutes';
import { searchRoutes } from './modules/search/searchRoutes';
import { shopRoutes } from './modules/shop/shopRoutes';
import { shopDisclosures } from './modules/shop/disclosures';
import { SAMPLE_SHOP, type ShopDetails } from './shop/shopDetails';
import { wishlistRoutes } from './modules/wishlist/wishlistRoutes';
import { DEFAULT_UNPAID_ORDER_LIMITS, type UnpaidOrderLimits } from './settings';
import { startCanaryWatch } from './modules/telemetry/canaryWatch';
import { TELEMETRY_OFF, type TelemetryOptions } from './modules/telemetry/telemetryOptions';
import { telemetryRoutes } from './modules/telemetry/telemetryRoutes';

export interface BuildAppOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies' X-Forwarded-* to believe (client address, https). The api sits behind the
   * shell's proxy on the same machine, so loopback by default.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * The storefront's public address: links in mail; an https one makes the cookies `__Host-` and
   * Secure even on requests that do not say https; its origin may write (cross-site check).
   */
  storefrontUrl?: string;
  /** Production: request logging off unless asked for. */
  production?: boolean;
  /**
   * Keep mail in the database and list it at GET /dev/outbox. Off by default: the outbox shows
   * every password-reset link to whoever reads it. settings.ts allows it on loopback only.
   */
  devOutbox?: boolean;
  /**
   * The mail server that delivers the shop's mail (smtp://user:pass@host:587 or smtps://…).
   * Without one, mail is only kept in the developer outbox, or logged as not sent.
   */
  smtpUrl?: string | null;
  /** Who the shop's mail is from (mail/mailAddress.ts has the default). */
  mailFrom?: MailAddress;
  /** How the mail outbox is worked through: retry window, claims, polling (mail/mailer.ts has the defaults); tests move its clock. */
  mailQueue?: Partial<MailQueueSettings>;
  /** The shop's bank account; without one, EFT is not offered. */
  eft?: EftAccount | null;
  /** Who the shop is and its policy texts (settings.ts, SHOP_*); made-up samples unless given. */
  shop?: ShopDetails;
  /** How many unpaid orders one shopper may hold at once, and one client address may place in a window. */
  unpaidOrderLimits?: UnpaidOrderLimits;
  /** How long an EFT order waits for its payment before it expires (its shopper is mailed a day before). */
  paymentWindowHours?: number;
  /**
   * The hash of the token the api gave the command line on its machine (operators/machineCredential.ts);
   * without one, only signed-in operators reach /operator.
   */
  machineTokenHash?: string | null;
  /** What one client may make the api do (rate limits, caps, the hashing queue): limits.ts has the defaults. */
  limits?: LimitOverrides;
  /**
   * scrypt's cost for new hashes: OWASP's (auth/passwords.ts) unless given. Only tests pass a
   * cheaper one, and never the tests of hashing itself.
   */
  scryptCost?: ScryptCost;
  /**
   * Two info lines per request (received, completed). Off by default in production: at thousands
   * of requests a second they cost more than a product answered from memory.
   */
  logRequests?: boolean;
  /** How long /health waits for the database before answering 503 (routes/health has the default). */
  healthTimeoutMs?: number;
  /**
   * The storefront's health reports and the canary's abort worker (telemetry/): off unless a
   * secret is given. Tests give a composition file of their own and a long `checkMs`, and make
   * the worker's looks themselves (judgeCanaryOnce).
   */
  telemetry?: Partial<TelemetryOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /products/{id} answers in memory; tests reach it to wait for notifications. */
    productDetailCache: ProductDetailCache;
    /** Listing, facets and suggestions from memory; tests compare it with the SQL. */
    /** The shop's mail; tests wait for its deliveries (`mailer.idle()`). */
    mailer: Mailer;
    /** Every password hash goes through its bounded queue; tests count the hashes begun. */
    passwordHashing: PasswordHashing;
    /** Deletes expired data (cleanup/expireData.ts); tests run a sweep. */
    expirySweeper: ExpirySweeper;
  }
  interface FastifyContextConfig {
    /**
     * The route writes what a product shows (stock, rating…): its answer waits until the product
     * cache has heard the change, so the shopper's next look at the product shows it.
     */
    changesProducts?: boolean;
  }
}

/** Largest request body: a product record for the wishlist is a few kilobytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The api, ready to serve (`inject` or `listen`). The database is the caller's: it is opened,
 * migrated and seeded before, and closed after, by whoever made it.
 */
export async function buildApp({
  database,
  logger = false,
  trustProxy = 'loopback',
  storefrontUrl = 'http://localhost:8080',
  production = false,
  logRequests = !production,
  devOutbox = false,
  smtpUrl = null,
  mailFrom,
  mailQueue,
  eft = null,
  shop = SAMPLE_SHOP,
  unpaidOrderLimits = DEFAULT_UNPAID_ORDER_LIMITS,
  paymentWindowHours = DEFAULT_PAYMENT_WINDOW_HOURS,
  machineTokenHash = null,
  limits: limitOverrides = {},
  scryptCost,
  healthTimeoutMs,
  telemetry: telemetryOverrides = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Path ids are bounded by their schemas (200 characters); a longer one must reach the schema,
    // which answers { error, message }, not Fastify's own 414 body.
    routerOptions: { maxParamLength: 1000 },
    // A path that is not valid percent-encoded UTF-8 (/products/%FF) is refused by the router
    // before any route: answered in the api's own shape, not Fastify's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send(apiError('bad_request', error.message));
    },
    ajv: {
      customOptions: {
        // Fastify's default strips unknown properties; the api rejects them instead.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerErrorHandling(app);
  // Before any route: writes from another site are refused (403 cross_site), and the shopper's own
  // answers (auth, account, orders, cart, wishlist) are no-store and nosniff.
  registerCrossSiteCheck(app, storefrontUrl);
  registerPersonalAnswers(app);
  registerTextInputChecks(app);
  // Before any route: the OpenAPI document is made from every route registered after it.
  await registerOpenApi(app);

  const productCache = new ProductDetailCache(database);
  await productCache.start();
  app.decorate('productDetailCache', productCache);
  // The catalogue's words for typo-tolerant search, kept until the cache hears of a change.
  const lexicon = new SearchLexicon(() => productCache.changeStamp);
  app.addHook('onClose', async () => {
    await productCache.close();
  });
  // A write's own next read must not be answered from before it: its changes' notifications are
  // heard (and their products dropped from memory) before the write is answered. Only routes that
  // say so wait: a barrier is a NOTIFY, and NOTIFYs commit one at a time (cart PATCH at 50
  // connections halved when every write waited). Changes made elsewhere (SQL, another api) are
  // dropped when their notification arrives, a moment after their commit.
  // A callback, not an async hook: other requests pass through without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!request.routeOptions.config.changesProducts) return done(null, payload);
    productCache.sync().then(() => done(null, payload), done);
  });

  // Every mail signs with the shop's configured address and phone, as the storefront shows them.
  const mail = createMailer({ database, devOutbox, smtpUrl, from: mailFrom, shop: mailShopOf(shop), log: app.log, queue: mailQueue });
  app.decorate('mailer', mail);
  // Sends what is due: this process's mail as it commits, and every few seconds whatever else is
  // due (retries, other processes', a sender's that died mid-send).
  mail.start();
  // After the server has stopped taking requests: the last ones' mail is on its way by then, and
  // what is not is sent by the next api to run.
  app.addHook('onClose', () => mail.close());

  // Bodies are JSON only; a text body is a 415 rather than a string that fails validation.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);

  const limits = resolveLimits(limitOverrides);
  const passwordHashing = new PasswordHashing(limits.hashing, scryptCost);
  app.decorate('passwordHashing', passwordHashing);
  // Before the routes: the plugin reads each route's config.rateLimit as it is added.
  await registerRateLimits(app, database);
  // Spent counters, old sign-in failures and sessions, old Idempotency-Keys, spent reset links,
  // idle anonymous shoppers: limits.retention says how long the kept ones stay.
  // Unpaid EFT orders past their payment window expire (their stock back on the shelf), and their
  // shoppers are reminded a day before, on the same schedule.
  const orderTerms = { eft, paymentWindowHours };
  const orderChanges = { terms: orderTerms, mail, storefrontUrl };
  const expirySweeper = new ExpirySweeper(
    [
      ...expiryTasks(database, limits, mailQueue?.retryHours),
      { kind: 'unpaidOrders', run: () => expireUnpaidOrders(database, orderChanges) },
      { kind: 'paymentReminders', run: () => remindUnpaidOrders(database, orderChanges) },
    ],
    limits.sweepIntervalSeconds * 1000,
    app.log,
  );
  expirySweeper.start();
  app.decorate('expirySweeper', expirySweeper);
  app.addHook('onClose', () => expirySweeper.close());

  // With a telemetry secret, a running canary is judged every few seconds and ended when it breaks
  // a rule (telemetry/judgement.ts); one process at a time judges, whichever gets there.
  const telemetry: TelemetryOptions = { ...TELEMETRY_OFF, ...telemetryOverrides };
  const canaryWatch = startCanaryWatch({ ...telemetry, intervalMs: telemetry.checkMs, database, log: app.log });
  app.decorate('canaryWatch', canaryWatch);
  app.addHook('onClose', async () => {
    await canaryWatch?.close();
  });

  // Pictures and product details are public, the same for everyone, and cached, so they are
  // served without a shopper cookie.
  await app.register(imageRoutes, { database, encoderLimits: limits.pictures });
  await app.register(productDetailRoutes, { database, productCache });
  // The shop's details and policies: the same for everyone, cached for a minute, no cookie.
  const disclosures = shopDisclosures(shop, {
    eft,
    paymentWindowHours,
    anonymousShopperDays: limits.retention.anonymousShopperDays,
    storefrontUrl,
  });
  await app.register(shopRoutes, { disclosures });
  // Health reports from browsers and the edge: no shopper cookie read or set.
  await app.register(telemetryRoutes, { database, secret: telemetry.secret, limits });
  // Signing up, confirming and unsubscribing read no shopper cookie and set none: a mail
  // provider's one-click unsubscribe must leave nothing behind.
  const newsletter = { mail, storefrontUrl, perEmail: limits.newsletterPerEmail };
  await app.register(newsletterRoutes, { database, limits, mailing: newsletter });

  await app.register(async (shopperScope) => {
    registerShopperIdentity(shopperScope, database, storefrontUrl);
    await shopperScope.register(healthRoutes, { database, ...(healthTimeoutMs ? { timeoutMs: healthTimeoutMs } : {}) });
    await shopperScope.register(productRoutes, { database, productCache, lexicon });
    await shopperScope.register(catalogueRoutes, { database });
    await shopperScope.register(searchRoutes, { database, productCache, lexicon });
    await shopperScope.register(cartRoutes, { database, limits });
    await shopperScope.register(wishlistRoutes, { database });
    await shopperScope.register(orderRoutes, { database, eft, unpaidOrderLimits, paymentWindowHours, mail, limits, newsletter });
    await shopperScope.register(operatorRoutes, { database, terms: orderTerms, mail, storefrontUrl, machineTokenHash, telemetry });
    await shopperScope.register(authRoutes, { database, storefrontUrl, mail, passwordHashing, limits });
    await shopperScope.register(addressRoutes, { database, limits });
    await shopperScope.register(privacyRoutes, { database, passwordHashing, limits, mail });
    await shopperScope.register(reviewRoutes, { database });
    await shopperScope.register(messageRoutes, { database, limits });
  });

  if (devOutbox) await app.register(devRoutes, { database });

  await app.ready();
  return app;
}

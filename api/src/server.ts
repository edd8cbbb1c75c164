import { buildApp } from './app';
import { DataDirLockedError } from './db/dataDirLock';
import { MEMORY_DATA_DIR } from './db/database';
import { createDatabase } from './db/openDatabase';
import { migrate } from './db/migrate';
import { seedDatabase } from './seed/seed';
import { formatMailAddress } from './mail/mailAddress';
import { preparePasswordJudge } from './modules/accounts';
import { newMachineToken, writeMachineCredential } from './identity/machineCredential';
import { isLoopbackHost } from './net/loopback';
import { readSettings, SettingsError, withoutPassword } from './settings';
import { SHOP_REQUIRED_VARIABLES } from './shop/shopDetails';

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const { databaseUrl, dataDir } = settings;

  const database = await createDatabase({ databaseUrl, dataDir, timeouts: settings.databaseTimeouts });
  // Migrated and seeded before the app is built: its product cache starts listening as soon as it
  // exists, and must find the tables there.
  let migrations: string[];
  let seeded: Awaited<ReturnType<typeof seedDatabase>>;
  try {
    migrations = await migrate(database);
    seeded = await seedDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  // The command line's credential on this machine (npm run orders / operators while the api runs).
  const machine = newMachineToken();
  const app = await buildApp({
    database,
    logger: { level: settings.logLevel },
    trustProxy: settings.trustProxy,
    storefrontUrl: settings.storefrontUrl,
    production: settings.production,
    logRequests: settings.logRequests,
    devOutbox: settings.devOutbox,
    smtpUrl: settings.smtpUrl,
    mailFrom: settings.mailFrom,
    mailQueue: settings.mailQueue,
    eft: settings.eft,
    shop: settings.shop,
    unpaidOrderLimits: settings.unpaidOrderLimits,
    paymentWindowHours: settings.paymentWindowHours,
    machineTokenHash: machine.hash,
    limits: settings.limits,
    healthTimeoutMs: settings.healthTimeoutMs,
    telemetry: settings.telemetry,
  });
  try {
    for (const warning of settings.warnings) app.log.warn(warning);
    if (migrations.length > 0) app.log.info({ migrations }, 'applied migrations');
    if (seeded.productsInserted > 0) app.log.info({ products: seeded.productsInserted }, 'seeded the catalogue');
    if (settings.devOutbox) app.log.info('the developer outbox is on: mail is kept and listed at /dev/outbox, on this machine only');
    if (settings.smtpUrl) {
      app.log.info(`mail goes through ${withoutPassword(new URL(settings.smtpUrl))}, from ${formatMailAddress(settings.mailFrom)}`);
    } else {
      // A shop may open before its mail is set up, but its operator must know what shoppers miss.
      const notSent = 'no mail server is set (SMTP_URL): password-reset links, sign-in codes (which an account asks for while its password is being guessed), welcome mails, order confirmations and newsletter confirmation links (so nobody can subscribe) are not sent';
      if (settings.production) app.log.warn(notSent);
      else app.log.info(`${notSent}${settings.devOutbox ? ', only kept in the developer outbox' : ''}`);
    }
    if (settings.shop.sample) {
      app.log.info(`the shop's disclosures use made-up sample details where these are not set (a production start needs them all): ${SHOP_REQUIRED_VARIABLES.join(', ')}`);
    }
    if (settings.telemetry.secret === null) {
      app.log.info('telemetry is off (TELEMETRY_SECRET is not set): browsers\' health reports are refused and no canary is judged or aborted');
    } else {
      app.log.info(`a running canary in ${settings.telemetry.compositionFile} is judged every ${settings.telemetry.checkMs} ms and aborted when it breaks a rule`);
    }
    if (!settings.eft) app.log.info('EFT is not offered: no bank account is set (EFT_BANK, EFT_ACCOUNT_HOLDER, EFT_ACCOUNT_NUMBER, EFT_BRANCH_CODE)');
    // Before the first request can come: the first shopper to choose a password never waits for it.
    preparePasswordJudge();
    const where = database.kind === 'pglite' ? `pglite at ${dataDir}` : 'postgres';
    // Fastify's own "listening" line, reworded so one line says where and on what database.
    await app.listen({
      port: settings.port,
      host: settings.host,
      listenTextResolver: (address) => `Storefront api listening on ${address} (database: ${where})`,
    });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  let removeCredential = async () => {};
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Requests in flight finish (each within the database's timeouts) and PGlite flushes; but a
    // database that stopped answering must not keep a process that was told to stop.
    setTimeout(() => {
      app.log.error(`closing took longer than ${settings.shutdownTimeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting with work unfinished`);
      process.exit(1);
    }, settings.shutdownTimeoutMs).unref();
    // Connections drain first; PGlite must then be closed so its files are flushed to disk.
    removeCredential()
      .catch(() => undefined)
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // After the signal handlers, so a stop asked for meanwhile still closes cleanly. A throwaway
  // database has no folder, and nothing else could open it anyway.
  if (dataDir === MEMORY_DATA_DIR) return;
  try {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    // Reached from this machine: the api's own loopback address, or 127.0.0.1 when it listens on all.
    const host = isLoopbackHost(settings.host) ? (settings.host.includes(':') ? `[${settings.host}]` : settings.host) : '127.0.0.1';
    const remove = await writeMachineCredential(dataDir, { url: `http://${host}:${port}`, token: machine.token, pid: process.pid });
    removeCredential = remove;
    // Stopping began while it was written: it goes now, not left for a command to find.
    if (closing) await remove();
  } catch (error) {
    // The store works without it; only the command line must then wait for the api to stop.
    app.log.warn({ err: error }, `the command line's credential could not be written in ${dataDir}: npm run orders works only while the api is stopped`);
  }
}

main().catch((error: unknown) => {
  // A settings problem or a folder in use is the operator's to fix: the message says what, a
  // stack trace would bury it.
  console.error(error instanceof SettingsError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});

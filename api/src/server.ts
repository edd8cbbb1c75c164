import { buildApp } from './app';
import { createDatabase, DEFAULT_DATA_DIR } from './db/database';
import { migrate } from './db/migrate';
import { seedDatabase } from './seed/seed';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 4000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`API_PORT must be a port number, got "${value}"`);
  return port;
}

/** TRUST_PROXY: true, false, or addresses/ranges ("loopback", "10.0.0.0/8,127.0.0.1"); loopback by default. */
function readTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** LOG_REQUESTS: true or false; unset leaves it to buildApp (off in production). */
function readLogRequests(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`LOG_REQUESTS must be true or false, got "${value}"`);
}

function readUrl(name: string, value: string): string {
  try {
    return new URL(value).toString();
  } catch {
    throw new Error(`${name} must be a URL such as https://shop.example.co.za, got "${value}"`);
  }
}

async function main(): Promise<void> {
  const port = readPort(process.env.API_PORT);
  const host = process.env.API_HOST || '127.0.0.1';
  const level = process.env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;

  const database = await createDatabase({ databaseUrl, dataDir });
  // Migrated and seeded before the app is built: the app's catalogue index starts reading the
  // catalogue as soon as it exists, and must find the tables there.
  let migrations: string[];
  let seeded: Awaited<ReturnType<typeof seedDatabase>>;
  try {
    migrations = await migrate(database);
    seeded = await seedDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({
    database,
    logger: { level },
    trustProxy: readTrustProxy(process.env.TRUST_PROXY),
    storefrontUrl: readUrl('STOREFRONT_URL', process.env.STOREFRONT_URL ?? 'http://localhost:8080'),
    production: process.env.NODE_ENV === 'production',
    logRequests: readLogRequests(process.env.LOG_REQUESTS),
  });
  try {
    if (migrations.length > 0) app.log.info({ migrations }, 'applied migrations');
    if (seeded.productsInserted > 0) app.log.info({ products: seeded.productsInserted }, 'seeded the catalogue');
    const where = database.kind === 'pglite' ? `pglite at ${dataDir}` : 'postgres';
    // Fastify's own "listening" line, reworded so one line says where and on what database.
    await app.listen({ port, host, listenTextResolver: (address) => `Storefront api listening on ${address} (database: ${where})` });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Connections drain first; PGlite must then be closed so its files are flushed to disk.
    app
      .close()
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

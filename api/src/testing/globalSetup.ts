import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { MEMORY_DATA_DIR, type Database } from '../db/database';
import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { newMachineToken } from '../identity/machineCredential';
import { seedDatabase } from '../seed/seed';
import { DEFAULT_UNPAID_ORDER_LIMITS } from '../options';
import { TEST_APP_OPTIONS } from './testDatabases';
import { TEST_API_HANDLE, type TestApiHandle } from './testApiHandle';

async function listening(database: Database, options: Partial<BuildAppOptions>): Promise<{ app: FastifyInstance; url: string }> {
  // Many component tests place orders, all from 127.0.0.1: the rate per address would refuse them.
  // The cap per shopper stays at its default, and the checkout's test of the refusal relies on it.
  const app = await buildApp({
    ...TEST_APP_OPTIONS,
    unpaidOrderLimits: { ...DEFAULT_UNPAID_ORDER_LIMITS, placedPerAddress: { max: 100_000, windowSeconds: 3600 } },
    ...options,
    database,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}` };
}

/**
 * jest globalSetup of the web project: the real api on an in-memory, seeded PGlite, listening
 * on a free port whose URL component tests read from STOREFRONT_TEST_API_URL; and the same shop
 * as one that takes no EFT (no bank account set), at STOREFRONT_TEST_CASH_ONLY_API_URL. Both
 * take the command line's token in STOREFRONT_TEST_MACHINE_TOKEN.
 */
export default async function startApiForTests(): Promise<void> {
  const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  await migrate(database);
  await seedDatabase(database);
  // Component tests make operators and move orders as the shop's command line does (Bearer token,
  // from this machine): the operator's pages have no other way to get an operator.
  const machine = newMachineToken();
  const shop = await listening(database, { machineTokenHash: machine.hash });
  const cashOnly = await listening(database, { eft: null, machineTokenHash: machine.hash });
  process.env.STOREFRONT_TEST_API_URL = shop.url;
  process.env.STOREFRONT_TEST_CASH_ONLY_API_URL = cashOnly.url;
  process.env.STOREFRONT_TEST_MACHINE_TOKEN = machine.token;
  const handle: TestApiHandle = { apps: [shop.app, cashOnly.app], database };
  Object.assign(globalThis, { [TEST_API_HANDLE]: handle });
}

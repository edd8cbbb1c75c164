import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { createDatabase, MEMORY_DATA_DIR } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed/seed';
import { TEST_API_HANDLE, type TestApiHandle } from './testApiHandle';

/**
 * jest globalSetup of the web project: the real api on an in-memory, seeded PGlite, listening
 * on a free port whose URL component tests read from STOREFRONT_TEST_API_URL.
 */
export default async function startApiForTests(): Promise<void> {
  const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  await migrate(database);
  await seedDatabase(database);
  const app = await buildApp({ database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  process.env.STOREFRONT_TEST_API_URL = `http://127.0.0.1:${port}`;
  const handle: TestApiHandle = { app, database };
  Object.assign(globalThis, { [TEST_API_HANDLE]: handle });
}

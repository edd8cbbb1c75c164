import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EftAccount } from '@storefront/shared/types';
import { buildApp, type BuildAppOptions } from '../app';
import type { LimitOverrides } from '../limits';
import { MEMORY_DATA_DIR, type Database, type NamedStatement, type Transaction } from '../db/database';
import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { dropPostgresSchema } from '../db/postgres';
import { seedDatabase } from '../seed/seed';
import { seededTemplate } from './seededTemplate';
import { POSTGRES_TEMPLATE_VARIABLE } from './postgresTemplate';
import { createScratchDatabase } from './scratchDatabase';

/**
 * For hooks and tests that open a database: PGlite takes a few seconds to boot its WebAssembly,
 * more than jest's default 5 s when both workers are busy.
 */
export const DATABASE_TIMEOUT_MS = 60_000;

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database (not migrated); `dispose` closes it and removes what it made. */
  open(): Promise<OpenedTestDatabase>;
  /** A fresh database already migrated and seeded, where the target can start one quicker. */
  openSeeded?(): Promise<OpenedTestDatabase>;
}

export interface OpenedTestDatabase {
  database: Database;
  dispose(): Promise<void>;
  /**
   * A second connection pool on the same data, as another api process has (PostgreSQL only:
   * PGlite is one process's). The caller closes it, before `dispose`.
   */
  connectAgain?(): Promise<Database>;
}

function postgresTarget(databaseUrl: string): TestDatabaseTarget {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  return {
    name: 'postgres',
    // A database of its own, copied from the run's seeded template, where the api project made one.
    ...(template
      ? {
          async openSeeded() {
            const scratch = await createScratchDatabase(databaseUrl, template);
            const database = await createDatabase({ databaseUrl: scratch.url }).catch(async (error: unknown) => {
              await scratch.drop();
              throw error;
            });
            return {
              database,
              async dispose() {
                await database.close();
                await scratch.drop();
              },
              connectAgain: () => createDatabase({ databaseUrl: scratch.url }),
            };
          },
        }
      : {}),
    async open() {
      // One schema per test file, so files running in parallel workers never see each other.
      const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const database = await createDatabase({ databaseUrl, schema });
      return {
        database,
        async dispose() {
          await database.close();
          await dropPostgresSchema(databaseUrl, schema);
        },
        connectAgain: () => createDatabase({ databaseUrl, schema }),
      };
    },
  };
}

const pgliteTarget: TestDatabaseTarget = {
  name: 'pglite',
  async open() {
    const database = await createDatabase({ dataDir: MEMORY_DATA_DIR });
    return { database, dispose: () => database.close() };
  },
  async openSeeded() {
    const template = await seededTemplate();
    const database = await createDatabase({ dataDir: MEMORY_DATA_DIR, ...(template ? { loadDataDir: template } : {}) });
    return { database, dispose: () => database.close() };
  },
};

/**
 * The databases every api suite runs against: in-memory PGlite always, and PostgreSQL when
 * DATABASE_URL is set (as CI does). Use with `describe.each(testDatabases())('… ($name)', …)`.
 */
export function testDatabases(): TestDatabaseTarget[] {
  const databaseUrl = process.env.DATABASE_URL;
  return databaseUrl ? [pgliteTarget, postgresTarget(databaseUrl)] : [pgliteTarget];
}

export interface TestApp {
  app: FastifyInstance;
  /**
   * The app's database, for a test to read and write directly. Like the api's own writes, a
   * statement here returns only once the product cache has heard its notifications, so the
   * next request sees it (as a shopper would a moment later).
   */
  database: Database;
  /** Another connection pool on the app's data, as a second api process has (PostgreSQL only). */
  connectAgain?(): Promise<Database>;
  close(): Promise<void>;
}

function settledAfterWrites(database: Database, app: FastifyInstance): Database {
  return {
    ...database,
    async query<T>(sql: string | NamedStatement, params?: readonly unknown[]) {
      const result = await database.query<T>(sql, params);
      await app.productDetailCache.sync();
      return result;
    },
    async exec(sql: string) {
      await database.exec(sql);
      await app.productDetailCache.sync();
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const result = await database.transaction<T>(fn);
      await app.productDetailCache.sync();
      return result;
    },
  };
}

/** The bank account the test suites' shop gives EFT payers (made up: 6 + 10 digits of zeros and ones). */
export const TEST_EFT_ACCOUNT: EftAccount = {
  bank: 'Test Bank of Jacaranda',
  account_holder: 'Jacaranda Test Trading',
  account_number: '1010 1010 10',
  account_type: 'Cheque / current',
  branch_code: '101010',
};

/**
 * For suites about something else that place many orders from one address (app.inject's
 * 127.0.0.1), so that the cap on unpaid orders does not stand in their way.
 */
export const ROOMY_UNPAID_ORDER_LIMITS = { perShopper: 1_000, placedPerAddress: { max: 100_000, windowSeconds: 3600 } };

/**
 * For suites about something else that register, subscribe or write to the shop many times from
 * one address (app.inject's 127.0.0.1), so that the limits per address do not stand in their
 * way. The limits have their own tests at their default numbers; sign-in, the hashing queue and
 * the caps stay as they are.
 */
export const ROOMY_RATE_LIMITS = {
  register: { max: 100_000 },
  forgotPasswordPerAddress: { max: 100_000 },
  resetPassword: { max: 100_000 },
  changePassword: { max: 100_000 },
  newsletter: { max: 100_000 },
  contact: { max: 100_000 },
} satisfies LimitOverrides;

/**
 * scrypt at 1/128 of OWASP's work (1 MiB, about a millisecond): for suites about something other
 * than hashing, which register and sign in hundreds of accounts. The suites about guessing and
 * the hashing queue, and every api outside the jest suites, hash at OWASP's cost.
 */
export const QUICK_SCRYPT_COST = { N: 2 ** 10, r: 8, p: 1 };

/** What a test app is built with unless a suite says otherwise: EFT offered, the outbox on, quick hashes. */
export const TEST_APP_OPTIONS = { eft: TEST_EFT_ACCOUNT, devOutbox: true, scryptCost: QUICK_SCRYPT_COST } satisfies Partial<BuildAppOptions>;

/**
 * A migrated, seeded database and an app on it; start one per test file, it takes a second or two.
 * `options` go to buildApp over TEST_APP_OPTIONS.
 */
export async function startTestApp(target: TestDatabaseTarget, options: Partial<Omit<BuildAppOptions, 'database'>> = {}): Promise<TestApp> {
  const { database, dispose, connectAgain } = await (target.openSeeded ?? target.open)();
  try {
    // Nothing to do on a seeded copy; everything on an empty database.
    await migrate(database);
    await seedDatabase(database);
    const app = await buildApp({ ...TEST_APP_OPTIONS, ...options, database });
    return {
      app,
      database: settledAfterWrites(database, app),
      ...(connectAgain ? { connectAgain } : {}),
      async close() {
        await app.close();
        await dispose();
      },
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

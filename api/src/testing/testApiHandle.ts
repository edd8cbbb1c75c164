import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/** Where globalSetup leaves the running api for globalTeardown (both run in jest's parent process). */
export const TEST_API_HANDLE = '__storefrontTestApi';

export interface TestApiHandle {
  apps: FastifyInstance[];
  database: Database;
}

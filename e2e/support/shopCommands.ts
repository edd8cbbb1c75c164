import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_BANK_ACCOUNT } from './bankAccount';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/**
 * `npm run orders -- …`, `npm run operators -- …` or `npm run catalogue -- …` as someone at the shop's machine types it
 * (the same node command the npm script runs), pointed at the suite's api folder: it finds the
 * running api through it. What it printed, trimmed.
 */
export async function shopCommand(script: 'orders' | 'operators' | 'catalogue', ...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the e2e globalSetup sets it to the api folder');
  const { stdout } = await run(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', `api/src/cli/${script}Command.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...E2E_BANK_ACCOUNT },
  });
  return stdout.trim();
}

/** Ports and child processes of one benchmark run (all on 127.0.0.1, in BENCH_PORT_BASE…+99). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Ports } from '@storefront/edge/packages';
import { ROOT } from '@storefront/edge/packages';

export function portBase(): number {
  const value = Number(process.env.BENCH_PORT_BASE ?? 26100);
  if (!Number.isInteger(value) || value < 1024 || value > 65400) throw new Error(`BENCH_PORT_BASE must be a port number, got "${process.env.BENCH_PORT_BASE}"`);
  return value;
}

export function storePorts(base = portBase()): Ports {
  return {
    shell: base,
    api: base + 10,
    remotes: { 'mfe-catalog': base + 1, 'mfe-product': base + 2, 'mfe-cart': base + 3, 'mfe-account': base + 4 },
  };
}

export async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode} before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export interface ApiProcess {
  url: string;
  stop: () => Promise<void>;
}

const BENCH_BANK_ACCOUNT = {
  EFT_BANK: 'Bench Bank',
  EFT_ACCOUNT_HOLDER: 'Bench Trading',
  EFT_ACCOUNT_NUMBER: '6200 000 0000',
  EFT_BRANCH_CODE: '250655',
};

/** A production api names the business it is (who sells, where, how to reach it): made-up details for measuring. */
const BENCH_SHOP_DETAILS = {
  SHOP_LEGAL_NAME: 'Bench Trading (Pty) Ltd',
  SHOP_REGISTRATION_NUMBER: '2026/000000/07',
  SHOP_ADDRESS: '1 Bench Street; Pretoria; 0002',
  SHOP_EMAIL: 'bench@example.co.za',
  SHOP_PHONE: '012 000 0000',
  SHOP_DELIVERY_TIMES: 'Orders leave within two working days.',
};

/** The built api (api/dist/server.js) on PGlite in `dataDir`, or on `databaseUrl`. */
export async function startApi(port: number, database: { dataDir?: string; databaseUrl?: string }): Promise<ApiProcess> {
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...environment,
      NODE_ENV: 'production',
      // A production api offers EFT only with the shop's bank account; a made-up one for measuring.
      ...BENCH_BANK_ACCOUNT,
      ...BENCH_SHOP_DETAILS,
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  try {
    await waitForUrl(`${url}/health`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * Stops `child` politely, then by force after `graceMs`. With `group`, its whole process group
 * (a child spawned detached: `npm start` and the servers it starts).
 */
export async function stopChild(child: ChildProcess, { group = false, graceMs = 10_000 }: { group?: boolean; graceMs?: number } = {}): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // gone meanwhile
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../../scripts/lib/ensureBuilt';
import type { Ports } from '../../scripts/lib/packages';
import { startStore, type RunningStore } from '../../scripts/lib/startStore';
import { assertChromiumInstalled } from './browser';

declare global {
  var __E2E_STORE__: RunningStore | undefined;
}

/** Ports well away from `npm start`'s, so the suite runs beside a store someone is using. */
function e2ePorts(): Ports {
  const base = Number(process.env.E2E_PORT_BASE ?? 18080);
  return {
    shell: base,
    api: base + 10,
    remotes: { 'mfe-catalog': base + 1, 'mfe-product': base + 2, 'mfe-cart': base + 3, 'mfe-account': base + 4 },
  };
}

/** Builds what is stale, then serves the composed store on PGlite in a fresh data folder. */
export default async function globalSetup(): Promise<void> {
  assertChromiumInstalled();
  await ensureBuilt((line) => console.log(`[e2e] ${line}`));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-e2e-'));
  const store = await startStore({ ports: e2ePorts(), dataDir, apiOutput: 'ignore', log: () => undefined });
  globalThis.__E2E_STORE__ = store;
  process.env.E2E_SHELL_URL = store.shellUrl;
  process.env.E2E_API_URL = store.apiUrl;
  process.env.E2E_REMOTE_URLS = JSON.stringify(store.remoteUrls);
}

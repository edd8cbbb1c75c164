/** `npm start`: build what is missing or stale, then serve the whole store. */
import { ensureBuilt } from './lib/ensureBuilt';
import { portsFromEnv } from '@storefront/edge/packages';
import { readEdgeSettings } from '@storefront/edge/settings';
import { startStore } from './lib/startStore';
import { readableLogsWanted } from './lib/readableLogs';

async function main() {
  const ports = portsFromEnv();
  const { trustProxy, apiTimeoutMs, apiProcesses, guestPageTtlMs, shopperListsMs, renderThreads, renderTimeoutMs, knownGoodAfterMs, compositionEnvironment, compositionReaderUrl } = readEdgeSettings(process.env);
  // The store's own api writes compositions where the edge reads them: PostgreSQL only beside it.
  if (compositionReaderUrl && !process.env.DATABASE_URL?.trim()) throw new Error('COMPOSITION_READER_URL needs DATABASE_URL: npm start keeps compositions in PostgreSQL only when the store is there');
  const readable = readableLogsWanted(process.env);
  await ensureBuilt((line) => console.log(`[start] ${line}`));
  const store = await startStore({
    ports,
    bindHost: process.env.HOST ?? '127.0.0.1',
    publicHost: process.env.PUBLIC_HOST ?? 'localhost',
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.COMPOSITION_FILE ? { compositionFile: process.env.COMPOSITION_FILE } : {}),
    compositionEnvironment,
    ...(compositionReaderUrl ? { compositionReaderUrl } : {}),
    log: (line) => console.log(`[start] ${line}`),
    // Short lines for a person in development; JSON, as it is, in production (LOG_FORMAT).
    ...(readable ? { apiOutput: 'readable' as const } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    apiTimeoutMs,
    apiProcesses,
    guestPageTtlMs,
    shopperListsMs,
    renderThreads,
    renderTimeoutMs,
    knownGoodAfterMs,
  });
  console.log(`\n  The store is open at ${store.shellUrl}\n  (Ctrl+C stops it)\n`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('[start] stopping…');
    void store.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

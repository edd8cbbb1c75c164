/**
 * `npm run edge`: one edge process on its own, as a shop runs several behind a load balancer. It
 * serves the shell's pages (drawn by its render threads), /composition.json from the environment's
 * composition (COMPOSITION_ENV), and forwards /api to the api processes (API_URLS). It reads
 * compositions through COMPOSITION_READER_URL, a PostgreSQL role that can only read them (shared
 * by every edge; each change served within a second), or from COMPOSITION_FILE on this machine.
 *
 * The edge runs other teams' server code, so it is never given the keys: it refuses to start with
 * a DATABASE_URL in its environment, and with a reader role that could change compositions.
 */
import { MIN_SECRET_LENGTH, compositionFile } from '@storefront/release-state';
import { ensureBuilt } from './lib/ensureBuilt';
import { startShellEdge } from './lib/startEdge';
import { readableLogsWanted, readableStream } from './lib/readableLogs';
import { portsFromEnv, workingVersions } from '@storefront/edge/packages';
import { EdgeSettingsError, readEdgeSettings } from '@storefront/edge/settings';

/** API_URLS: the api processes, `http://10.0.0.5:4000,http://10.0.0.6:4000`. */
export function readApiUrls(value: string | undefined): string[] {
  const urls = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (urls.length === 0) throw new EdgeSettingsError('API_URLS must name the api processes the edge forwards /api to, such as http://10.0.0.5:4000,http://10.0.0.6:4000');
  for (const url of urls) {
    let parsed: URL | null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.username) {
      throw new EdgeSettingsError(`API_URLS must list http(s) origins (no path, query or user), got "${url}"`);
    }
  }
  return urls.map((url) => url.replace(/\/+$/, ''));
}

async function main() {
  if (process.env.DATABASE_URL?.trim()) {
    throw new EdgeSettingsError('an edge is given no DATABASE_URL: it runs other teams\' server code, so it reads compositions through COMPOSITION_READER_URL, a role that can only read them (docs/releasing.md, "Several edges, one composition")');
  }
  const settings = readEdgeSettings(process.env);
  const apiUrls = readApiUrls(process.env.API_URLS);
  const telemetrySecret = process.env.TELEMETRY_SECRET?.trim();
  if (telemetrySecret && telemetrySecret.length < MIN_SECRET_LENGTH) throw new EdgeSettingsError(`TELEMETRY_SECRET must be at least ${MIN_SECRET_LENGTH} characters (the api's), got ${telemetrySecret.length}`);
  const ports = portsFromEnv();
  const log = (line: string) => console.log(`[edge] ${line}`);
  await ensureBuilt(log);
  const edge = await startShellEdge({
    ports,
    bindHost: process.env.HOST ?? '127.0.0.1',
    publicHost: process.env.PUBLIC_HOST ?? 'localhost',
    apiUrls,
    composition: {
      file: compositionFile(),
      environment: settings.compositionEnvironment,
      ...(settings.compositionReaderUrl ? { readerUrl: settings.compositionReaderUrl } : {}),
    },
    workingVersions: workingVersions(),
    ...(telemetrySecret ? { telemetrySecret } : {}),
    log,
    settings,
    ...(readableLogsWanted(process.env) ? { logStream: readableStream(process.stdout, 'edge') } : {}),
  });
  const where = settings.compositionReaderUrl ? 'PostgreSQL (a reader role)' : compositionFile();
  console.log(`\n  The edge serves ${settings.compositionEnvironment} at http://${process.env.PUBLIC_HOST ?? 'localhost'}:${ports.shell}, its composition from ${where}, /api from ${apiUrls.join(', ')}\n`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void edge.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`[edge] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

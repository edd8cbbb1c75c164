/**
 * Serves the whole store as it is deployed: the api, each remote from its own origin, and the
 * shell, which reads /composition.json and proxies /api, all on the edge (edge/src/app.ts). Used
 * by `npm start` and the e2e suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildRemoteOrigin, type buildShellEdge } from '@storefront/edge/app';
import { compositionFile, edgeReaderUrl } from '@storefront/release-state';
import { REMOTES, ROOT, workingVersions, type Ports } from '@storefront/edge/packages';
import { releasesDir } from '@storefront/edge/release-store';
import { listen, startShellEdge, type EdgeTuning, type RunningEdge } from './startEdge';
import { pipeReadable, readableStream } from './readableLogs';

/** What `npm start` serves, and how: the edge's own settings (EdgeTuning) and the api's. */
export interface StoreOptions extends EdgeTuning {
  ports: Ports;
  /** Interface the servers listen on. */
  bindHost?: string;
  /** Host name the browser uses for the remotes' origins. */
  publicHost?: string;
  /** PGlite data folder; ignored when databaseUrl is set. */
  dataDir?: string;
  databaseUrl?: string;
  /** A composition file to serve instead of the one made from the local builds. */
  compositionFile?: string;
  /** The environment whose composition the edge serves and the api's abort worker judges (COMPOSITION_ENV; production). */
  compositionEnvironment?: string;
  /**
   * With databaseUrl, the role the edge reads compositions through (COMPOSITION_READER_URL); unless
   * said, a login role made for this run that can only read them.
   */
  compositionReaderUrl?: string;
  log?: (line: string) => void;
  /** Settings for the api over the caller's environment (the e2e suite's bank account, say). */
  apiEnvironment?: Readonly<Record<string, string>>;
  /** The api's own log lines. */
  apiOutput?: 'inherit' | 'ignore' | 'readable';
  /**
   * How many api processes to run behind the edge (API_PROCESSES), on ports from ports.api up;
   * more than one needs databaseUrl (a PostgreSQL server), which they share.
   */
  apiProcesses?: number;
  /**
   * The secret the edge signs page-view tokens and its render failure reports with, and the api
   * checks them by (TELEMETRY_SECRET; at least 32 characters). Unless said, one made at random for
   * this run: the store's own processes share it, nobody else knows it.
   */
  telemetrySecret?: string;
}

export interface RunningStore {
  shellUrl: string;
  /** The first api process. */
  apiUrl: string;
  /** Every api process, the first included. */
  apiUrls: string[];
  remoteUrls: Record<string, string>;
  /** What the shell's edge was built with: a caller builds another beside it (the bench's variants). */
  shellEdgeOptions: Parameters<typeof buildShellEdge>[0];
  stop: () => Promise<void>;
}


async function waitForApi(url: string, child: ChildProcess, timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the api did not answer ${url}/health within ${timeoutMs / 1000} s`);
}

/**
 * The api believes the edge (on loopback) and, behind it, the proxies the edge believes: the
 * client's address and protocol come from that chain alone.
 */
export function apiTrustProxy(edgeTrustProxy: string | undefined): string {
  const chain = (edgeTrustProxy ?? '').split(',').map((item) => item.trim()).filter((item) => item && item !== 'false');
  return ['loopback', ...chain.filter((item) => item !== 'loopback')].join(',');
}

export async function startStore(options: StoreOptions): Promise<RunningStore> {
  const { ports, bindHost = '127.0.0.1', publicHost = 'localhost', log = console.log } = options;
  const servers: FastifyInstance[] = [];
  const apiProcesses = options.apiProcesses ?? 1;
  if (apiProcesses > 1 && !options.databaseUrl) throw new Error('several api processes need a PostgreSQL server (databaseUrl): the embedded database serves one');
  const apiPorts = Array.from({ length: apiProcesses }, (_, index) => ports.api + index);
  const apiUrls = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const apiUrl = apiUrls[0] as string;

  // The database is chosen here, not inherited: a DATABASE_URL in the caller's environment must not
  // silently switch a PGlite store (the e2e suite's) to a server.
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const telemetrySecret = options.telemetrySecret ?? environment.TELEMETRY_SECRET ?? randomBytes(32).toString('base64url');
  const liveFile = options.compositionFile ?? compositionFile();
  const apis: ChildProcess[] = apiPorts.map((port) =>
    spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], {
      cwd: path.join(ROOT, 'api'),
      env: {
        ...environment,
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        // Links in mail (password resets) point at the shell.
        STOREFRONT_URL: `http://${publicHost}:${ports.shell}`,
        TRUST_PROXY: apiTrustProxy(options.trustProxy),
        // The api checks the edge's page-view tokens, and ends a failing canary in the composition the edge serves.
        TELEMETRY_SECRET: telemetrySecret,
        COMPOSITION_FILE: liveFile,
        ...(options.compositionEnvironment ? { COMPOSITION_ENV: options.compositionEnvironment } : {}),
        ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.apiEnvironment,
      },
      stdio: ['ignore', options.apiOutput === 'readable' ? 'pipe' : (options.apiOutput ?? 'inherit'), options.apiOutput === 'readable' ? 'pipe' : 'inherit'],
    }),
  );
  if (options.apiOutput === 'readable') {
    for (const api of apis) {
      if (api.stdout) pipeReadable(api.stdout, process.stdout, 'api');
      if (api.stderr) pipeReadable(api.stderr, process.stderr, 'api');
    }
  }
  // The edge's and the remotes' own lines, readable beside the api's.
  const logStream = options.apiOutput === 'readable' ? readableStream(process.stdout, 'edge') : undefined;

  const stopApi = async (api: ChildProcess) => {
    if (api.exitCode !== null || api.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => api.once('exit', () => resolve()));
    api.kill('SIGTERM');
    // PGlite flushes on SIGTERM, and the api closes within its SHUTDOWN_TIMEOUT_MS; then it is forced.
    const timer = setTimeout(() => api.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  let edge: RunningEdge | null = null;
  const stop = async () => {
    await edge?.stop();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(apis.map(stopApi));
  };

  try {
    // All at once: on PostgreSQL the first to migrate and seed holds an advisory lock, and the
    // others wait for it and then find the work done.
    await Promise.all(apis.map((api, index) => waitForApi(apiUrls[index] as string, api)));

    // The working builds are named by the versions they have now, for as long as the store runs:
    // a version raised in a package.json meanwhile must not send pages to a folder not built.
    const versions = workingVersions();
    const remoteUrls: Record<string, string> = {};
    for (const remote of REMOTES) {
      // Published releases, each immutable, beside the working build.
      const server = await buildRemoteOrigin({
        ...(logStream ? { logStream } : {}),
        dist: path.join(ROOT, remote, 'dist'),
        releases: path.join(releasesDir(), remote),
        ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      });
      await listen(server, ports.remotes[remote], bindHost);
      servers.push(server);
      remoteUrls[remote] = `http://${publicHost}:${ports.remotes[remote]}/${versions[remote]}/`;
    }

    // With a PostgreSQL server the compositions are there, and the edge reads them through a role
    // that can only read them; never with the api's DATABASE_URL.
    const readerUrl = options.databaseUrl ? (options.compositionReaderUrl ?? (await edgeReaderUrl(options.databaseUrl, randomBytes(24).toString('base64url')))) : undefined;
    edge = await startShellEdge({
      ports,
      bindHost,
      publicHost,
      apiUrls,
      composition: { file: liveFile, ...(options.compositionEnvironment ? { environment: options.compositionEnvironment } : {}), ...(readerUrl ? { readerUrl } : {}) },
      workingVersions: versions,
      telemetrySecret,
      log,
      settings: options,
      ...(logStream ? { logStream } : {}),
    });
    const { shellEdgeOptions } = edge;

    const shellUrl = `http://${publicHost}:${ports.shell}`;
    log(`api      ${apiUrls.join(', ')}`);
    for (const [remote, url] of Object.entries(remoteUrls)) log(`${remote.padEnd(12)} ${url}`);
    return { shellUrl, apiUrl, apiUrls, remoteUrls, shellEdgeOptions, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

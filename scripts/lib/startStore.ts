/**
 * Serves the whole store as it is deployed: the api, each remote from its own origin, and the
 * shell, which reads /composition.json and proxies /api. Used by `npm start` and the e2e suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { packageVersion, REMOTES, ROOT, type Ports } from './packages';
import { compositionFile } from './compositionStore';
import { releasesDir } from './releaseStore';
import { manifestReader, routePreloadTags, withPreloads, withRemoteEntries } from './routePreloads';
import type { ShellServerBundle } from '../../shared/src/ssr/contract';
import { guessViewportWidth, remoteBundleLoader, renderPage, withRenderedPage } from './serverRender';
import { handlePreviewRequest, servedComposition } from './servedComposition';
import { createStaticServer } from './staticServer';

export interface StoreOptions {
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
  log?: (line: string) => void;
  /** Settings for the api over the caller's environment (the e2e suite's bank account, say). */
  apiEnvironment?: Readonly<Record<string, string>>;
  /** The api's own log lines. */
  apiOutput?: 'inherit' | 'ignore';
  /**
   * Render each page's first screen on the server (scripts/lib/serverRender.ts); on unless
   * SERVER_RENDER=off.
   */
  serverRender?: boolean;
  /**
   * Also serve the same shell, on this port, without server renders (the bench measures the two
   * side by side).
   */
  browserRenderedShellPort?: number;
  /**
   * Also serve the monolith build (shell/dist-monolith, `npm run build:monolith -w shell`) on this
   * port, its pages' first screens rendered on the server as the composed shell's are (the
   * bench's like-for-like comparison of what shoppers get).
   */
  serverRenderedMonolithPort?: number;
}

/** How long a page's server render may take before the page is sent for the browser to render. */
const SERVER_RENDER_TIMEOUT_MS = 300;

export interface RunningStore {
  shellUrl: string;
  apiUrl: string;
  remoteUrls: Record<string, string>;
  /** The shell without server renders, when asked for (browserRenderedShellPort). */
  browserRenderedShellUrl?: string;
  /** The monolith build with server renders, when asked for (serverRenderedMonolithPort). */
  serverRenderedMonolithUrl?: string;
  stop: () => Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} is already in use (set another with the env vars in the README)`) : error),
    );
    server.listen(port, host, () => resolve());
  });
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

export async function startStore(options: StoreOptions): Promise<RunningStore> {
  const { ports, bindHost = '127.0.0.1', publicHost = 'localhost', log = console.log } = options;
  const servers: Server[] = [];
  const apiUrl = `http://127.0.0.1:${ports.api}`;

  // The database is chosen here, not inherited: a DATABASE_URL in the caller's environment must not
  // silently switch a PGlite store (the e2e suite's) to a server.
  const { DATABASE_URL: _inherited, ...environment } = process.env;
  const api = spawn(process.execPath, [path.join(ROOT, 'api/dist/server.js')], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...environment,
      API_PORT: String(ports.api),
      API_HOST: '127.0.0.1',
      // Links in mail (password resets) point at the shell.
      STOREFRONT_URL: `http://${publicHost}:${ports.shell}`,
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.apiEnvironment,
    },
    stdio: ['ignore', options.apiOutput ?? 'inherit', 'inherit'],
  });

  const stop = async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    if (api.exitCode === null) {
      const exited = new Promise<void>((resolve) => api.once('exit', () => resolve()));
      api.kill('SIGTERM');
      // PGlite flushes on SIGTERM; give it time before forcing.
      const timer = setTimeout(() => api.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    await waitForApi(apiUrl, api);

    const remoteUrls: Record<string, string> = {};
    for (const remote of REMOTES) {
      const server = createStaticServer({
        root: path.join(ROOT, remote, 'dist'),
        // Published releases, each immutable, beside the working build.
        mounts: [{ prefix: '/releases/', root: path.join(releasesDir(), remote), immutable: true }],
        cors: true,
      });
      await listen(server, ports.remotes[remote], bindHost);
      servers.push(server);
      remoteUrls[remote] = `http://${publicHost}:${ports.remotes[remote]}/${packageVersion(remote)}/`;
    }

    const composition = options.compositionFile ?? compositionFile();
    const readManifest = manifestReader();
    const shellDist = path.join(ROOT, 'shell/dist');
    const shellBundle = (options.serverRender ?? process.env.SERVER_RENDER !== 'off') ? loadShellBundle(shellDist, log) : null;
    const loadRemoteBundle = remoteBundleLoader();
    // The monolith's index.html preloads its own first-load chunks and it loads no remote files.
    const shellServer = (renderer: ShellServerBundle | null, dist = shellDist, remotePreloads = true) =>
      createStaticServer({
        root: dist,
        spaFallback: 'index.html',
        // The api's developer routes (the opt-in mail outbox) answer on its own loopback port only.
        proxy: { prefix: '/api', target: apiUrl, privatePaths: ['/dev'] },
        handle: async (req, res, url) => {
          if (url.pathname === '/composition.json') {
            // Read on every request: a release manager's change goes live on the next page load.
            // Each remote with the entry its manifest names: the browser registers that.
            const served = await servedComposition(req, ports, publicHost, composition);
            const [remotes, lastKnownGood] = await Promise.all([withRemoteEntries(served.remotes, readManifest), withRemoteEntries(served.lastKnownGood, readManifest)]);
            const body = JSON.stringify({ ...served, remotes, lastKnownGood }, null, 2);
            res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
            res.end(body);
            return true;
          }
          if (path.extname(url.pathname) && url.pathname !== '/index.html') return false;
          if (await handlePreviewRequest(res, url)) return true;
          // A page: index.html, with preloads for the remote files this page will load.
          const served = await servedComposition(req, ports, publicHost, composition);
          const tags = remotePreloads ? await routePreloadTags(url.pathname, served.remotes, readManifest) : [];
          const page = await readFile(path.join(dist, 'index.html'), 'utf8').catch(() => null);
          if (page === null) return false;
          let html = withPreloads(page, tags);
          if (renderer) {
            const { apiBase, assetHost } = served.config ?? {};
            const rendered = await renderPage(
              {
                pathname: url.pathname,
                search: url.search,
                viewportWidth: guessViewportWidth(req.headers),
                ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
                remotes: served.remotes,
                // The server asks the api directly, unless the composition puts it elsewhere.
                config: { apiBase: apiBase && /^https?:\/\//.test(apiBase) ? apiBase : apiUrl, ...(assetHost ? { assetHost } : {}) },
              },
              { shell: renderer, loadRemoteBundle, timeoutMs: SERVER_RENDER_TIMEOUT_MS },
            );
            if (rendered) html = withRenderedPage(html, rendered);
          }
          const gzip = acceptsGzip(req);
          const body = gzip ? zlib.gzipSync(html, { level: 9 }) : Buffer.from(html);
          res.writeHead(200, {
            'Content-Type': 'text/html; charset=utf-8',
            // Private: the server's first screen can hold the shopper's own cart (serverRender.ts).
            'Cache-Control': 'private, no-cache',
            'Content-Length': body.length,
            // The first screen is drawn for a phone or a wider screen (serverRender.ts).
            Vary: 'Accept-Encoding, Sec-CH-UA-Mobile, User-Agent',
            ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
          });
          res.end(req.method === 'HEAD' ? undefined : body);
          return true;
        },
      });
    const shell = shellServer(shellBundle);
    await listen(shell, ports.shell, bindHost);
    servers.push(shell);
    let browserRenderedShellUrl: string | undefined;
    if (options.browserRenderedShellPort !== undefined) {
      const browserRendered = shellServer(null);
      await listen(browserRendered, options.browserRenderedShellPort, bindHost);
      servers.push(browserRendered);
      browserRenderedShellUrl = `http://${publicHost}:${options.browserRenderedShellPort}`;
    }
    let serverRenderedMonolithUrl: string | undefined;
    if (options.serverRenderedMonolithPort !== undefined) {
      const monolithDist = path.join(ROOT, 'shell/dist-monolith');
      if (!existsSync(path.join(monolithDist, 'index.html'))) throw new Error('no shell/dist-monolith: run npm run build:monolith -w shell first');
      if (!shellBundle) throw new Error('a server-rendered monolith needs the shell\'s server bundle (shell/dist/server/render.js)');
      const monolith = shellServer(shellBundle, monolithDist, false);
      await listen(monolith, options.serverRenderedMonolithPort, bindHost);
      servers.push(monolith);
      serverRenderedMonolithUrl = `http://${publicHost}:${options.serverRenderedMonolithPort}`;
    }
    if (shellBundle) {
      // The live remotes' server bundles load now, not on (and too late for) the first page.
      const live = await servedComposition({ headers: {} } as IncomingMessage, ports, publicHost, composition);
      await Promise.all(Object.values(live.remotes).map((remote) => (remote ? loadRemoteBundle(remote.manifest) : null)));
    }

    const shellUrl = `http://${publicHost}:${ports.shell}`;
    log(`api      ${apiUrl}`);
    for (const [remote, url] of Object.entries(remoteUrls)) log(`${remote.padEnd(12)} ${url}`);
    return {
      shellUrl,
      apiUrl,
      remoteUrls,
      stop,
      ...(browserRenderedShellUrl ? { browserRenderedShellUrl } : {}),
      ...(serverRenderedMonolithUrl ? { serverRenderedMonolithUrl } : {}),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The shell's server bundle, or null (and a line saying so) when the build has none. */
function loadShellBundle(shellDist: string, log: (line: string) => void): ShellServerBundle | null {
  const file = path.join(shellDist, 'server/render.js');
  if (!existsSync(file)) {
    log(`no ${path.relative(ROOT, file)}: pages are rendered in the browser only`);
    return null;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's own build, read once at start
  return require(file) as ShellServerBundle;
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

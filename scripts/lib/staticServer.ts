/**
 * The static server each deployed front-end package gets: the shell's (SPA fallback, /api proxy,
 * /composition.json) and each remote's (CORS, version folders). Versioned folders and hashed files
 * never change, so they are cached for a year; manifests, composition and HTML are revalidated.
 */
import { createReadStream, promises as fs } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const ALWAYS_REVALIDATE = /(?:^|\/)(?:mf-manifest\.json|mf-stats\.json|composition\.json|index\.html)$/;
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css)$/;

export interface ProxyRoute {
  prefix: string;
  target: string;
  /**
   * Upstream paths (and everything under them) never forwarded, however the request spells them:
   * the api's developer routes stay on the api's own loopback port.
   */
  privatePaths?: readonly string[];
}

/**
 * Whether `upstreamPath` falls under one of `privatePaths` however it is spelled: percent-escapes
 * decoded byte by byte (repeatedly, so a double escape does not slip past; malformed ones stay as
 * they are rather than fail), backslashes as slashes, repeated slashes and dot segments resolved,
 * case ignored.
 */
export function isPrivatePath(upstreamPath: string, privatePaths: readonly string[]): boolean {
  let decoded = upstreamPath.split('?')[0] ?? '';
  for (let previous = ''; previous !== decoded; ) {
    previous = decoded;
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  const normalised = path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`).replace(/\/+$/, '').toLowerCase();
  return privatePaths.some((privatePath) => {
    const base = privatePath.replace(/\/+$/, '').toLowerCase();
    return normalised === base || normalised.startsWith(`${base}/`);
  });
}

/** A folder served under a path prefix (a remote's releases under /releases/). */
export interface Mount {
  prefix: string;
  root: string;
  /** Everything under it is immutable (release folders). */
  immutable?: boolean;
}

export interface StaticServerOptions {
  root: string;
  /** Further folders, tried before `root` for paths under their prefix. */
  mounts?: Mount[];
  /** Served for unknown paths that look like pages (client-side routing). */
  spaFallback?: string;
  cors?: boolean;
  proxy?: ProxyRoute;
  /** Answers a request itself (e.g. /composition.json); resolves true when it did. */
  handle?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
}

/**
 * Releases never change once written, and hashed files change name when they change: both are
 * cached for a year. Manifests, the composition and HTML are revalidated on every load, and so is
 * anything else in a working build (its remoteEntry.js is rewritten in place).
 */
export function cacheControlFor(relativePath: string, inRelease = false): string {
  if (ALWAYS_REVALIDATE.test(relativePath)) return 'no-cache';
  if (inRelease || HASHED.test(relativePath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

const compressed = new Map<string, { mtimeMs: number; gzip: Buffer; br: Buffer }>();

async function compressedCopy(file: string, mtimeMs: number) {
  const cached = compressed.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const body = await fs.readFile(file);
  const entry = {
    mtimeMs,
    gzip: await gzip(body, { level: 9 }),
    br: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  };
  compressed.set(file, entry);
  return entry;
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function forward(req: IncomingMessage, res: ServerResponse, { prefix, target, privatePaths = [] }: ProxyRoute) {
  const url = new URL(target);
  const upstreamPath = (req.url ?? '/').slice(prefix.length) || '/';
  if (isPrivatePath(upstreamPath, privatePaths)) {
    send(res, 404, JSON.stringify({ error: 'not_found', message: `No route ${req.method ?? 'GET'} ${prefix}${upstreamPath.split('?')[0] ?? ''}` }), 'application/json');
    return;
  }
  const upstream = http.request(
    {
      hostname: url.hostname,
      port: url.port,
      method: req.method,
      path: upstreamPath.startsWith('/') ? upstreamPath : `/${upstreamPath}`,
      headers: {
        ...req.headers,
        host: url.host,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
        'x-forwarded-for': req.socket.remoteAddress ?? '',
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) send(res, 502, JSON.stringify({ error: 'bad_gateway', message: 'The api is not reachable' }), 'application/json');
    else res.destroy();
  });
  req.pipe(upstream);
}

async function serveFile(req: IncomingMessage, res: ServerResponse, root: string, relativePath: string, cors: boolean, inRelease = false): Promise<boolean> {
  const file = path.join(root, relativePath);
  if (!file.startsWith(root + path.sep) && file !== root) return false;
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return false;
  const extension = path.extname(file);
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': TYPES[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(relativePath, inRelease),
    'Last-Modified': stat.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  };
  if (cors) headers['Access-Control-Allow-Origin'] = '*';
  if (req.headers['if-modified-since'] && new Date(req.headers['if-modified-since']).getTime() >= Math.floor(stat.mtimeMs / 1000) * 1000) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (COMPRESSIBLE.has(extension) && /\b(br|gzip)\b/.test(accepts)) {
    const copy = await compressedCopy(file, stat.mtimeMs);
    const useBrotli = /\bbr\b/.test(accepts);
    const body = useBrotli ? copy.br : copy.gzip;
    res.writeHead(200, { ...headers, 'Content-Encoding': useBrotli ? 'br' : 'gzip', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
  return true;
}

export function createStaticServer({ root, mounts = [], spaFallback, cors = false, proxy, handle }: StaticServerOptions): http.Server {
  const absoluteRoot = path.resolve(root);
  const absoluteMounts = mounts.map((mount) => ({ ...mount, root: path.resolve(mount.root) }));
  return http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (proxy && (url.pathname === proxy.prefix || url.pathname.startsWith(`${proxy.prefix}/`))) {
        forward(req, res, proxy);
        return;
      }
      if (req.method === 'OPTIONS' && cors) {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '86400' });
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        send(res, 405, 'Method not allowed');
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        send(res, 400, 'Bad path');
        return;
      }
      if (handle && (await handle(req, res, url))) return;
      const relativePath = path.normalize(pathname.endsWith('/') ? `${pathname}index.html` : pathname).replace(/^([/\\])+/, '');
      for (const mount of absoluteMounts) {
        const prefix = mount.prefix.replace(/^\/+|\/+$/g, '');
        if (relativePath.startsWith(`${prefix}${path.sep}`) && (await serveFile(req, res, mount.root, relativePath.slice(prefix.length + 1), cors, mount.immutable ?? false))) return;
      }
      if (await serveFile(req, res, absoluteRoot, relativePath, cors)) return;
      // A page route (no file extension) gets the app; a missing asset is a real 404.
      if (spaFallback && !path.extname(pathname) && (await serveFile(req, res, absoluteRoot, spaFallback, cors))) return;
      send(res, 404, 'Not found');
    })().catch((error: unknown) => {
      console.error('[serve]', error);
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    });
  });
}

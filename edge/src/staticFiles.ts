/**
 * The static-files module of the edge: a build folder served with @fastify/static. Hashed files
 * and release folders never change, so they are cached for a year; manifests, the composition and
 * HTML are revalidated. Text files go out as the brotli or gzip copy the build made beside them
 * (webpack.common.ts), never compressed on the request path. Source maps and dot files are not
 * served at all: they are for the team, not the public; nor is the shell's server bundle, which is
 * the edge's own. A remote's server container is served from its origin, for the shell's server
 * to load (shared/src/ssr/contract.ts).
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const ALWAYS_REVALIDATE = /(?:^|\/)(?:mf-manifest\.json|mf-stats\.json|composition\.json|index\.html)$/;
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css)$/;
/** The build's own copies of a file, served in its place. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** The folder a package's server build goes into (webpack.common.ts's serverConfig). */
const SERVER_FOLDER = 'server';

/**
 * Releases never change once written, and hashed files change name when they change: both are
 * cached for a year. Manifests, the composition and HTML are revalidated on every load, and so is
 * anything else in a working build (its remoteEntry.js is rewritten in place).
 */
export function cacheControlFor(relativePath: string, inRelease = false): string {
  const logical = relativePath.replace(COMPRESSED_COPY, '');
  if (ALWAYS_REVALIDATE.test(logical)) return 'no-cache';
  if (inRelease || HASHED.test(logical)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * What a build folder holds that is not for the public: source maps, and the server build (any
 * folder named server) unless it is a remote's, which its origin serves.
 */
export function isPrivateFile(pathname: string, { serverBuild = false }: { serverBuild?: boolean } = {}): boolean {
  const segments = pathname.split(/[\\/]+/).filter(Boolean).map((segment) => segment.toLowerCase());
  return segments.some((segment) => (segment === SERVER_FOLDER && !serverBuild) || segment.endsWith('.map'));
}

export interface StaticFilesOptions {
  root: string;
  /** The path the folder is served under ('/' unless said), e.g. '/releases/'. */
  prefix?: string;
  /** Everything under it is immutable (release folders). */
  immutable?: boolean;
  /** Any origin may load the files (a remote's, which the shell's pages load). */
  cors?: boolean;
  /** Serve index.html for a folder (a remote's standalone page); the shell's pages are the page module's. */
  index?: boolean;
  /** Only the first registration on an instance decorates the reply with sendFile. */
  decorateReply?: boolean;
  /** The folder may not exist yet (a release store before the first release): no warning about it. */
  mayNotExist?: boolean;
  /** Sets the policy of an HTML file (a remote's standalone page), which the locked-down default would stop. */
  onHtml?: (reply: FastifyReply) => void;
  /** Serve the server build too (a remote's server container; never the shell's). */
  serverBuild?: boolean;
  /**
   * A path without a file extension is a page (the shell's): never looked for on disk, so a page
   * costs no look for a file of its name.
   */
  extensionlessArePages?: boolean;
}

export async function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const { root, prefix = '/', immutable = false, cors = false, index = true, decorateReply = true, mayNotExist = false, onHtml, serverBuild = false, extensionlessArePages = false } = options;
  const absoluteRoot = path.resolve(root);
  await app.register(fastifyStatic, {
    root: absoluteRoot,
    prefix,
    decorateReply,
    suppressWarning: mayNotExist,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: index ? ['index.html'] : false,
    allowedPath: (pathName) => !isPrivateFile(pathName, { serverBuild }) && !(extensionlessArePages && path.posix.extname(pathName) === ''),
    setHeaders: (reply, file) => {
      reply.header('Cache-Control', cacheControlFor(path.relative(absoluteRoot, file).split(path.sep).join('/'), immutable));
      if (cors) reply.header('Access-Control-Allow-Origin', '*');
      if (onHtml && file.replace(COMPRESSED_COPY, '').endsWith('.html')) onHtml(reply);
    },
  });
}

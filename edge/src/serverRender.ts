/**
 * The shell's server renders a page's first screen (shared/src/ssr/contract.ts): the page's region
 * with the server bundle of the remote version the composition names, and its own header and
 * footer around it, both into index.html. A shopper then sees the page as soon as the HTML has
 * arrived instead of once every script has, and the browser hydrates it (its links work before
 * that; a tap on a control is kept until then, eventReplay.ts).
 *
 * Anything that fails or takes too long costs only the server render: the page is sent as before,
 * for the browser to render.
 */
import { promises as fs } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { pageModuleForPath } from '../../shell/src/federation/routeModules';
import {
  SERVER_BUNDLE_PATH,
  type PageHead,
  type RegionRender,
  type RegionRenderRequest,
  type RemoteServerBundle,
  type ServerQueryEntry,
  type ServerRenderedRegion,
  type ShellServerBundle,
} from '../../shared/src/ssr/contract';
import { isRemote, type CompositionEntry } from './compositionStore';
import { ROOT, type Remote } from './packages';
import { releaseDir, VERSION_PATTERN } from './releaseStore';

/** Only Node's own modules: a server bundle carries everything else inside it. */
function bundleRequire(id: string): unknown {
  if (!isBuiltin(id)) throw new Error(`a server bundle may only require Node's own modules, not "${id}"`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a bundle's require of node:stream and the like
  return require(id);
}

/** Evaluates a CommonJS server bundle's source as Node would `require` it. */
export function evaluateBundle<Exports>(source: string, filename: string): Exports {
  const module = { exports: {} as Exports };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename }) as (
    exports: Exports,
    require: (id: string) => unknown,
    module: { exports: Exports },
    filename: string,
    dirname: string,
  ) => void;
  wrapper(module.exports, bundleRequire, module, filename, '');
  return module.exports;
}

export type RemoteBundleLoader = (remote: string, composed: CompositionEntry) => Promise<RemoteServerBundle | null>;

/**
 * Where a composed remote version's server bundle is on the edge's disk, or null when it has none
 * there. Server bundles are never served (edge/src/staticFiles.ts): they are deployed beside the
 * edge, in the release store and the working builds, not fetched from a remote's public origin.
 */
export type ServerBundleLocator = (remote: string, composed: CompositionEntry) => string | null;

/**
 * The server bundles of this checkout: a remote composed from its working build (the manifest
 * the edge serves for it, `workingManifest`) renders with `<remote>/dist/<version>/server/render.js`;
 * one composed from a release, with the release store's copy.
 */
export function localServerBundles(workingManifest: (remote: Remote) => string | undefined): ServerBundleLocator {
  return (remote, { version, manifest }) => {
    if (!isRemote(remote) || !VERSION_PATTERN.test(version)) return null;
    const folder = manifest === workingManifest(remote) ? path.join(ROOT, remote, 'dist', version) : releaseDir(remote, version);
    return path.join(folder, SERVER_BUNDLE_PATH);
  };
}

/**
 * Reads and evaluates a remote version's server bundle from disk, once per version. A working
 * build rewrites its bundle in place, so after `ttlMs` its file is looked at again and evaluated
 * again only if it changed. A remote without one is rendered in the browser only.
 */
export function remoteBundleLoader(locate: ServerBundleLocator, { ttlMs = 10_000 }: { ttlMs?: number } = {}): RemoteBundleLoader {
  const cache = new Map<string, { at: number; mtimeMs: number | null; bundle: Promise<RemoteServerBundle | null> }>();
  return (remote, composed) => {
    const file = locate(remote, composed);
    if (!file) return Promise.resolve(null);
    const hit = cache.get(file);
    if (hit && Date.now() - hit.at < ttlMs) return hit.bundle;
    const entry = { at: Date.now(), mtimeMs: hit?.mtimeMs ?? null, bundle: Promise.resolve<RemoteServerBundle | null>(null) };
    entry.bundle = (async () => {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) return null;
      if (hit && stat.mtimeMs === hit.mtimeMs) return hit.bundle;
      entry.mtimeMs = stat.mtimeMs;
      const bundle = evaluateBundle<Partial<RemoteServerBundle>>(await fs.readFile(file, 'utf8'), file);
      if (typeof bundle.renderRegion !== 'function') throw new Error(`${file} does not export renderRegion`);
      return bundle as RemoteServerBundle;
    })().catch((error: unknown) => {
      console.error(`[edge] the server bundle ${file} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    cache.set(file, entry);
    return entry.bundle;
  };
}

/** A phone's browser says so (Chromium's Sec-CH-UA-Mobile, or the user agent); it is drawn 412 px wide, others 1280. */
export function guessViewportWidth(headers: Record<string, string | string[] | undefined>): number {
  const mobileHint = headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return 412;
  if (mobileHint === '?0') return 1280;
  return /\b(Mobi|Android|iPhone|iPod)\b/i.test(String(headers['user-agent'] ?? '')) ? 412 : 1280;
}

export interface PageRequest {
  pathname: string;
  search: string;
  viewportWidth: number;
  /** The composed remotes: which version (manifest) of each goes live. */
  remotes: Partial<Record<string, { version: string; manifest: string }>>;
  /** Where a server render asks the api, and the pictures' address the browser uses. */
  config: RegionRenderRequest['config'];
  cookie?: string;
}

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  css: string;
  /** The answers the page was drawn with: the browser hydrates with them, and its store starts with them. */
  queries: ServerQueryEntry[];
  /** The width it was drawn for, which the browser hydrates it for. */
  viewportWidth: number;
  /** Its title and description, for the page's head. */
  head?: PageHead;
  /** The page's status when not 200 (a region that drew its not-found screen says 404). */
  status?: number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Renders a page's first screen, or null: no page module for this path, its remote has no server
 * bundle or did not render it, or it took longer than `timeoutMs`.
 */
export async function renderPage(
  request: PageRequest,
  { shell, loadRemoteBundle, timeoutMs }: { shell: ShellServerBundle; loadRemoteBundle: RemoteBundleLoader; timeoutMs: number },
): Promise<RenderedPage | null> {
  const page = pageModuleForPath(request.pathname);
  const composed = page ? request.remotes[page.remote] : undefined;
  if (!page || !composed) return null;
  const region = await withTimeout(
    (async (): Promise<RegionRender | null> => {
      const bundle = await loadRemoteBundle(page.remote, composed);
      if (!bundle) return null;
      const { pathname, search, config, viewportWidth, cookie } = request;
      return bundle.renderRegion({ module: page.module, pathname, search, config, viewportWidth, ...(cookie ? { cookie } : {}) });
    })(),
    timeoutMs,
  ).catch((error: unknown) => {
    console.error(`[edge] ${page.remote}/${page.module} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!region) return null;
  const rendered: ServerRenderedRegion = { remote: page.remote, module: page.module, version: composed.version, html: region.html };
  const answers = Array.isArray(region.queries) ? region.queries : [];
  const frame = shell.renderShellPage({ pathname: request.pathname, search: request.search, viewportWidth: request.viewportWidth, config: request.config, region: rendered, queries: answers });
  const status = typeof region.status === 'number' && region.status >= 200 && region.status < 600 ? region.status : undefined;
  return { html: frame.html, css: `${frame.css}\n${region.css}`, queries: answers, viewportWidth: request.viewportWidth, ...(frame.head ? { head: frame.head } : {}), ...(status ? { status } : {}) };
}

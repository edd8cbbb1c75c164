/**
 * The shell's server renders a page's first screen (shared/src/ssr/contract.ts): the page's region
 * with the server bundle of the remote version the composition names, and its own header and
 * footer around it, both into index.html. A shopper then sees the page as soon as the HTML has
 * arrived instead of once every script has. Until the browser has rendered the page itself, the
 * server's copy is `inert`: nothing in it answers a tap or a key yet.
 *
 * Anything that fails or takes too long costs only the server render: the page is sent as before,
 * for the browser to render.
 */
import { isBuiltin } from 'node:module';
import vm from 'node:vm';
import { EARLY_ANSWERED_ENDPOINTS } from '../../shell/src/app/earlyAnsweredEndpoints';
import { pageModuleForPath } from '../../shell/src/federation/routeModules';
import {
  SERVER_BUNDLE_PATH,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type RegionRender,
  type RegionRenderRequest,
  type RemoteServerBundle,
  type ServerQueryEntry,
  type ServerRenderedRegion,
  type ShellServerBundle,
} from '../../shared/src/ssr/contract';

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

export type RemoteBundleLoader = (manifestUrl: string) => Promise<RemoteServerBundle | null>;

/**
 * Fetches and evaluates a remote's server bundle from beside its manifest, once per version. A
 * working build rewrites its bundle in place, so after `ttlMs` it is asked again, conditionally:
 * an unchanged bundle is not evaluated again. A remote without one (404) is rendered in the
 * browser only.
 */
export function remoteBundleLoader({ ttlMs = 10_000, fetchTimeoutMs = 5_000 }: { ttlMs?: number; fetchTimeoutMs?: number } = {}): RemoteBundleLoader {
  const cache = new Map<string, { at: number; validator: string | null; bundle: Promise<RemoteServerBundle | null> }>();
  return (manifestUrl) => {
    const url = new URL(SERVER_BUNDLE_PATH, manifestUrl).toString();
    const hit = cache.get(url);
    if (hit && Date.now() - hit.at < ttlMs) return hit.bundle;
    // The validator is the answer's, set once it arrives; until then the one asked with.
    const entry = { at: Date.now(), validator: hit?.validator ?? null, bundle: Promise.resolve<RemoteServerBundle | null>(null) };
    entry.bundle = (async () => {
      const headers: Record<string, string> = hit?.validator ? { 'If-Modified-Since': hit.validator } : {};
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(fetchTimeoutMs) });
      if (response.status === 304 && hit) return hit.bundle;
      if (!response.ok) return null;
      entry.validator = response.headers.get('last-modified');
      const bundle = evaluateBundle<Partial<RemoteServerBundle>>(await response.text(), url);
      if (typeof bundle.renderRegion !== 'function') throw new Error(`${url} does not export renderRegion`);
      return bundle as RemoteServerBundle;
    })().catch((error: unknown) => {
      console.error(`[serve] the server bundle ${url} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    cache.set(url, entry);
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
  /** The answers the page was drawn with: the browser's store starts with them. */
  queries: ServerQueryEntry[];
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
      const bundle = await loadRemoteBundle(composed.manifest);
      if (!bundle) return null;
      const { pathname, search, config, viewportWidth, cookie } = request;
      return bundle.renderRegion({ module: page.module, pathname, search, config, viewportWidth, ...(cookie ? { cookie } : {}) });
    })(),
    timeoutMs,
  ).catch((error: unknown) => {
    console.error(`[serve] ${page.remote}/${page.module} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!region) return null;
  const rendered: ServerRenderedRegion = { remote: page.remote, module: page.module, version: composed.version, html: region.html };
  const answers = Array.isArray(region.queries) ? region.queries : [];
  const frame = shell.renderShellPage({ pathname: request.pathname, search: request.search, viewportWidth: request.viewportWidth, config: request.config, region: rendered, queries: answers });
  // Not those the browser's entry asks for early: its store takes that answer.
  const queries = answers.filter((entry) => !EARLY_ANSWERED_ENDPOINTS.has(entry.endpointName));
  return { html: frame.html, css: `${frame.css}\n${region.css}`, queries };
}

/** A stylesheet's text as the content of a <style> element. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** JSON as the content of a <script>: a `<` in a review's text cannot end the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The image preloads React wrote for the page's high-priority pictures (its LCP candidates). */
const PRIORITY_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\sfetchPriority="high"[^>]*\/?>/gi;

/**
 * index.html with the rendered page in #root (inert until the browser's own render), its styles
 * in the head, and the answers it was drawn with after it, for the browser's store. The page's
 * high-priority image preloads go to the head before its scripts, as a whole-document render
 * would place them: on HTTP/1.1 a browser opens six connections to a host, and behind the
 * shell's eight first-load scripts the shop's first pictures (its LCP) waited for one.
 */
export function withRenderedPage(indexHtml: string, page: RenderedPage): string {
  const root = /<div id="?root"?><\/div>/.exec(indexHtml);
  const headEnd = indexHtml.indexOf('</head>');
  if (!root || headEnd < 0 || headEnd > root.index) return indexHtml;
  const imagePreloads = page.html.match(PRIORITY_IMAGE_PRELOAD) ?? [];
  const html = imagePreloads.length > 0 ? page.html.replace(PRIORITY_IMAGE_PRELOAD, '') : page.html;
  const firstFetch = /<(script|link rel="?(preload|modulepreload|stylesheet))\b/i.exec(indexHtml.slice(0, headEnd));
  const preloadsAt = firstFetch ? firstFetch.index : headEnd;
  const style = `<style ${SERVER_RENDERED_ATTRIBUTE}>${styleText(page.css)}</style>`;
  const queries = page.queries.length > 0 ? `<script type="application/json" id="${SERVER_QUERIES_ELEMENT_ID}">${scriptJson(page.queries)}</script>` : '';
  const filledRoot = `<div id="root" inert ${SERVER_RENDERED_ATTRIBUTE}>${html}</div>${queries}`;
  return [
    indexHtml.slice(0, preloadsAt),
    imagePreloads.join(''),
    indexHtml.slice(preloadsAt, headEnd),
    style,
    indexHtml.slice(headEnd, root.index),
    filledRoot,
    indexHtml.slice(root.index + root[0].length),
  ].join('');
}

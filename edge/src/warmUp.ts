/**
 * The renderers warmed up before the edge takes requests (registerPages, page.ts): the store's main
 * pages drawn once in every renderer, each kept as the guests' last good render of its page, and
 * then their skeletons.
 */
import type { FastifyBaseLogger } from 'fastify';
import { servedComposition, withEntries, type CompositionSource } from './composition';
import { renderConfig } from './pageKeys';
import { PRODUCT_CHECK_TIMEOUT_MS } from './pageStatus';
import type { PageRequest, RenderedPage } from './renderedPage';
import type { ManifestReader } from './routePreloads';
import { withTimeout } from './withTimeout';

/** What the warm-up reads of the pages' options (page.ts's PagesOptions). */
export interface WarmUpOptions {
  source: CompositionSource;
  readManifest: ManifestReader;
  apiUrl?: () => string;
  render: { apiUrl: string | (() => string) } | null;
}

/** The pages each renderer draws once before the edge takes requests, as a guest on a phone and on a wider screen (a product's is added). */
const WARM_UP_PATHS = ['/', '/shop', '/cart', '/wishlist', '/login'];
const WARM_UP_WIDTHS = [412, 1280];
/** How long the edge waits for its renderers to warm up before it takes requests anyway. */
const WARM_UP_LIMIT_MS = 20_000;

/** The addresses drawn to warm the renderers: the main pages, and the first product's when the api names one. */
async function warmUpPaths(apiUrl: (() => string) | undefined): Promise<string[]> {
  if (!apiUrl) return WARM_UP_PATHS;
  try {
    const answer = await fetch(`${apiUrl()}/products?limit=1`, { signal: AbortSignal.timeout(PRODUCT_CHECK_TIMEOUT_MS) });
    const products: unknown = answer.ok ? await answer.json() : null;
    const link = Array.isArray(products) ? (products[0] as { link?: unknown } | undefined)?.link : undefined;
    return typeof link === 'string' && link ? [...WARM_UP_PATHS, `/product/${encodeURIComponent(link)}`] : WARM_UP_PATHS;
  } catch {
    return WARM_UP_PATHS;
  }
}

/**
 * Draws the warm-up pages in every renderer, waiting at most WARM_UP_LIMIT_MS; they are drawn as a
 * guest's would be, and each one drawn is kept as the guests' last good render of its page
 * (`keep.guestsPage`): a guest whose page's render misses its budget before the page was ever
 * drawn for a guest gets it, not a skeleton. Then each of their skeletons is drawn once and kept
 * (`keep.skeleton`), so that a page whose render fails, when no renderer is free to draw even its
 * skeleton, still goes out with its frame and a skeleton, never as an empty #root.
 */
export async function warmRenderers(
  options: WarmUpOptions,
  warm: (requests: readonly PageRequest[]) => Promise<readonly (RenderedPage | null)[]>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  keep: {
    guestsPage: (request: PageRequest, composed: ReturnType<typeof renderConfig>, page: RenderedPage) => void;
    skeleton: (request: PageRequest, composed: ReturnType<typeof renderConfig>) => Promise<unknown>;
  },
): Promise<void> {
  const { render } = options;
  if (!render) return;
  const started = Date.now();
  const served = await withEntries(await servedComposition(undefined, options.source), options.readManifest);
  const composed = renderConfig(served.config, render.apiUrl);
  const { config } = composed;
  const paths = await warmUpPaths(options.apiUrl);
  const requests: PageRequest[] = paths.flatMap((pathname) =>
    WARM_UP_WIDTHS.map((viewportWidth) => ({
      pathname,
      search: '',
      viewportWidth,
      remotes: served.remotes,
      fallbacks: served.lastKnownGood,
      config,
    })),
  );
  const warming = warm(requests).then((pages) => {
    // A page drawn after the limit is kept too, when it comes.
    pages.forEach((page, index) => {
      const request = requests[index];
      if (page && !page.skeleton && request) keep.guestsPage(request, composed, page);
    });
    return true;
  });
  const warmed = await withTimeout(warming, WARM_UP_LIMIT_MS);
  if (!warmed) log.warn(`[edge] the server renderers were still warming up after ${WARM_UP_LIMIT_MS / 1000} s: the first pages may be drawn by the browser`);
  else log.info(`[edge] server renderers warmed up on ${requests.length} pages in ${Date.now() - started} ms`);
  // In the background: the edge takes requests meanwhile.
  void Promise.all(requests.map((request) => keep.skeleton(request, composed).catch(() => null)));
}

/**
 * A page assembled around its region: the other remotes' modules it embeds, each lent by the
 * server container of the version the composition names (`embeddedFrom`, `frameEmbedsFor`), the
 * shell's frame drawn around a region (`framedPage`), a shopper's own frame around the guests'
 * region (`renderAround`), and the frame with a skeleton where the region goes (`skeletonPage`).
 */
import { HYDRATION_PENDING_ATTRIBUTE, type RegionRenderRequest, type ServerQueryEntry, type ShellRenderRequest, type ShellServerBundle, type ShopperList } from '@storefront/shared/ssr/contract';
import { holdsProductOf, SHOPPER_LISTS } from '@storefront/shared/ssr/shopper-lists';
import type { PageRequest, RenderedPage, SharedRegion } from './renderedPage';
import type { RemoteBundleLoader } from './serverRemotes';
import { withTimeout } from './withTimeout';

export interface RenderOptions {
  shell: Pick<ShellServerBundle, 'renderShellPage' | 'shopperListAnswers' | 'renderOwnPage' | 'embeds'>;
  loadRemoteBundle: RemoteBundleLoader;
  /** How long a render may take before it is given up (RENDER_LIMIT_MS; the tests' less). */
  timeoutMs: number;
}

/**
 * Another remote's module a page embeds (the cart's Add to Cart on a product page), from the
 * server container of the version the composition names, or of its fallback when that one's
 * cannot be had: the browser loads the same. Null when neither lends it.
 */
export function embeddedFrom(request: Pick<PageRequest, 'remotes' | 'fallbacks'>, loadRemoteBundle: RemoteBundleLoader): NonNullable<RegionRenderRequest['embedded']> {
  return async ({ remote, module }) => {
    const composed = request.remotes[remote];
    if (!composed) return null;
    let bundle = await loadRemoteBundle(remote, composed);
    const fallback = request.fallbacks?.[remote];
    if (!bundle && fallback && fallback.manifest !== composed.manifest) bundle = await loadRemoteBundle(remote, fallback);
    const lent = bundle?.embeddable;
    return lent && Object.hasOwn(lent, module) ? (lent[module] ?? null) : null;
  };
}

/**
 * The other remotes' modules the shell's frame draws (ShellServerBundle.embeds: the cart's
 * wishlist and cart in the header), each from the version the composition names (or its
 * fallback), by "remote/Module". One not had within `timeoutMs` is null: the frame draws its
 * "unavailable" in its place, and the page is not held up.
 */
export async function frameEmbedsFor(
  request: Pick<PageRequest, 'remotes' | 'fallbacks'>,
  shell: Pick<ShellServerBundle, 'embeds'>,
  loadRemoteBundle: RemoteBundleLoader,
  timeoutMs: number,
): Promise<ShellRenderRequest['embedded']> {
  const refs = Array.isArray(shell.embeds) ? shell.embeds : [];
  if (refs.length === 0) return undefined;
  const lend = embeddedFrom(request, loadRemoteBundle);
  const loaded = await Promise.all(refs.map((ref) => withTimeout(lend(ref), timeoutMs).catch(() => null)));
  return Object.fromEntries(refs.map((ref, index) => [`${ref.remote}/${ref.module}`, loaded[index] ?? null]));
}

/**
 * Whether a shopper's lists, as the edge already has the api's answers (read: null for one that
 * was not JSON), hold a product whose place in them the region shows (`productsShown`): the region
 * is then not theirs, and their page is drawn whole without first asking a render thread for a
 * frame (renderAround would say no). False for a list the region shows no products' places in, or
 * whose answer is not known; true for an answer not shaped as the list.
 */
export function holdsRegionProducts(region: Pick<SharedRegion, 'productsShown'>, answers: Partial<Record<ShopperList, unknown>>): boolean {
  return (Object.entries(region.productsShown ?? {}) as [ShopperList, string[]][]).some(
    ([list, products]) => answers[list] !== undefined && holdsProductOf(list, answers[list], products),
  );
}

/**
 * A shopper's page as the guests' page's region inside a frame drawn for them: their cart and
 * wishlist (the shell's `shopperListAnswers`: the api's answers the edge has, `request.lists`, or
 * asked), the header drawn counting them. Null,
 * for the page to be drawn whole for them, when the lists cannot be read, when one the region's
 * HTML shows is not empty, or a list of theirs holds a product whose place in it the region shows
 * (`productsShown`: the region would not be theirs), or after `timeoutMs`.
 */
export async function renderAround(request: PageRequest, region: SharedRegion, { shell, timeoutMs, loadRemoteBundle }: RenderOptions): Promise<RenderedPage | null> {
  if (!shell.shopperListAnswers) return null;
  const [lists, embedded] = await Promise.all([
    withTimeout(shell.shopperListAnswers({ config: request.config, ...(request.cookie ? { cookie: request.cookie } : {}), ...(request.lists ? { known: request.lists } : {}) }), timeoutMs),
    frameEmbedsFor(request, shell, loadRemoteBundle, timeoutMs),
  ]);
  if (!lists) return null;
  const shown = new Set(region.shows.map((list) => SHOPPER_LISTS[list]));
  if (lists.some((entry) => shown.has(entry.endpointName) && !(Array.isArray(entry.value) && entry.value.length === 0))) return null;
  // Each list's answer as it is drawn from (one with no value as one not shaped as the list).
  const answers: Partial<Record<ShopperList, unknown>> = {};
  for (const list of Object.keys(SHOPPER_LISTS) as ShopperList[]) {
    const entry = lists.find(({ endpointName }) => endpointName === SHOPPER_LISTS[list]);
    if (entry) answers[list] = entry.value ?? null;
  }
  if (holdsRegionProducts(region, answers)) return null;
  const theirs = new Set(lists.map((entry) => entry.endpointName));
  const queries = [...region.queries.filter((entry) => !theirs.has(entry.endpointName)), ...lists];
  const { pathname, search, viewportWidth, config } = request;
  const frame = shell.renderShellPage({ pathname, search, viewportWidth, config, region: region.drawn, queries, ...framed(embedded) });
  return framedPage(frame, region.css, queries, viewportWidth, region.status);
}

/**
 * A page whose render failed, drawn as the shell's frame (header and footer) with its skeleton
 * where the region goes (the shell draws the region's loading state for `region: null`), from no
 * answers at all, and with every module the frame embeds withheld: the header then draws its
 * plain placeholders in the cart's and wishlist's place (links without counts), and its account
 * button as the same icon for everyone. Nothing in it says whom the page is for, so it is never a
 * wrong state (a shopper's cart shown empty, "0" on their badges): the browser then draws the
 * region and the counts. The same frame for a guest and a shopper; page.ts keeps it per page.
 */
export function skeletonPage(request: PageRequest, { shell }: Pick<RenderOptions, 'shell'>): Promise<RenderedPage | null> {
  const refs = Array.isArray(shell.embeds) ? shell.embeds : [];
  const withheld = refs.length > 0 ? Object.fromEntries(refs.map((ref) => [`${ref.remote}/${ref.module}`, null])) : undefined;
  const { pathname, search, viewportWidth, config } = request;
  try {
    const frame = shell.renderShellPage({ pathname, search, viewportWidth, config, region: null, queries: [], ...framed(withheld) });
    // Drawn over by the browser, never hydrated (page.ts): no part of it waits for hydration.
    const html = frame.html.replaceAll(` ${HYDRATION_PENDING_ATTRIBUTE}=""`, '');
    return Promise.resolve({ ...framedPage({ ...frame, html }, '', [], viewportWidth, undefined), skeleton: true });
  } catch (error) {
    console.error(`[edge] the shell's frame for ${pathname} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return Promise.resolve(null);
  }
}

/** The frame's embeds as a request's field: none when the shell embeds nothing. */
export const framed = (embedded: ShellRenderRequest['embedded']) => (embedded ? { embedded } : {});

/** The shell's frame drawn around a region: the page, its styles in cascade order, and the answers it was drawn with. */
export function framedPage(frame: ReturnType<ShellServerBundle['renderShellPage']>, regionCss: string, queries: ServerQueryEntry[], viewportWidth: number, status: number | undefined): RenderedPage {
  return {
    html: frame.html,
    css: `${frame.css}\n${regionCss}`,
    queries,
    viewportWidth,
    ...(frame.head ? { head: frame.head } : {}),
    ...(status ? { status } : {}),
  };
}

/**
 * A page's first screen drawn whole (`renderPage`): its region by the server container of the
 * version of its remote the composition names (or of that one's fallback), what the region said of
 * whom it is the same page for and of the lists it shows, and the shell's frame around it; or a
 * page of the shell's own.
 */
import { pageModuleForPath } from 'shell/routes';
import type { RegionRender, ServerRenderedRegion, ShellRenderRequest, ShopperList } from '@storefront/shared/ssr/contract';
import { isShopperList } from '@storefront/shared/ssr/shopper-lists';
import { isRemote } from '@storefront/release-state';
import { countRenderFailure } from './renderFailures';
import { embeddedFrom, frameEmbedsFor, framed, framedPage, type RenderOptions } from './pageFrame';
import type { PageRequest, RenderedPage } from './renderedPage';
import { withTimeout } from './withTimeout';

/**
 * Whom a region said it is the same page for (RegionRender.forAnyone, forEmptyLists), if it said it
 * in a way this edge knows: a list it does not know (a newer bundle's) makes it its shopper's alone.
 */
function sameFor(region: Pick<RegionRender, 'forAnyone' | 'forEmptyLists'>): Pick<RenderedPage, 'forAnyone' | 'forEmptyLists'> {
  if (region.forAnyone === true) return { forAnyone: true };
  const lists: unknown = region.forEmptyLists;
  return Array.isArray(lists) && lists.length > 0 && lists.every(isShopperList) ? { forEmptyLists: [...lists] } : {};
}

/**
 * Renders a page's first screen, or null: no page module for this path, neither the composed
 * version of its remote nor its fallback has a server container that loads, the region was not
 * rendered, or it took longer than `timeoutMs`. A region drawn by the fallback is marked with the
 * fallback's version (the browser draws it afresh if it loads another).
 */
export async function renderPage(
  request: PageRequest,
  { shell, loadRemoteBundle, timeoutMs }: RenderOptions,
): Promise<RenderedPage | null> {
  const page = pageModuleForPath(request.pathname);
  // Asked while the region is drawn: the frame around it needs them.
  const embedded = frameEmbedsFor(request, shell, loadRemoteBundle, timeoutMs);
  if (!page) return ownPage(request, shell, await embedded, timeoutMs);
  const composed = request.remotes[page.remote];
  if (!composed) return null;
  const fallback = request.fallbacks?.[page.remote];
  // The version whose container drew the region: the composed one, or its fallback when the composed one's cannot be had.
  let drawnWith = composed;
  const region = await withTimeout(
    (async (): Promise<RegionRender | null> => {
      let bundle = await loadRemoteBundle(page.remote, composed);
      if (!bundle && isRemote(page.remote)) countRenderFailure(page.remote, composed.version, request.arm);
      if (!bundle && fallback && fallback.manifest !== composed.manifest) {
        bundle = await loadRemoteBundle(page.remote, fallback);
        if (bundle) drawnWith = fallback;
      }
      if (!bundle) return null;
      const { pathname, search, config, viewportWidth, cookie } = request;
      return bundle.renderRegion({ module: page.module, pathname, search, config, viewportWidth, ...(cookie ? { cookie } : {}), embedded: embeddedFrom(request, loadRemoteBundle) });
    })(),
    timeoutMs,
  ).catch((error: unknown) => {
    if (isRemote(page.remote)) countRenderFailure(page.remote, drawnWith.version, request.arm);
    console.error(`[edge] ${page.remote} ${drawnWith.version} (${page.module}) failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!region) return null;
  const rendered: ServerRenderedRegion = { remote: page.remote, module: page.module, version: drawnWith.version, html: region.html };
  const answers = Array.isArray(region.queries) ? region.queries : [];
  const frame = shell.renderShellPage({ pathname: request.pathname, search: request.search, viewportWidth: request.viewportWidth, config: request.config, region: rendered, queries: answers, ...framed(await embedded) });
  const status = typeof region.status === 'number' && region.status >= 200 && region.status < 600 ? region.status : undefined;
  const same = sameFor(region);
  const shows: unknown = region.showsLists;
  const shownLists = same.forEmptyLists && Array.isArray(shows) && shows.every(isShopperList) ? [...shows] : undefined;
  const productsShown = shownLists ? productsShownOf(region, shownLists) : undefined;
  const showsLists = productsShown ? shownLists?.filter((list) => !Object.hasOwn(productsShown, list)) : shownLists;
  return {
    ...framedPage(frame, region.css, answers, request.viewportWidth, status),
    ...same,
    ...(showsLists ? { showsLists } : {}),
    // A guest's page is kept with its region, for shoppers to get it in a frame of their own.
    ...(showsLists && !request.cookie ? { region: { drawn: rendered, css: region.css, queries: answers, shows: showsLists, ...(productsShown ? { productsShown } : {}), ...(status ? { status } : {}) } } : {}),
  };
}

/**
 * A page of the shell's own (ShellServerBundle.renderOwnPage: the shop's information pages), or
 * null: the shell does not draw it on the server, or not within `timeoutMs`. Never a shared
 * region: it is drawn whole, for guests or for the shopper whose lists the header counts.
 */
async function ownPage(request: PageRequest, shell: RenderOptions['shell'], embedded: ShellRenderRequest['embedded'], timeoutMs: number): Promise<RenderedPage | null> {
  if (!shell.renderOwnPage) return null;
  const { pathname, search, viewportWidth, config, cookie } = request;
  const drawn = await withTimeout(shell.renderOwnPage({ pathname, search, viewportWidth, config, ...(cookie ? { cookie } : {}), ...framed(embedded) }), timeoutMs).catch((error: unknown) => {
    console.error(`[edge] the shell's page ${pathname} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!drawn) return null;
  const queries = Array.isArray(drawn.queries) ? drawn.queries : [];
  const status = typeof drawn.status === 'number' && drawn.status >= 200 && drawn.status < 600 ? drawn.status : undefined;
  return { ...framedPage(drawn, '', queries, viewportWidth, status), ...sameFor(drawn) };
}

/**
 * Of the lists a region's HTML shows, those it says it shows only some products' places in
 * (RegionRender.cartLinesOf, wishlistItemsOf), with those products; undefined when none. A list of
 * products not shaped as one is not taken: the region then shows all of that list.
 */
function productsShownOf(region: RegionRender, shown: readonly ShopperList[]): Partial<Record<ShopperList, string[]>> | undefined {
  const said: Record<ShopperList, unknown> = { cart: region.cartLinesOf, wishlist: region.wishlistItemsOf };
  const lists = shown.flatMap((list) => {
    const products = said[list];
    return Array.isArray(products) && products.every((id) => typeof id === 'string') ? [[list, [...products]] as const] : [];
  });
  return lists.length > 0 ? Object.fromEntries(lists) : undefined;
}

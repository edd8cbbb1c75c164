/**
 * For server bundles only (never imported by browser code): renders a region or the shell's frame
 * to HTML with the store and the address it is for.
 */
import type { ComponentType, ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { matchPath, Route, Routes, StaticRouter } from 'react-router-dom';
import { baseApi, type ProductPage } from '../api/baseApi';
import { createStorefrontStore, type AppStore, type RootState } from '../store/createStore';
import { sampleDataSlice } from '../store/sampleDataSlice';
import type { Product } from '../types';
import { collectedCss } from './collectedCss';
import { PageStatusContext, type PageStatus } from './pageStatus';
import { EmbedderContext, embeddedKey, embedderOf, type EmbeddableComponent, type EmbeddedModuleRef, type ModuleEmbedder } from '../federation/embedder';
import type { RegionRender, RegionRenderRequest, RemoteServerBundle, ServerQueryEntry, ShellRenderRequest, ShellServerBundle, ShopperList } from './contract';
import { isShopperList, SHOPPER_LISTS } from './shopperLists';
import { ServerViewportWidth } from './viewport';

export interface ServerPage {
  pathname: string;
  search: string;
  viewportWidth: number;
}

/** `element` as HTML, inside the store, the router (at the page's address) and the viewport width. */
export { collectedCss } from './collectedCss';

export function renderPageElement(element: ReactElement, store: AppStore, { pathname, search, viewportWidth }: ServerPage, readAnswer?: (cacheKey: string | null) => void): string {
  const serverState = readAnswer ? withAnswersWatched(store.getState(), readAnswer) : undefined;
  return renderToString(
    <Provider store={store} {...(serverState ? { serverState } : {})}>
      <StaticRouter location={{ pathname, search }}>
        <ServerViewportWidth value={viewportWidth}>{element}</ServerViewportWidth>
      </StaticRouter>
    </Provider>,
  );
}

/**
 * The store's state, telling `readAnswer` of each of the api slice's answers the render reads (its
 * cache key, "getWishlist(undefined)"), or null when the render goes through all of them. The
 * render reads it (react-redux's `serverState`: what `useSelector` reads on the server), so what
 * the page's HTML was drawn from is known, not only what was asked for.
 */
function withAnswersWatched(state: RootState, readAnswer: (cacheKey: string | null) => void): RootState {
  const api = state[baseApi.reducerPath];
  const queries = new Proxy(api.queries, {
    get(target, key, receiver) {
      if (typeof key === 'string') readAnswer(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys(target) {
      readAnswer(null);
      return Reflect.ownKeys(target);
    },
  });
  return { ...state, [baseApi.reducerPath]: { ...api, queries } };
}

/** The shopper's lists whose answers a render read (the cache keys `withAnswersWatched` told of); every list when it read them all. */
function listsRead(cacheKeys: ReadonlySet<string | null>): ShopperList[] {
  if (cacheKeys.has(null)) return Object.keys(SHOPPER_LISTS).sort() as ShopperList[];
  const endpoints = new Set([...cacheKeys].map((key) => key?.split('(')[0]));
  return (Object.entries(SHOPPER_LISTS) as [ShopperList, string][]).filter(([, endpoint]) => endpoints.has(endpoint)).map(([list]) => list).sort();
}

export interface ServerRenderedModule {
  /** The route the shell renders it at ("/shop/*"), so its useParams reads what it does there. */
  path: string;
  Component: ComponentType;
  /** The module's own `prefetchPageData`: the data its first render shows. */
  prefetchPageData?: (store: AppStore, location: { pathname: string; search: string }) => Promise<unknown>;
  /**
   * The products whose cart lines are all its page shows of the cart, once its data is in
   * (RegionRender.cartLinesOf): a product page's own. Without it, a page that read the cart shows all of it.
   */
  cartLinesShown?: (store: AppStore, location: { pathname: string; search: string }) => string[];
  /**
   * The products whose place in the wishlist is all its page shows of the wishlist, once its data
   * is in (RegionRender.wishlistItemsOf): a card's heart, a product page's wishlist button (for
   * pages that show products only, `productsInAnswers`). Without it, a page that read the wishlist
   * shows all of it.
   */
  wishlistItemsShown?: (store: AppStore, location: { pathname: string; search: string }) => string[];
  /** Other remotes' modules its page embeds (federation/embedded.tsx): loaded before the render, so the server draws them too. */
  embeds?: readonly EmbeddedModuleRef[];
}

/** How long a render waits for another remote's module it embeds; past it, the page draws its "unavailable". */
const EMBED_WAIT_MS = 3000;

/**
 * The modules a page embeds, as the host lends them (RegionRenderRequest.embedded), drawn as
 * `frameEmbeds` draws a frame's: one that fails or is slow is null, and the page draws its
 * "unavailable" in its place.
 */
async function loadEmbeds(embeds: readonly EmbeddedModuleRef[], embedded: RegionRenderRequest['embedded']): Promise<ReturnType<typeof frameEmbeds>> {
  const loaded = await Promise.all(
    embeds.map(async (ref) => {
      if (!embedded) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), EMBED_WAIT_MS);
      });
      try {
        return await Promise.race([embedded(ref).catch(() => null), late]);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return frameEmbeds(Object.fromEntries(embeds.map((ref, index) => [embeddedKey(ref.remote, ref.module), loaded[index] ?? null])));
}

/**
 * The modules the edge loaded for a frame (ShellRenderRequest.embedded) as the embedder its render
 * draws them with, and their stylesheets: a module not among them is drawn as its "unavailable".
 */
export function frameEmbeds(embedded: ShellRenderRequest['embedded']): { embedder: ModuleEmbedder; css: string[] } {
  const components: Record<string, EmbeddableComponent | null> = {};
  const css = new Set<string>();
  for (const [key, module] of Object.entries(embedded ?? {})) {
    components[key] = module?.Component ?? null;
    if (module?.css) css.add(module.css);
  }
  return { embedder: embedderOf(components), css: [...css] };
}

/**
 * Every product in the store's product answers (a listing's, a product's), lower case: for a page
 * whose HTML shows a product's place in the wishlist only beside that product (a card's heart),
 * the products whose place it can show.
 */
export function productsInAnswers(store: AppStore): string[] {
  const ids = new Set<string>();
  for (const entry of Object.values(store.getState()[baseApi.reducerPath].queries)) {
    if (entry?.status !== 'fulfilled' || entry.data === undefined) continue;
    if (entry.endpointName === 'getProducts') for (const product of (entry.data as ProductPage).products) ids.add(product.id.toLowerCase());
    if (entry.endpointName === 'getProduct') ids.add((entry.data as Product).id.toLowerCase());
  }
  return [...ids];
}

/**
 * The answers the render's store holds, to send with the page (contract.ts). Not a read the api
 * failed and sample data answered: the browser asks the api for that one itself.
 */
export function fulfilledQueries(store: AppStore): ServerQueryEntry[] {
  const state = store.getState();
  const sampled = new Set(state[sampleDataSlice.reducerPath].endpoints);
  return Object.values(state[baseApi.reducerPath].queries).flatMap((entry) =>
    entry?.status === 'fulfilled' && entry.data !== undefined && !sampled.has(entry.endpointName)
      ? [{ endpointName: entry.endpointName, arg: entry.originalArgs, value: entry.data }]
      : [],
  );
}

/**
 * Ends a server render's store: RTK Query would keep its answers, with a timer each, for a minute
 * after the render, and a request still running (one that came too late) is stopped.
 */
export function releaseStore(store: AppStore): void {
  store.dispatch(baseApi.util.resetApiState());
}

/**
 * Whether a read the api failed was answered with sample data (the store's stand-in when the api
 * cannot be reached). A page drawn so is not sent: the browser draws it, with the banner that
 * says so, rather than sample data sent as the shop's own.
 */
export function usedSampleData(store: AppStore): boolean {
  return store.getState()[sampleDataSlice.reducerPath].endpoints.length > 0;
}

/** Node's fetch, sending the shopper's cookies with each request, as their browser would. */
export function withCookie(cookie: string | undefined): typeof fetch {
  if (!cookie) return fetch;
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set('cookie', cookie);
    return fetch(request);
  };
}

/** `next`, but a GET of one of the shopper's lists whose answer is `known` (the api's text) is answered with it, unasked. */
function answeringFrom(known: Partial<Record<ShopperList, string>>, apiBase: string | undefined, next: typeof fetch): typeof fetch {
  if (!apiBase) return next;
  const answers = new Map<string, string>();
  for (const [list, text] of Object.entries(known)) {
    if (isShopperList(list) && typeof text === 'string') answers.set(new URL(`${apiBase.replace(/\/$/, '')}/${list}`).href, text);
  }
  if (answers.size === 0) return next;
  return (input, init) => {
    const request = new Request(input, init);
    const text = request.method === 'GET' ? answers.get(request.url) : undefined;
    return text === undefined ? next(request) : Promise.resolve(new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }));
  };
}

/**
 * The api slice's reads whose answer is the same whoever asks: the catalogue (the api answers them
 * without reading the shopper's session). A region that asked for nothing else is the same page
 * for every shopper (RegionRender.forAnyone). An endpoint left out only costs its pages a render
 * per shopper; one put in wrongly would give a shopper a guest's page, so list only the catalogue.
 */
export const ANYONES_ENDPOINTS: ReadonlySet<string> = new Set(['getProducts', 'getProduct', 'getColours', 'getSizes', 'getCategories', 'getProductFacets', 'getSearchSuggestions']);

/** The api slice's reads of the shopper's lists, and the list each reads (SHOPPER_LISTS). */
const LIST_OF_ENDPOINT: ReadonlyMap<string, ShopperList> = new Map(Object.entries(SHOPPER_LISTS).map(([list, endpoint]) => [endpoint, list as ShopperList]));

/**
 * Whom the store's region is the same page for, from every request it made (asked, answered or
 * failed), if it wrote nothing: anyone, when all were `anyones` (the catalogue's, unless a page
 * names its own reads that are the same for everyone); a shopper whose lists are empty, when the
 * others were only their lists (which ones); otherwise none but this shopper.
 */
export function sameFor(store: AppStore, anyones: ReadonlySet<string> = ANYONES_ENDPOINTS): Pick<RegionRender, 'forAnyone' | 'forEmptyLists'> {
  const api = store.getState()[baseApi.reducerPath];
  if (Object.keys(api.mutations).length > 0) return {};
  const endpoints = new Set(Object.values(api.queries).map((entry) => entry?.endpointName));
  const others = [...endpoints].filter((endpoint) => endpoint === undefined || !anyones.has(endpoint));
  if (others.length === 0) return { forAnyone: true };
  const lists = others.map((endpoint) => (endpoint === undefined ? undefined : LIST_OF_ENDPOINT.get(endpoint)));
  return lists.every((list) => list !== undefined) ? { forEmptyLists: lists.sort() } : {};
}

/**
 * The header's counts of the shopper's cart and wishlist, on every page: a region's render asks
 * for them beside its own data, so the shell's frame drawn around it (ShellRenderRequest.queries)
 * counts the shopper's lists, as the browser's render then does, rather than a guest's none.
 */
export function prefetchHeaderCounts(store: AppStore): Promise<unknown> {
  const reads = [store.dispatch(baseApi.endpoints.getCart.initiate()), store.dispatch(baseApi.endpoints.getWishlist.initiate())];
  return Promise.all(reads.map((read) => read.unwrap().catch(() => undefined))).finally(() => {
    for (const read of reads) read.unsubscribe();
  });
}

/**
 * The shopper's cart and wishlist as the header reads them (ShellServerBundle.shopperListAnswers):
 * asked of the api with their cookie, but those whose answers the edge already has (`known`);
 * null when either could not be read.
 */
export async function shopperListAnswers({ config, cookie, known = {} }: Parameters<NonNullable<ShellServerBundle['shopperListAnswers']>>[0]): Promise<ServerQueryEntry[] | null> {
  const store = createStorefrontStore({ config, fetchFn: answeringFrom(known, config.apiBase, withCookie(cookie)) });
  try {
    await prefetchHeaderCounts(store);
    if (usedSampleData(store)) return null;
    const answers = fulfilledQueries(store).filter((entry) => LIST_OF_ENDPOINT.has(entry.endpointName));
    return answers.length === LIST_OF_ENDPOINT.size ? answers : null;
  } finally {
    releaseStore(store);
  }
}

/**
 * A remote's `renderRegion` for the modules it lists. Each render has a store of its own, fetching
 * from the api at the absolute address the shell's server gives.
 */
export function regionRenderer(modules: Record<string, ServerRenderedModule>): RemoteServerBundle['renderRegion'] {
  return async (request: RegionRenderRequest) => {
    const rendered = Object.hasOwn(modules, request.module) ? modules[request.module] : undefined;
    if (!rendered || !matchPath(rendered.path, request.pathname)) return null;
    const store = createStorefrontStore({ config: request.config, fetchFn: withCookie(request.cookie) });
    // Set by the page while it renders, when it shows its not-found screen (pageStatus.tsx).
    const status: PageStatus = { code: 200 };
    try {
      const [embeds] = await Promise.all([loadEmbeds(rendered.embeds ?? [], request.embedded), rendered.prefetchPageData?.(store, request), prefetchHeaderCounts(store)]);
      // The shell's frame here cannot show the sample data banner: the browser draws such a page.
      if (usedSampleData(store)) return null;
      const read = new Set<string | null>();
      const html = renderPageElement(
        <PageStatusContext value={status}>
          <EmbedderContext value={embeds.embedder}>
            <Routes>
              <Route path={rendered.path} element={<rendered.Component />} />
            </Routes>
          </EmbedderContext>
        </PageStatusContext>,
        store,
        request,
        (cacheKey) => read.add(cacheKey),
      );
      if (!html) return null;
      const same = sameFor(store);
      const shows = same.forEmptyLists ? listsRead(read) : undefined;
      const cartLinesOf = shows?.includes('cart') ? rendered.cartLinesShown?.(store, request) : undefined;
      const wishlistItemsOf = shows?.includes('wishlist') ? rendered.wishlistItemsShown?.(store, request) : undefined;
      return {
        html,
        css: [collectedCss(), ...embeds.css].join('\n'),
        queries: fulfilledQueries(store),
        ...(status.code === 200 ? {} : { status: status.code }),
        ...same,
        ...(shows ? { showsLists: shows } : {}),
        ...(cartLinesOf ? { cartLinesOf } : {}),
        ...(wishlistItemsOf ? { wishlistItemsOf } : {}),
      };
    } finally {
      releaseStore(store);
    }
  };
}

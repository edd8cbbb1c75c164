/**
 * The shell's server bundle (dist/server/render.js): its header, footer and page frame rendered to
 * HTML around the region a remote's server container rendered (shared/src/ssr/contract.ts). The
 * edge (edge/src/serverRender.ts) sends the result as the page's first screen. It hosts the
 * remotes' server containers too (serverFederation.ts).
 */
import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore, EmbedderContext, type AppStore, type ShellServerBundle } from '@storefront/shared';
import {
  ANYONES_ENDPOINTS,
  collectedCss,
  frameEmbeds,
  fulfilledQueries,
  prefetchHeaderCounts,
  releaseStore,
  renderPageElement,
  sameFor,
  usedSampleData,
  withCookie,
} from '@storefront/shared/ssr/server';
import { shopApi } from './api/shopApi';
import { Frame } from './app/App';
import { pageHeadFor, productRefFor } from './app/pageMeta';
import { upsertAnswers } from './app/serverQueries';
import { serverDrawnViewAt } from './app/serverDrawnPages';
import { ShellPageViewsContext, type ShellPageView, type ShellPageViews } from './app/shellPageViews';
import { AboutPage } from './pages/AboutPage';
import { ContactPage } from './pages/ContactPage';
import { LegalPages } from './pages/legal/LegalPages';
import { NewsletterPages } from './pages/newsletter/NewsletterPages';
import { NotFoundPage } from './pages/NotFoundPage';
import * as DesktopHeader from './layout/DesktopHeader';
import { desktopHeader } from './layout/laterParts';
import { ServerRegionContext } from './layout/serverRegion';
import { FRAME_EMBEDS } from './layout/frameEmbeds';

export { shopperListAnswers } from '@storefront/shared/ssr/server';
export { dropServerRemote, loadServerRemote } from './serverFederation';

// A desktop's header is drawn with its menu and search box: the server cannot wait for their chunk.
desktopHeader.provide(DesktopHeader);

function isNamed(value: unknown): value is { name: string; short_description?: string } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

/** What the frame draws of other remotes (the cart's wishlist and cart in the header): the edge loads them first. */
export const embeds: NonNullable<ShellServerBundle['embeds']> = FRAME_EMBEDS;

export const renderShellPage: ShellServerBundle['renderShellPage'] = (request) => {
  // Nobody is known on the server: the header shows a shopper who is not signed in, with no counts yet…
  const store = createStorefrontStore({ config: request.config });
  const lent = frameEmbeds(request.embedded);
  try {
    // …unless the page's region asked the api as this shopper: then the header counts their cart.
    upsertAnswers(store, request.queries ?? []);
    const html = renderPageElement(
      <EmbedderContext value={lent.embedder}>
        <ServerRegionContext value={{ region: request.region }}>
          <Frame />
        </ServerRegionContext>
      </EmbedderContext>,
      store,
      request,
    );
    // The page's title and description go in its head (edge/src/page.ts): a product's from the product the region read.
    const productRef = productRefFor(request.pathname, request.search);
    const product = productRef ? request.queries?.find((entry) => entry.endpointName === 'getProduct' && entry.arg === productRef)?.value : undefined;
    const head = pageHeadFor(request.pathname, isNamed(product) ? product : undefined);
    return { html, css: [collectedCss(), ...lent.css].join('\n'), head };
  } finally {
    releaseStore(store);
  }
};

/** The shell's pages drawn at once: the server cannot wait for a chunk. */
const VIEWS: ShellPageViews = { AboutPage, ContactPage, LegalPages, NewsletterPages, NotFoundPage };

/** The shell's reads that are the same whoever asks: the shop's disclosures. */
const SHELL_ANYONES: ReadonlySet<string> = new Set([...ANYONES_ENDPOINTS, shopApi.endpoints.getShellDisclosures.name]);

/** The shop's disclosures, asked before the page is drawn; false when the api did not give them. */
async function disclosuresRead(store: AppStore): Promise<boolean> {
  const read = store.dispatch(shopApi.endpoints.getShellDisclosures.initiate());
  try {
    return (await read).isSuccess;
  } finally {
    read.unsubscribe();
  }
}

/** What each server-drawn page shows of the api's, asked first: the about, contact and legal pages show the shop's details. */
const PAGE_DATA: Readonly<Record<ShellPageView, ((store: AppStore) => Promise<boolean>) | undefined>> = {
  AboutPage: disclosuresRead,
  ContactPage: disclosuresRead,
  LegalPages: disclosuresRead,
  NewsletterPages: undefined,
  NotFoundPage: undefined,
};

export const renderOwnPage: NonNullable<ShellServerBundle['renderOwnPage']> = async (request) => {
  const view = serverDrawnViewAt(request.pathname);
  if (!view) return null;
  const store = createStorefrontStore({ config: request.config, fetchFn: withCookie(request.cookie) });
  try {
    // The header counts the shopper's cart and wishlist, as on every page the server draws.
    const [read] = await Promise.all([PAGE_DATA[view]?.(store) ?? true, prefetchHeaderCounts(store)]);
    // Without its data the page would show its error state: the browser draws it, and asks again.
    if (!read || usedSampleData(store)) return null;
    const lent = frameEmbeds(request.embedded);
    const html = renderPageElement(
      <EmbedderContext value={lent.embedder}>
        <ShellPageViewsContext value={VIEWS}>
          <ServerRegionContext value={{ region: null }}>
            <Frame />
          </ServerRegionContext>
        </ShellPageViewsContext>
      </EmbedderContext>,
      store,
      request,
    );
    return { html, css: [collectedCss(), ...lent.css].join('\n'), queries: fulfilledQueries(store), head: pageHeadFor(request.pathname), ...sameFor(store, SHELL_ANYONES) };
  } finally {
    releaseStore(store);
  }
};

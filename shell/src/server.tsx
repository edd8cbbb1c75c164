/**
 * The shell's server bundle (dist/server/render.js): its header, footer and page frame rendered to
 * HTML around the region a remote's server container rendered (shared/src/ssr/contract.ts). The
 * edge (edge/src/serverRender.ts) sends the result as the page's first screen. It hosts the
 * remotes' server containers too (serverFederation.ts).
 */
import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore, type ShellServerBundle } from '@storefront/shared';
import { collectedCss, releaseStore, renderPageElement } from '@storefront/shared/ssr/server';
import { Frame } from './app/App';
import { pageHeadFor, productRefFor } from './app/pageMeta';
import { upsertAnswers } from './app/serverQueries';
import * as DesktopHeader from './layout/DesktopHeader';
import { desktopHeader } from './layout/laterParts';
import { ServerRegionContext } from './layout/serverRegion';

export { shopperListAnswers } from '@storefront/shared/ssr/server';
export { dropServerRemote, loadServerRemote } from './serverFederation';

// A desktop's header is drawn with its menu and search box: the server cannot wait for their chunk.
desktopHeader.provide(DesktopHeader);

function isNamed(value: unknown): value is { name: string; short_description?: string } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

export const renderShellPage: ShellServerBundle['renderShellPage'] = (request) => {
  // Nobody is known on the server: the header shows a shopper who is not signed in, with no counts yet…
  const store = createStorefrontStore({ config: request.config });
  try {
    // …unless the page's region asked the api as this shopper: then the header counts their cart.
    upsertAnswers(store, request.queries ?? []);
    const html = renderPageElement(
      <ServerRegionContext value={{ region: request.region }}>
        <Frame />
      </ServerRegionContext>,
      store,
      request,
    );
    // The page's title and description go in its head (edge/src/page.ts): a product's from the product the region read.
    const productRef = productRefFor(request.pathname, request.search);
    const product = productRef ? request.queries?.find((entry) => entry.endpointName === 'getProduct' && entry.arg === productRef)?.value : undefined;
    const head = pageHeadFor(request.pathname, isNamed(product) ? product : undefined);
    return { html, css: collectedCss(), head };
  } finally {
    releaseStore(store);
  }
};

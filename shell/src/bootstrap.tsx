import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore, DEFAULT_CONFIG } from '@storefront/shared';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchWithEarlyAnswers } from './app/earlyAnswers';
import { prefetchPageData } from './app/prefetchPageData';
import { settleShopperCookie } from './app/shopperIdentity';
import { requestComposition } from './federation/compositionRequest';
import { prefetchRemotePageData, startLoadingRemoteModules } from './federation/remoteComponent';
import { modulesForThisPage } from './federation/thisPage';

/**
 * How long the first render waits, once the composition is in, for the page's remote modules
 * (preloaded by index.html) and its first data: the cart, and on a product page the product,
 * asked for by the entry; and what the page's own module asks for once it has arrived (the
 * shop's products, federation/pageData.ts). Normally all are in by the time the shell's own
 * scripts have run, and the first paint is the page itself: no skeleton first, and no wait for
 * React's reveal throttle after one. A slower remote or api gets the header and a skeleton after this, and the region's
 * "taking longer" message SLOW_REGION_MS later.
 */
const FIRST_RENDER_WAITS_FOR_PAGE_MS = 600;

async function start() {
  const composition = await requestComposition();
  const waitedLongEnough = new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_FOR_PAGE_MS));
  const modules = modulesForThisPage();
  const pageModules = startLoadingRemoteModules(modules);
  await settleShopperCookie(composition.config?.apiBase ?? DEFAULT_CONFIG.apiBase);
  const store = createStorefrontStore({ config: composition.config ?? {}, fetchFn: fetchWithEarlyAnswers });
  const pageData = Promise.all([prefetchPageData(store, window.location), prefetchRemotePageData(modules, store, window.location)]);
  await Promise.race([Promise.all([pageModules, pageData]), waitedLongEnough]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container, {
    // A region's error boundary catches a failing remote, shows the shopper a message and logs the
    // failure once with its component stack; React's own long report of it would be a second copy.
    onCaughtError: () => undefined,
  });
  // A transition: the first render yields to the browser every few milliseconds instead of
  // holding the main thread for all of it, so a tap on the server's first screen
  // (scripts/lib/serverRender.ts) is not kept waiting behind it.
  startTransition(() => root.render(<App store={store} preview={composition.preview} />));
}

void start();

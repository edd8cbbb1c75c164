import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore, DEFAULT_CONFIG } from '@storefront/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchPageData } from './app/prefetchPageData';
import { requestComposition } from './federation/compositionRequest';
import { preloadModules, registerComposition } from './federation/remoteComponent';
import { modulesForPath } from './federation/routeModules';

/** How long the shell waits for the api to settle the shopper cookie before rendering anyway. */
const IDENTITY_WAIT_MS = 2000;

/**
 * A first visit has no shopper cookie, and the page's first api calls go out together: each would
 * be handed a different new shopper, and whichever answer came last would win. One call first,
 * made while the composition loads, settles the cookie; the rest then carry it.
 */
function settleShopperCookie(apiBase: string): Promise<unknown> {
  return fetch(`${apiBase}/health`, { credentials: 'include', signal: AbortSignal.timeout(IDENTITY_WAIT_MS) }).catch(() => undefined);
}

async function start() {
  const identity = settleShopperCookie(DEFAULT_CONFIG.apiBase);
  const composition = await requestComposition();
  registerComposition(composition);
  // The manifests, remote entries and chunks this page needs, fetched side by side now rather than
  // one after the other once React renders the regions.
  preloadModules(modulesForPath(window.location.pathname));
  const apiBase = composition.config?.apiBase ?? DEFAULT_CONFIG.apiBase;
  await (apiBase === DEFAULT_CONFIG.apiBase ? identity : settleShopperCookie(apiBase));
  const store = createStorefrontStore({ config: composition.config ?? {} });
  prefetchPageData(store, window.location);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    // A region's error boundary catches a failing remote, shows the shopper a message and logs the
    // failure once with its component stack; React's own long report of it would be a second copy.
    onCaughtError: () => undefined,
  }).render(<App store={store} preview={composition.preview} />);
}

void start();

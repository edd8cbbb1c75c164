import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore, DEFAULT_CONFIG } from '@storefront/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchPageData } from './app/prefetchPageData';
import { settleShopperCookie } from './app/shopperIdentity';
import { requestComposition } from './federation/compositionRequest';
import { startLoadingRemoteModules } from './federation/remoteComponent';
import { modulesForThisPage } from './federation/thisPage';

async function start() {
  const composition = await requestComposition();
  startLoadingRemoteModules(modulesForThisPage());
  await settleShopperCookie(composition.config?.apiBase ?? DEFAULT_CONFIG.apiBase);
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

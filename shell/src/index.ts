// First: the remotes run on this federation runtime (they are built with externalRuntime).
import '@storefront/shared/federation-runtime';
import { requestPageDataEarly } from './app/earlyAnswers';
import { nextTask } from './app/nextTask';
import { SHELL_API_BASE, settleShopperCookie } from './app/shopperIdentity';
import { requestComposition } from './federation/compositionRequest';

// Ask for the composition, the shopper cookie and the page's first data now, while the bootstrap
// chunks download (they need no shared module).
void requestComposition();
void settleShopperCookie(SHELL_API_BASE);
requestPageDataEarly(SHELL_API_BASE, window.location);
// Async boundary: shared singletons are negotiated before any of them is used. In a task of its
// own: the negotiation and the chunks' script tags are tens of milliseconds on a phone, and the
// chunks are preloaded by index.html already.
void nextTask().then(() => import('./bootstrap'));

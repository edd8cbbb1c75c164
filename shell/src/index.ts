// First: the remotes run on this federation runtime (they are built with externalRuntime).
import '@storefront/shared/federation-runtime';
import { SHELL_API_BASE, settleShopperCookie } from './app/shopperIdentity';
import { requestComposition } from './federation/compositionRequest';

// Ask for the composition and the shopper cookie now, while the bootstrap chunks download (they
// need no shared module).
void requestComposition();
void settleShopperCookie(SHELL_API_BASE);
// Async boundary: shared singletons are negotiated before any of them is used.
import('./bootstrap');

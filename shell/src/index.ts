// First: the remotes run on this federation runtime (they are built with externalRuntime).
import '@storefront/shared/federation-runtime';
import { requestComposition } from './federation/compositionRequest';

// Ask for the composition now, while the bootstrap chunks download (it needs no shared module).
void requestComposition();
// Async boundary: shared singletons are negotiated before any of them is used.
import('./bootstrap');

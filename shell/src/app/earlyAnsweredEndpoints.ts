/**
 * The api slice's endpoints for what the entry asks for early (earlyAnswers.ts: the product and
 * the cart). Their answers must reach the store through the first request for them: an early
 * answer nobody took would be handed, stale, to a later request (after an add to cart, say). So
 * the browser's store does not start with the server's answers for them (serverQueries.ts), though
 * its hydration draws with them (hydration.ts). A module of its own: the shell's server (Node) reads it too.
 */
export const EARLY_ANSWERED_ENDPOINTS: ReadonlySet<string> = new Set(['getProduct', 'getCart']);

/**
 * The browser specs `npm test` cannot run among the others (scripts/lib/testStages.ts): those
 * that change what a whole store serves run one at a time on a store of their own, beside the
 * others; those that time a shopper's wait run alone, after them.
 */

/**
 * The specs that change what the whole store serves: they release, set, roll back or rewrite the
 * live composition. While one runs, any other spec's pages on that store would come from the
 * remote versions it composed, so they run one at a time, on a second store the other specs never
 * load. scripts/testStages.test.ts fails when a spec that composes is missing here.
 */
const COMPOSING = ['composedIn.spec.ts', 'cartRelease.spec.ts', 'releases.spec.ts', 'releaseSafety.spec.ts', 'canary.spec.ts', 'environments.spec.ts'];

/**
 * The specs that add products to the store's catalogue: beside them, a spec that counts the
 * catalogue (the sitemap against the listing's total, a listing's pages) would count a product
 * that came between its two reads. On the second store, no spec counts it.
 */
const ADDING_PRODUCTS = ['catalogueImport.spec.ts', 'operatorCatalogue.spec.ts'];

/** One at a time, on a store of their own, beside the specs that run two at a time. */
export const OWN_STORE_SPECS: readonly string[] = [...COMPOSING, ...ADDING_PRODUCTS];

/**
 * The specs that time, on the real clock, what a shopper waits for: a failed region's message
 * within 3 s, a toast's 3 s. Beside another spec on two busy cores they miss by a few hundred
 * milliseconds what a shopper's phone meets. So too the server render's check that hydration
 * moves nothing on a 4×-slowed phone: the order its stylesheets arrive in is the phone's, not a
 * machine's shared with another browser (seen once to shift the shop's toolbar there). And the
 * hydration spec, whose forty-odd pages must come drawn by the server to be hydrated: on two busy
 * cores a render can miss the server's render limit, and the page then comes undrawn. They run
 * alone, one at a time, after every other spec.
 */
export const ALONE_SPECS: readonly string[] = ['hydration.spec.ts', 'resilience.spec.ts', 'shell.spec.ts', 'serverRender.spec.ts'];

/** What in a spec's source marks it as one that composes: the compose command, or the composition file written or removed. */
export const COMPOSES = /\bcompose\(|writeFile\(compositionFile\(\)|removeComposition\(/;

/**
 * The browser specs `npm test` runs one at a time, alone, after the others have run side by side
 * (scripts/lib/testStages.ts).
 */

/**
 * The specs that change what the whole store serves: they release, set, roll back or rewrite the
 * live composition. While one runs, any other spec's pages would come from the remote versions it
 * composed. scripts/testStages.test.ts fails when a spec that composes is missing here.
 */
const COMPOSING = ['composedIn.spec.ts', 'cartRelease.spec.ts', 'releases.spec.ts', 'releaseSafety.spec.ts', 'canary.spec.ts', 'environments.spec.ts'];

/**
 * The specs that time, on the real clock, what a shopper waits for: a failed region's message
 * within 3 s, a toast's 3 s. Beside another spec on two busy cores they miss by a few hundred
 * milliseconds what a shopper's phone meets. So too the server render's check that hydration
 * moves nothing on a 4×-slowed phone: the order its stylesheets arrive in is the phone's, not a
 * machine's shared with another browser (seen once to shift the shop's toolbar there). And the
 * hydration spec, whose forty-odd pages must come drawn by the server to be hydrated: on two busy
 * cores a render can miss the server's render limit, and the page then comes undrawn.
 */
const TIMED = ['hydration.spec.ts', 'resilience.spec.ts', 'shell.spec.ts', 'serverRender.spec.ts'];

/**
 * The specs that add products to the store's catalogue: beside them, a spec that counts the
 * catalogue (the sitemap against the listing's total, a listing's pages) would count a product
 * that came between its two reads.
 */
const ADDING_PRODUCTS = ['catalogueImport.spec.ts', 'operatorCatalogue.spec.ts'];

export const ALONE_SPECS: readonly string[] = [...COMPOSING, ...TIMED, ...ADDING_PRODUCTS];

/** What in a spec's source marks it as one that composes: the compose command, or the composition file written or removed. */
export const COMPOSES = /\bcompose\(|writeFile\(compositionFile\(\)|removeComposition\(/;

/**
 * Which browser specs `npm test` keeps apart from the others, and why (scripts/lib/testStages.ts).
 * The others share one store, two browsers at a time.
 */

/**
 * The specs that change what the whole store serves: they release, set, roll back or rewrite the
 * live composition. While one runs, any other spec's pages would come from the remote versions it
 * composed. scripts/testStages.test.ts fails when a spec that composes is missing here.
 */
const COMPOSING = ['composedIn.spec.ts', 'cartRelease.spec.ts', 'releases.spec.ts', 'releaseSafety.spec.ts', 'canary.spec.ts', 'environments.spec.ts'];

/**
 * The specs that add products to the store's catalogue: beside them, a spec that counts the
 * catalogue (the sitemap against the listing's total, a listing's pages) would count a product
 * that came between its two reads.
 */
const ADDING_PRODUCTS = ['catalogueImport.spec.ts', 'operatorCatalogue.spec.ts'];

/**
 * The specs that start a store process of their own, which first builds what is stale: beside a
 * spec that edits a remote's source to release it (cartRelease.spec.ts), it would build the edit
 * into the working build every other spec's pages come from.
 */
const BUILDING = ['edge.spec.ts'];

/**
 * Run one at a time on a second store of their own (its own ports, database, releases and
 * composition), beside the specs that share the first: what they change, no other spec sees.
 */
export const OWN_STORE_SPECS: readonly string[] = [...COMPOSING, ...ADDING_PRODUCTS, ...BUILDING];

/**
 * The specs that time, on the real clock, what a shopper waits for: a failed region's message
 * within 3 s, taps in the 2.5 s before a page is hydrated, a toast's 3 s. Beside another spec
 * on two busy cores they miss by a few hundred milliseconds what a shopper's phone meets, so
 * they run last, one at a time, with nothing else running.
 */
export const TIMED_SPECS: readonly string[] = ['hydration.spec.ts', 'resilience.spec.ts', 'shell.spec.ts'];

/** Every spec kept apart from the shared store's. */
export const ALONE_SPECS: readonly string[] = [...OWN_STORE_SPECS, ...TIMED_SPECS];

/** What in a spec's source marks it as one that composes: the compose command, or the composition file written or removed. */
export const COMPOSES = /\bcompose\(|writeFile\(compositionFile\(\)|removeComposition\(/;

/**
 * The browser specs that change what the whole store serves: they release, set, roll back or
 * rewrite the live composition. While one runs, any other spec's pages would come from the remote
 * versions it composed, so `npm test` runs the other specs side by side and these one at a time,
 * alone, afterwards (scripts/testStages.ts). scripts/testStages.test.ts fails when a spec that
 * composes is missing here.
 */
export const ALONE_SPECS: readonly string[] = ['composedIn.spec.ts', 'cartRelease.spec.ts', 'releases.spec.ts', 'releaseSafety.spec.ts'];

/** What in a spec's source marks it as one that composes: the compose command, or the composition file written or removed. */
export const COMPOSES = /\bcompose\(|writeFile\(compositionFile\(\)|removeComposition\(/;

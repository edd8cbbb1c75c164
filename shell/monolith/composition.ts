/**
 * The monolith build's stand-in for the bootstrap's composition fetch: one build has no remotes to
 * compose, so it asks nothing and starts at once with the default config.
 */
import type { Composition } from '../src/federation/composition';

export async function fetchComposition(): Promise<Composition> {
  return { remotes: {}, lastKnownGood: {}, preview: [] };
}

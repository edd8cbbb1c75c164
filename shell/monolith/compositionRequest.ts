/**
 * The monolith build's stand-in for src/federation/compositionRequest.ts: one build has no remotes
 * to compose, so it asks for nothing and starts at once with the default config.
 */
import type { Composition } from '../src/federation/composition';

export function requestComposition(): Promise<Composition> {
  return Promise.resolve({ remotes: {}, lastKnownGood: {}, preview: [] });
}

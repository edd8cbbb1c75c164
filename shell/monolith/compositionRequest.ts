/**
 * The monolith build's stand-in for src/federation/compositionRequest.ts: one build has no remotes
 * to compose, so it asks for nothing and starts at once with the default config.
 */
import { emptyComposition, type Composition } from '../src/federation/composition';
import { modulesForThisPage } from '../src/federation/thisPage';
import { preloadModules } from './remoteComponent';

let request: Promise<Composition> | undefined;

export function requestComposition(): Promise<Composition> {
  if (!request) {
    // As the composed shell does: the page's modules start loading from the entry.
    preloadModules(modulesForThisPage());
    request = Promise.resolve(emptyComposition());
  }
  return request;
}

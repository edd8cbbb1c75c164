/**
 * The one request for /composition.json. The entry (index.ts) starts it before it loads the
 * bootstrap chunks, so the two travel together instead of one after the other; when it arrives,
 * the remotes are registered and the page's remote entries start downloading at once (if the
 * page's HTML did not preload them already), beside the bootstrap chunks rather than after them.
 */
import { fetchComposition, type Composition } from './composition';
import { preloadModules, registerComposition } from './registration';
import { modulesForThisPage } from './thisPage';

let request: Promise<Composition> | undefined;

export function requestComposition(): Promise<Composition> {
  request ??= fetchComposition().then((composition) => {
    registerComposition(composition);
    preloadModules(composition, modulesForThisPage());
    return composition;
  });
  return request;
}

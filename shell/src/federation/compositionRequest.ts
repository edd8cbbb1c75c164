/**
 * The one request for /composition.json. The entry (index.ts) starts it before it loads the
 * bootstrap chunks, so the two travel together instead of one after the other.
 */
import { fetchComposition, type Composition } from './composition';

let request: Promise<Composition> | undefined;

export function requestComposition(): Promise<Composition> {
  request ??= fetchComposition();
  return request;
}

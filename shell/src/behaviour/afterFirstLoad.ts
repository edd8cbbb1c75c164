import { FIRST_INTERACTIONS } from './useFirstInteraction';

/** How long after the page's load event the browser may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page's first load is done (its load event, then an idle moment) or the
 * shopper first interacts with it, whichever comes first; at once on later pages. Code a page
 * draws from the server's HTML but does not need to show it (another team's control embedded in
 * it) starts loading then, off the first load; a tap on it meanwhile is held, and starts it at once.
 */
export function afterFirstLoad(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const done = () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, done, { capture: true });
      resolve();
    };
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, done, { once: true, passive: true, capture: true });
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(done, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
  return settled;
}

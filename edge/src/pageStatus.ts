/**
 * A page's status before it is drawn, or when it is not: what its address says, 404 for an address
 * no page answers and for a product the api does not know (a drawn page says its own status).
 */
import { pageModuleForPath } from 'shell/routes';
import { isShellPage } from 'shell/shell-pages';
import { productIdOf } from './seo';

/** How long a page waits for the api to say whether its product exists. */
export const PRODUCT_CHECK_TIMEOUT_MS = 1_000;

/**
 * The status of a page the server did not render: 404 for an address no page answers (the
 * remotes' routes: routeModules.ts; the shell's own: shellPages.ts) and for a product the api does not know;
 * 200 otherwise, and whenever the api cannot say (the page then says it in the browser).
 */
export async function unrenderedPageStatus(url: URL, apiUrl: (() => string) | undefined): Promise<number> {
  if (!pageModuleForPath(url.pathname) && !isShellPage(url.pathname)) return 404;
  const productId = apiUrl ? productIdOf(url.pathname, url.search) : null;
  if (url.pathname.startsWith('/product') && apiUrl && productId) {
    try {
      const answer = await fetch(`${apiUrl()}/products/${encodeURIComponent(productId)}`, { signal: AbortSignal.timeout(PRODUCT_CHECK_TIMEOUT_MS) });
      await answer.body?.cancel();
      if (answer.status === 404) return 404;
    } catch {
      // The api is slow or away: the page decides in the browser.
    }
  }
  return 200;
}

/**
 * A page's status before it is drawn: what its address says (unrenderedPageStatus; a product's
 * asks the api), or null where only its render can tell: a shop page under /shop/ is a 404 for a
 * layout the catalog does not have, which only the catalog knows.
 */
export function statusBeforeRender(url: URL, statusOfAddress: () => Promise<number>): Promise<number> | null {
  return /^\/shop\/./.test(url.pathname) ? null : statusOfAddress();
}

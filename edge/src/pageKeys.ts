/**
 * What a page is drawn with and kept under for the composition served: where its render asks the
 * api and finds the pictures (`renderConfig`), and the keys its guests' page and its skeleton are
 * shared and kept under (`guestsKey`, `skeletonKey`).
 */
import { pageModuleForPath } from 'shell/routes';
import { guestPageKey } from './guestPages';
import type { PageRequest } from './renderedPage';

/**
 * Where a server render asks the api and finds the pictures: the api directly, unless the
 * composition puts it elsewhere (its api then, when that is an http(s) address).
 */
export function renderConfig(composed: { apiBase?: string; assetHost?: string } | undefined, apiUrl: string | (() => string)): { config: PageRequest['config']; composedApi?: string; assetHost?: string } {
  const { apiBase, assetHost } = composed ?? {};
  const composedApi = apiBase && /^https?:\/\//.test(apiBase) ? apiBase : undefined;
  const config = { apiBase: composedApi ?? (typeof apiUrl === 'string' ? apiUrl : apiUrl()), ...(assetHost ? { assetHost } : {}) };
  return { config, ...(composedApi ? { composedApi } : {}), ...(assetHost ? { assetHost } : {}) };
}

/** The key a guest's page is shared and kept under (guestPages.ts, lastGoodPages.ts): its address, width and composition. */
export function guestsKey(request: Pick<PageRequest, 'pathname' | 'search' | 'viewportWidth' | 'remotes' | 'fallbacks'>, { composedApi, assetHost }: { composedApi?: string; assetHost?: string }): string {
  const { pathname, search, viewportWidth, remotes, fallbacks } = request;
  return guestPageKey({ pathname, search, viewportWidth, remotes, ...(fallbacks ? { fallbacks } : {}), config: { composedApi, assetHost } });
}

/**
 * The key a page's skeleton is kept under: one for every page its remote page module draws (every
 * product's page shares the product page's), or for its path where the shell draws it, per
 * screen width and composition. A skeleton shows nothing of the page's own (no answers, no
 * search words: it is drawn for the page's path without its query), so any page of the same
 * module may have it.
 */
export function skeletonKey(request: Pick<PageRequest, 'pathname' | 'viewportWidth' | 'remotes' | 'fallbacks'>, { composedApi, assetHost }: { composedApi?: string; assetHost?: string }): string {
  const module = pageModuleForPath(request.pathname);
  const page = module ? `${module.remote}/${module.module}` : request.pathname;
  // The same composition key as a guest's page.
  return guestsKey({ ...request, pathname: page, search: '' }, { composedApi, assetHost });
}

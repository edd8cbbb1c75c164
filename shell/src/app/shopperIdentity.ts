/** The api path of the shell's own server (it proxies /api): DEFAULT_CONFIG.apiBase, held equal by a test. */
export const SHELL_API_BASE = '/api';

/** How long the shell waits for the api to settle the shopper cookie before rendering anyway. */
const IDENTITY_WAIT_MS = 2000;

const settled = new Map<string, Promise<unknown>>();

/**
 * A first visit has no shopper cookie, and the page's first api calls go out together: each would
 * be handed a different new shopper, and whichever answer came last would win. One call first
 * settles the cookie; the rest then carry it. The entry makes it for the shell's own api before the
 * bootstrap chunks arrive; the bootstrap waits for it (or makes it for another api base).
 */
export function settleShopperCookie(apiBase: string): Promise<unknown> {
  let request = settled.get(apiBase);
  if (!request) {
    request = fetch(`${apiBase}/health`, { credentials: 'include', signal: AbortSignal.timeout(IDENTITY_WAIT_MS) }).catch(() => undefined);
    settled.set(apiBase, request);
  }
  return request;
}

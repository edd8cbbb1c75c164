/**
 * The data a page draws first, asked for by the entry (index.ts) as soon as it runs, while the
 * bootstrap's scripts (react-dom among them) still download: by the time the store exists the
 * answers are in, and the first render draws them rather than skeletons. That is the cart on every
 * page (the header's count, the cart page's lines, the product page's quantity, which starts at what the cart holds) and, on a
 * product page, the product.
 *
 * The store's fetch (`fetchWithEarlyAnswers`) hands that answer to the first matching GET and
 * then forgets it, so every later call goes to the network as before. The cart waits for the
 * shopper cookie to be settled, like every other first call (see shopperIdentity.ts). The product
 * does not: it is the same for every shopper and the api answers it without a cookie (it neither
 * reads nor sets one), so it goes out at once, a round trip before the cart.
 */
import { productIdFromAddress } from './pageAddress';
import { settleShopperCookie } from './shopperIdentity';

const early = new Map<string, Promise<Response | undefined>>();

/** Asks for the data the page at this address draws first. */
export function requestPageDataEarly(apiBase: string, { href, pathname, search }: { href: string; pathname: string; search: string }): void {
  const productId = productIdFromAddress(pathname, search);
  const ask = (path: string, afterCookie: boolean) => {
    const url = new URL(`${apiBase}/${path}`, href).href;
    if (early.has(url)) return;
    const send = () => fetch(url, { credentials: 'include' });
    early.set(url, (afterCookie ? settleShopperCookie(apiBase).then(send) : send()).catch(() => undefined));
  };
  if (productId) ask(`products/${encodeURIComponent(productId)}`, false);
  ask('cart', true);
}

/** `fetch`, but the first GET of an address asked for early gets that answer. */
export const fetchWithEarlyAnswers: typeof fetch = (input, init) => {
  // Every call after the first few: nothing is left to hand over.
  if (early.size === 0) return fetch(input, init);
  const request = input instanceof Request ? input : undefined;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const url = request?.url ?? (input instanceof URL ? input.href : typeof input === 'string' ? new URL(input, window.location.href).href : '');
  const answer = method === 'GET' ? early.get(url) : undefined;
  if (!answer) return fetch(input, init);
  early.delete(url);
  // A failed early request (offline, say) is made again, now with the caller's own options.
  const answered = answer.then((response) => response ?? fetch(input, init));
  // The caller's signal still holds (the store's 15 s time limit): an early request that hangs
  // fails the caller's call as a fetch of its own would, instead of keeping it waiting for ever.
  const signal = init?.signal ?? request?.signal;
  if (!signal) return answered;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    answered.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
};

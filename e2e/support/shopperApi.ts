import type { CartItem } from '@storefront/shared';
import type { Page } from 'playwright-core';

/**
 * A POST to the store's api from inside the page, through the shell's /api proxy, so the
 * browser keeps the cookies it sets (as if the shopper had done it in a form). For setting a
 * test up quickly; what the test is about is done through the page itself.
 */
export async function postAsShopper(page: Page, path: string, body: unknown, headers: Record<string, string> = {}): Promise<void> {
  const problem = await page.evaluate(
    async ({ url, json, extra }) => {
      const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', ...extra }, body: json });
      return response.ok ? null : `POST ${url} answered ${response.status}: ${await response.text()}`;
    },
    { url: `/api${path}`, json: JSON.stringify(body), extra: headers },
  );
  if (problem) throw new Error(problem);
}

/** A GET of the store's api from inside the page, with the shopper's cookies. */
export function getAsShopper<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.json()) as T;
  }, `/api${path}`);
}

/** How far the page scrolls sideways (0 when nothing sticks out). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The shopper's cart as the api gives it, read from inside the page with their cookies. */
export async function cartOf(page: Page): Promise<CartItem[]> {
  return page.evaluate(async () => (await (await fetch('/api/cart', { credentials: 'include' })).json()) as CartItem[]);
}

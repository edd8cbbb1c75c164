/**
 * The shell's own pages by address (the remotes' are in federation/routeModules.ts): the
 * browser's routes (App.tsx), the legal pages and their titles, the edge's status for a page it
 * does not draw (edge/src/page.ts) and what search engines are told (edge/src/seo.ts). The
 * footer writes the legal links out, to keep this module off every page's first load; its test
 * holds them equal. Free of imports: the edge reads it too, through the entry `shell/shell-pages`.
 */

/**
 * The shop's disclosures (ECTA s43: who sells, where and how to reach them, and the terms of
 * returns, delivery, privacy and payment), each a page of its own. The checkout links the four
 * policies by these addresses: they do not change.
 */
export const LEGAL_PAGES = [
  { path: '/legal', name: 'Business details' },
  { path: '/legal/returns', name: 'Returns and refunds' },
  { path: '/legal/delivery', name: 'Delivery' },
  { path: '/legal/privacy', name: 'Privacy' },
  { path: '/legal/payment', name: 'Paying safely' },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The pages a subscriber reaches from the newsletter's mails: each is one subscriber's, never listed nor indexed. */
export const NEWSLETTER_PAGES = ['/newsletter/confirm', '/newsletter/unsubscribe'] as const;

/** The shell's pages a search engine is given in the sitemap. */
export const LISTED_SHELL_PAGES: readonly string[] = ['/about', '/contact', ...LEGAL_PAGES.map((page) => page.path)];

/** The address without a trailing slash ("/legal/" is "/legal"). */
function pathOf(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The legal page at `pathname`, or undefined. */
export function legalPageAt(pathname: string): LegalPage | undefined {
  const path = pathOf(pathname);
  return LEGAL_PAGES.find((page) => page.path === path);
}

/** Whether the shell itself answers `pathname` with a page (not its 404 page). */
export function isShellPage(pathname: string): boolean {
  const path = pathOf(pathname);
  return LISTED_SHELL_PAGES.includes(path) || (NEWSLETTER_PAGES as readonly string[]).includes(path);
}

/** Whether search engines are asked not to keep the page at `pathname` (a robots noindex). */
export function isUnindexedPage(pathname: string): boolean {
  return (NEWSLETTER_PAGES as readonly string[]).includes(pathOf(pathname));
}

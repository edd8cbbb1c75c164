/**
 * What search engines are told: each page's canonical address (a product has one, however many
 * layouts and spellings reach it), /robots.txt, and /sitemap.xml listing the canonical product and
 * category pages from the live catalogue.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUnindexedPage, LISTED_SHELL_PAGES } from 'shell/shell-pages';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** How long a sitemap is served before the catalogue is read again. */
const SITEMAP_TTL_MS = 10 * 60_000;
/** The api's largest page of products. */
const PRODUCTS_PER_PAGE = 100;

/** The pages a search engine has no business with: a shopper's own, and the api. */
export const PRIVATE_PAGES = ['/account', '/cart', '/checkout', '/wishlist', '/login', '/forgot-password', '/reset-password', '/operator', '/order-status', '/api/'];

/** The shop's address as the shopper reached it (the edge's trustProxy decides what is believed). */
export function siteOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${request.protocol}://${request.host}`;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The product a product page's address names (?id=, or its last path segment), or null. */
export function productIdOf(pathname: string, search: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'product' || segments.length > 3) return null;
  const fromPath = segments.length > 1 ? decode(segments[segments.length - 1] ?? '') : null;
  return new URLSearchParams(search).get('id')?.trim() || fromPath || null;
}

/**
 * The canonical address of the page at `pathname` + `search`, or null for a page that has none
 * to offer (a shopper's own pages, a newsletter link's page). A product's is /product?id={link}, whichever layout or
 * spelling asked (/product/{layout}/{slug}, /product/{slug}, ?id= with a layout); the shop's
 * keeps only what changes its content (category, search, page), not its layout; others are the
 * path alone.
 */
export function canonicalPath(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const segments = pathname.split('/').filter(Boolean);
  if (PRIVATE_PAGES.some((page) => pathname === page.replace(/\/$/, '') || pathname.startsWith(page.endsWith('/') ? page : `${page}/`))) return null;
  if (isUnindexedPage(pathname)) return null;
  if (segments[0] === 'product') {
    const id = productIdOf(pathname, search);
    return id ? `/product?id=${encodeURIComponent(id)}` : null;
  }
  if (segments[0] === 'shop') {
    const kept = new URLSearchParams();
    for (const name of ['category', 'search', 'page']) {
      const value = params.get(name)?.trim();
      if (value && !(name === 'page' && value === '1')) kept.set(name, value);
    }
    const query = kept.toString();
    return `/shop${query ? `?${query}` : ''}`;
  }
  return `/${segments.join('/')}`;
}

/** `<link rel="canonical">` for the page, ready for the head; empty when it has none. */
export function canonicalTag(origin: string, pathname: string, search: string): string {
  const path = canonicalPath(pathname, search);
  return path === null ? '' : `<link rel="canonical" href="${escapeXml(`${origin}${path}`)}">`;
}

/**
 * A page search engines are asked not to keep: the newsletter's confirm and unsubscribe pages,
 * each one subscriber's (its token in the address). Crawlers may fetch it (robots.txt does not
 * keep them out, or they would never read this), and list nothing of it.
 */
export const NOINDEX_TAG = '<meta name="robots" content="noindex">';

/** What the page's head tells search engines: its canonical address, or that it is not to be kept; nothing for a shopper's own pages. */
export function searchEngineTags(origin: string, pathname: string, search: string): string[] {
  if (isUnindexedPage(pathname)) return [NOINDEX_TAG];
  const canonical = canonicalTag(origin, pathname, search);
  return canonical ? [canonical] : [];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

interface ListedProduct {
  link: string;
}

interface ListedCategory {
  id: string;
}

async function readJson<T>(url: string): Promise<{ body: T; total: number | null }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const total = response.headers.get('x-total-count');
  return { body: (await response.json()) as T, total: total === null ? null : Number(total) };
}

/** Every canonical page a search engine should know: the shell's own (About, Contact, the shop's disclosures and policies), then the catalogue's, read from the api. */
export async function sitemapPaths(apiUrl: () => string): Promise<string[]> {
  const paths = ['/', '/shop', ...LISTED_SHELL_PAGES];
  const categories = await readJson<ListedCategory[]>(`${apiUrl()}/categories`);
  for (const category of categories.body) paths.push(`/shop?category=${encodeURIComponent(category.id)}`);
  for (let page = 1; paths.length < SITEMAP_MAX_URLS; page += 1) {
    const listed = await readJson<ListedProduct[]>(`${apiUrl()}/products?limit=${PRODUCTS_PER_PAGE}&page=${page}&sort=newest`);
    for (const product of listed.body) paths.push(`/product?id=${encodeURIComponent(product.link)}`);
    if (listed.body.length < PRODUCTS_PER_PAGE || (listed.total !== null && page * PRODUCTS_PER_PAGE >= listed.total)) break;
  }
  return paths.slice(0, SITEMAP_MAX_URLS);
}

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** GET /robots.txt and GET /sitemap.xml on the shell's edge; the sitemap is read at most every ten minutes. */
export function registerSeoRoutes(app: FastifyInstance, apiUrl: () => string): void {
  let cached: { paths: Promise<string[]>; at: number } | undefined;
  const paths = () => {
    if (!cached || Date.now() - cached.at > SITEMAP_TTL_MS) {
      const reading = sitemapPaths(apiUrl);
      cached = { paths: reading, at: Date.now() };
      // A failed read is not kept: the next request tries again.
      reading.catch(() => {
        if (cached?.paths === reading) cached = undefined;
      });
    }
    return cached.paths;
  };

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(siteOrigin(request))),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    let listed: string[];
    try {
      listed = await paths();
    } catch (error) {
      request.log.warn({ err: error }, 'the sitemap could not read the catalogue');
      return reply.code(503).header('retry-after', '60').type('text/plain; charset=utf-8').send('The sitemap is not available just now.');
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(sitemapXml(siteOrigin(request), listed));
  });
}

import { useGetProductQuery, useLocation } from '@storefront/shared';
import { useEffect } from 'react';
import { isUnindexedPage, legalPageAt, type LegalPage } from './shellPages';

export const SITE_NAME = 'Jacaranda';

export interface PageMeta {
  title: string;
  description: string;
}

const SHOP_DESCRIPTION = 'Shop clothing, accessories, electronics and toys at Jacaranda, with prices in Rand including VAT.';

/** The legal pages' descriptions; their titles are their names in the footer (shellPages.ts). */
const LEGAL_DESCRIPTIONS: Record<LegalPage['path'], string> = {
  '/legal': 'Who sells at Jacaranda: our legal name, registration and VAT numbers, physical address, email and phone.',
  '/legal/returns': 'How to return something you bought at Jacaranda, and how refunds are paid.',
  '/legal/delivery': 'Where and how Jacaranda delivers, what delivery costs and how long it takes.',
  '/legal/privacy': 'How Jacaranda collects, uses and protects your personal information, and how to reach us about it.',
  '/legal/payment': 'How paying Jacaranda is kept safe.',
};

/** Titles and descriptions per route; the first whose pattern matches the path wins. */
const ROUTE_META: readonly [RegExp, PageMeta][] = [
  [/^\/$/, { title: 'Clothing and general shop', description: 'Jacaranda: a South African clothing and general shop. Popular, new and on-sale products, delivered countrywide.' }],
  [/^\/shop(\/|$)/, { title: 'Shop', description: SHOP_DESCRIPTION }],
  [/^\/product(\/|$)/, { title: 'Product', description: SHOP_DESCRIPTION }],
  [/^\/cart$/, { title: 'Your cart', description: 'The products in your Jacaranda cart.' }],
  [/^\/wishlist$/, { title: 'Your wishlist', description: 'The products you saved for later at Jacaranda.' }],
  [/^\/checkout\/complete\//, { title: 'Order placed', description: 'Your Jacaranda order is placed.' }],
  [/^\/checkout$/, { title: 'Checkout', description: 'Delivery or collection, and payment by EFT or cash on delivery.' }],
  [/^\/login$/, { title: 'Sign in', description: 'Sign in to your Jacaranda account.' }],
  [/^\/forgot-password$/, { title: 'Forgot your password', description: 'Reset the password of your Jacaranda account.' }],
  [/^\/reset-password$/, { title: 'Choose a new password', description: 'Reset the password of your Jacaranda account.' }],
  [/^\/account(\/|$)/, { title: 'Your account', description: 'Your Jacaranda profile, orders and addresses.' }],
  [/^\/operator\/products(\/|$)/, { title: 'Shop products', description: 'The products of the shop, for its staff to edit.' }],
  [/^\/operator(\/|$)/, { title: 'Shop orders', description: 'The orders of the shop, for its operators.' }],
  [/^\/order-status$/, { title: 'Track an order', description: 'Follow a Jacaranda order with its number and your email address.' }],
  [/^\/about$/, { title: 'About us', description: 'Jacaranda is a family-run clothing and general shop from Pretoria, delivering across South Africa.' }],
  [/^\/contact$/, { title: 'Contact us', description: 'Write to Jacaranda, call us or find our address. Open Mon-Sun 9:00 AM - 8:00 PM.' }],
  [/^\/newsletter\/confirm\/?$/, { title: 'Confirm your subscription', description: 'Confirm your subscription to the Jacaranda newsletter.' }],
  [/^\/newsletter\/unsubscribe\/?$/, { title: 'Unsubscribe from our newsletter', description: 'Stop the Jacaranda newsletter.' }],
];

const NOT_FOUND: PageMeta = { title: 'Page not found', description: 'This page is not at Jacaranda. Search the shop or go to the home page.' };

export function pageMetaFor(pathname: string): PageMeta {
  const legal = legalPageAt(pathname);
  if (legal) return { title: legal.name, description: LEGAL_DESCRIPTIONS[legal.path] };
  return ROUTE_META.find(([pattern]) => pattern.test(pathname))?.[1] ?? NOT_FOUND;
}

/** The product a product route shows: `?id=` on /product, else the last path segment. */
export function productRefFor(pathname: string, search: string): string | undefined {
  if (pathname === '/product') return new URLSearchParams(search).get('id') ?? undefined;
  const match = /^\/product\/(?:[^/]+\/)?([^/]+)$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function setDescription(content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * A page search engines should not keep (shellPages.ts's isUnindexedPage: a newsletter link's)
 * says so in a robots meta while it is shown: the one the edge sent with it is taken over, and
 * removed when the shopper moves on; one the edge sent for another reason (a page found missing
 * after it was sent) is left alone.
 */
function setNoIndex(noindex: boolean): void {
  if (noindex) {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="robots"][content="noindex"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'robots';
      tag.content = 'noindex';
      document.head.appendChild(tag);
    }
    tag.dataset.routeRobots = '';
  } else {
    document.head.querySelectorAll('meta[name="robots"][data-route-robots]').forEach((tag) => tag.remove());
  }
}

/** The page's title (with the shop's name) and description: a product page's from its product, when it is known. */
export function pageHeadFor(pathname: string, product?: { name: string; short_description?: string } | null): PageMeta {
  const meta = pageMetaFor(pathname);
  const shown = product ? { title: product.name, description: product.short_description || meta.description } : meta;
  return { title: `${shown.title} | ${SITE_NAME}`, description: shown.description };
}

/** Sets the document's title, meta description and robots meta for the current route (a product page takes the product's name). */
export function usePageMeta(): void {
  const { pathname, search } = useLocation();
  const productRef = productRefFor(pathname, search);
  // The same query the product page makes, so this reads its cache rather than fetching again.
  const { data: product } = useGetProductQuery(productRef ?? '', { skip: !productRef });
  const { title, description } = pageHeadFor(pathname, productRef ? product : undefined);
  const noindex = isUnindexedPage(pathname);
  useEffect(() => {
    document.title = title;
    setDescription(description);
  }, [title, description]);
  useEffect(() => setNoIndex(noindex), [noindex]);
}

/** usePageMeta as a component: what the shell draws once this module is in (laterParts.ts). */
export function PageMetaEffects() {
  usePageMeta();
  return null;
}

/**
 * The components of the shell's own pages (shellPages.ts). The browser loads each when it is
 * visited, a chunk of its own named page-* (bench/lib/firstLoad.ts leaves those out of the other
 * routes' first-load budgets). The shell's server bundle draws them at once: it gives the frame
 * its own components through ShellPageViewsContext (server.tsx).
 */
import { createContext, lazy, type ComponentType } from 'react';
import { legalPageAt } from './shellPages';

export interface ShellPageViews {
  AboutPage: ComponentType;
  ContactPage: ComponentType;
  LegalPages: ComponentType;
  NewsletterPages: ComponentType;
  NotFoundPage: ComponentType;
}

export type ShellPageView = keyof ShellPageViews;

const LOADERS: { readonly [name in ShellPageView]: () => Promise<{ default: ComponentType }> } = {
  AboutPage: () => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage').then((module) => ({ default: module.AboutPage })),
  ContactPage: () => import(/* webpackChunkName: "page-contact" */ '../pages/ContactPage').then((module) => ({ default: module.ContactPage })),
  // The shop's disclosures and policies: one chunk for all five.
  LegalPages: () => import(/* webpackChunkName: "page-legal" */ '../pages/legal/LegalPages').then((module) => ({ default: module.LegalPages })),
  NewsletterPages: () => import(/* webpackChunkName: "page-newsletter" */ '../pages/newsletter/NewsletterPages').then((module) => ({ default: module.NewsletterPages })),
  NotFoundPage: () => import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
};

const LAZY_VIEWS: ShellPageViews = {
  AboutPage: lazy(LOADERS.AboutPage),
  ContactPage: lazy(LOADERS.ContactPage),
  LegalPages: lazy(LOADERS.LegalPages),
  NewsletterPages: lazy(LOADERS.NewsletterPages),
  NotFoundPage: lazy(LOADERS.NotFoundPage),
};

/** The pages' components: loaded when visited in the browser, the server bundle's own on the server. */
export const ShellPageViewsContext = createContext<ShellPageViews>(LAZY_VIEWS);

/**
 * The shell page the server draws at `pathname`, or undefined: the pages given to search engines
 * (shellPages.ts's LISTED_SHELL_PAGES: about, contact and the shop's information), the same for
 * every shopper. Not the newsletter's pages (each acts on its one subscriber's link in the
 * browser), nor the not-found page (an unknown address costs the edge no render).
 */
export function serverDrawnViewAt(pathname: string): ShellPageView | undefined {
  if (legalPageAt(pathname)) return 'LegalPages';
  const path = pathname.replace(/\/+$/, '');
  return path === '/about' ? 'AboutPage' : path === '/contact' ? 'ContactPage' : undefined;
}

/**
 * The code (and styles) of the server-drawn shell page at `pathname`, loaded; undefined for any
 * other address. The browser hydrates such a page once its code is in: until then the server's
 * copy of its styles stays, and the page shows as drawn.
 */
export function loadServerDrawnShellPage(pathname: string): Promise<unknown> | undefined {
  const view = serverDrawnViewAt(pathname);
  return view ? LOADERS[view]() : undefined;
}

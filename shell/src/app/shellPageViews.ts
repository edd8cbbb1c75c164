/**
 * The components of the shell's own pages (shellPages.ts). The browser loads each when it is
 * visited, a chunk of its own named page-* (e2e/support/firstLoad.ts leaves those out of the other
 * routes' first-load budgets). The shell's server bundle draws them at once: it gives the frame
 * its own components through ShellPageViewsContext (server.tsx).
 */
import { createContext, lazy, type ComponentType } from 'react';

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
 * The view App.tsx's routes show at `pathname` among those the server may draw (/about, /contact,
 * /legal/*), or undefined. Free of shellPages.ts, which stays off every page's first load: the
 * server bundle narrows it to the pages it draws (serverDrawnPages.ts).
 */
export function routedViewAt(pathname: string): 'AboutPage' | 'ContactPage' | 'LegalPages' | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/about') return 'AboutPage';
  if (path === '/contact') return 'ContactPage';
  return path === '/legal' || path.startsWith('/legal/') ? 'LegalPages' : undefined;
}

/**
 * The code (and styles) of the shell page at `pathname` that the server may have drawn, loaded;
 * undefined for any other address. The browser hydrates such a page once its code is in: until
 * then the server's copy of its styles stays, and the page shows as drawn.
 */
export function loadServerDrawnShellPage(pathname: string): Promise<unknown> | undefined {
  const view = routedViewAt(pathname);
  return view ? LOADERS[view]() : undefined;
}

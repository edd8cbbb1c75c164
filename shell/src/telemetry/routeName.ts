import { isShellPage } from '../app/shellPages';
import { pageModuleForPath } from '../federation/routeModules';

/**
 * The shell's name for the route at `pathname`, for the page view's report: a remote's page is
 * named after its module (ProductPage → product, OrderCompletePage → order-complete), a shell page
 * after its first segment (about, legal), anything else is not-found. Never the address itself:
 * no ids, queries or other personal data leave the page.
 */
export function routeName(pathname: string): string {
  const page = pageModuleForPath(pathname);
  if (page) return page.module.replace(/Page$/, '').replace(/[A-Z]/g, (letter, at: number) => `${at > 0 ? '-' : ''}${letter.toLowerCase()}`);
  if (isShellPage(pathname)) return pathname.split('/')[1] ?? 'not-found';
  return 'not-found';
}

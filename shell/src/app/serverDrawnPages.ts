import { legalPageAt } from './shellPages';
import { routedViewAt, type ShellPageView } from './shellPageViews';

/**
 * The shell page the server draws at `pathname`, or undefined: the pages given to search engines
 * (shellPages.ts's LISTED_SHELL_PAGES: about, contact and the shop's information), the same for
 * every shopper. Not the newsletter's pages (each acts on its one subscriber's link in the
 * browser), nor a not-found page (an unknown address costs the edge no render).
 */
export function serverDrawnViewAt(pathname: string): ShellPageView | undefined {
  const view = routedViewAt(pathname);
  return view === 'LegalPages' && !legalPageAt(pathname) ? undefined : view;
}

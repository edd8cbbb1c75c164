import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@storefront/shared';

/** How long a page's heading has to appear (remotes load their pages) before focus stays on main. */
const HEADING_WAIT_MS = 3000;

/**
 * After a navigation (not the first load, and not a change of query only, such as a filter)
 * focus moves to the new page's main heading, or to main until the heading arrives, so a
 * screen reader announces the new page and Tab starts from it. `firstPath`: the page the shopper
 * arrived on, when this starts later than that (its code loads with the first interaction or
 * navigation, layout/laterParts.ts): a first render elsewhere is then a navigation.
 */
export function useRouteFocus(mainId = 'main', firstPath: string | null = null): void {
  const { pathname } = useLocation();
  // Back and Forward keep the scroll position the browser restores; a new page starts at the top.
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(firstPath);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    if (previous === null || previous === pathname) return undefined;
    const main = document.getElementById(mainId);
    if (!main) return undefined;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (navigationType !== 'POP') window.scrollTo({ top: 0 });
    if (focusHeading()) return undefined;
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      // Only while focus is still where we put it: a shopper who has moved on keeps their place.
      if (document.activeElement !== main) observer.disconnect();
      else if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, navigationType, mainId]);
}

/** useRouteFocus as a component, for the shell to draw once its code is in. */
export function RouteFocus({ firstPath }: { firstPath: string }) {
  useRouteFocus('main', firstPath);
  return null;
}

import { useLayoutEffect, type RefObject } from 'react';

/**
 * Bars fixed to the bottom of the screen by different packages (the shell's bottom navbar, the
 * product page's sticky add-to-cart bar) stack rather than cover one another: each, while shown,
 * puts its height in a custom property on <html>, which the others' CSS adds to their own bottom
 * offset (the sticky bar sits on the navbar, Back to top above both, the footer ends above them).
 */
export type BottomBar = '--sf-bottom-nav-height' | '--sf-bottom-bar-height';

export function useBottomBarHeight(property: BottomBar, element: RefObject<HTMLElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const target = element.current;
    if (!shown || !target) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(property, `${target.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(target);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(property);
    };
  }, [property, element, shown]);
}

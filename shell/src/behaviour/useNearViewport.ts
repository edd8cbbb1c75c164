import { useEffect, useState, type RefObject } from 'react';

/**
 * How far ahead of the screen an on-demand region starts loading. Below the header, <main> is at
 * least a screen tall, so the footer never starts within this of the first screen: its code
 * stays off the first load, and arrives as the shopper scrolls towards it.
 */
export const NEAR_VIEWPORT_MARGIN_PX = 40;

/**
 * True once the element has come within NEAR_VIEWPORT_MARGIN_PX of the screen, and from then on:
 * for regions whose code loads on demand. Where IntersectionObserver is missing, true after the
 * first render. Never on the first render, so a server render (which has no screen) and the
 * browser's hydration of it agree: both draw the placeholder.
 */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_VIEWPORT_MARGIN_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

import { useServerViewportWidth } from '@storefront/shared';
import { useSyncExternalStore } from 'react';

function subscribeTo(event: 'scroll' | 'resize') {
  return (onChange: () => void) => {
    window.addEventListener(event, onChange, { passive: true });
    return () => window.removeEventListener(event, onChange);
  };
}

const subscribeToScroll = subscribeTo('scroll');
const subscribeToResize = subscribeTo('resize');

/** How far the page has scrolled, in CSS pixels; tests drive it with `window.scrollY` and a scroll event. */
export function useScrollY(): number {
  // A server render draws the top of the page.
  return useSyncExternalStore(subscribeToScroll, () => Math.round(window.scrollY), () => 0);
}

/** The viewport's width as media queries read it; tests drive it with `window.innerWidth` and a resize event. */
export function useViewportWidth(): number {
  const serverWidth = useServerViewportWidth();
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => serverWidth);
}

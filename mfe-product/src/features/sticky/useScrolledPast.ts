import { useEffect, useState, type RefObject } from 'react';

const BELOW_THE_FOLD_PX = 1_000_000;

/**
 * True once the element has scrolled out of view above the viewport (not while it is still
 * below the fold). Off where IntersectionObserver is missing.
 */
export function useScrolledPast(target: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    // The viewport is stretched far downwards, so an element below the fold still counts as in
    // view and a jump straight past it (a fast fling, Page Down, End) still crosses the boundary.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: `0px 0px ${BELOW_THE_FOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setPast(false);
    };
  }, [target, enabled]);
  return enabled && past;
}

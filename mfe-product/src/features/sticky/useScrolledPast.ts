import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has scrolled out of view above the viewport (not while it is still
 * below the fold). Off where IntersectionObserver is missing.
 */
export function useScrolledPast(target: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      setPast(false);
    };
  }, [target, enabled]);
  return enabled && past;
}

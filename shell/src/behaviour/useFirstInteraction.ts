import { useEffect, useState } from 'react';

/**
 * What counts as the shopper's first interaction: a press, a key, a touch, or a click (which is
 * all a screen reader's activation sends).
 */
export const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'click'] as const;

/**
 * False until the shopper first interacts with the page, then true for good: for parts that only
 * an action can call up, so their code stays off the first load and starts with the first press.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return undefined;
    const notice = () => setInteracted(true);
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, notice, { once: true, passive: true, capture: true });
    return () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, notice, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

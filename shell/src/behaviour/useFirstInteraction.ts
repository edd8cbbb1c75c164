import { startTransition, useEffect, useState } from 'react';

/**
 * What counts as the shopper's first interaction: a press, a key, a touch, or a click (which is
 * all a screen reader's activation sends).
 */
export const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'click'] as const;

/**
 * False until the shopper first interacts with the page, then true for good: for parts that only
 * an action can call up, so their code stays off the first load and starts with the first press.
 * The change is a transition, so what it mounts (and the code it starts loading) is drawn in
 * slices between the press's own events rather than inside the press: drawn at once, it took
 * 20–30 ms of a first tap's pointerdown on a throttled phone, ahead of the tap's click.
 */
export function useFirstInteraction(): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return undefined;
    const notice = () => startTransition(() => setInteracted(true));
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, notice, { once: true, passive: true, capture: true });
    return () => {
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, notice, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

/** A held arrow key moves at most one picture per 180 ms. */
export const KEY_REPEAT_LIMIT_MS = 180;

interface GuardOptions {
  close: () => void;
  repeatLimitMs?: number;
}

/**
 * Listens before anyone else while the lightbox is open. Esc closes the lightbox and goes no
 * further, so a dialog underneath (the quick view) stays open; arrow presses closer together
 * than the repeat limit are dropped. Returns the function that removes the guard.
 */
export function guardLightboxKeys(target: Window, { close, repeatLimitMs = KEY_REPEAT_LIMIT_MS }: GuardOptions): () => void {
  let lastArrowAt = Number.NEGATIVE_INFINITY;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.timeStamp - lastArrowAt < repeatLimitMs) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    lastArrowAt = event.timeStamp;
  };
  target.addEventListener('keydown', onKeyDown, { capture: true });
  return () => target.removeEventListener('keydown', onKeyDown, { capture: true });
}

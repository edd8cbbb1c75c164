import { showsScrollToTop } from '../behaviour/thresholds';
import { useScrollY } from '../behaviour/viewport';

/** After 600 px of scroll a button takes the shopper back to the top (and focus to the skip link's target). */
export function ScrollToTop() {
  const visible = showsScrollToTop(useScrollY());
  if (!visible) return null;
  return (
    <button
      type="button"
      className="shell-scroll-top"
      aria-label="Back to top"
      onClick={() => {
        const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" /></svg>
    </button>
  );
}

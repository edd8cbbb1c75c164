import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';
import { TOAST_OPTIONS } from './toastOptions';

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;

/**
 * react-toastify with its styles (about 10 KB gzip) is not needed to draw a page. It loads with
 * the shopper's first interaction (a toast follows an action, and an api round trip gives it time
 * to arrive) or with the first toast, whichever comes first; not on a timer, which would put its
 * start-up in the middle of the page's own. A toast raised before the container is up waits in
 * react-toastify's queue.
 */
function loadToastify(): Promise<Toastify> {
  toastify ??= import(/* webpackChunkName: "later-toasts" */ 'react-toastify').catch((error: unknown) => {
    toastify = undefined;
    throw error;
  });
  return toastify;
}

const wanted = new Set<() => void>();

function show(kind: 'success' | 'info' | 'error', content: ReactNode, options?: ToastOptions): void {
  wanted.forEach((mount) => mount());
  loadToastify().then(
    (library) => library.toast[kind](content, options),
    (error: unknown) => console.error('Toasts could not load:', error),
  );
}

/** The store's notices: bottom right, newest on top, gone after 3 s. */
export const toast = {
  success: (content: ReactNode, options?: ToastOptions) => show('success', content, options),
  /** Nothing went wrong, and nothing changed either (the cart already held what was asked). */
  info: (content: ReactNode, options?: ToastOptions) => show('info', content, options),
  error: (content: ReactNode, options?: ToastOptions) => show('error', content, options),
};

const ToastContainer = lazy(() => loadToastify().then((library) => ({ default: library.ToastContainer })));

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Where toasts appear; mount once per page. */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const mount = () => setReady(true);
    // On a first press, as a transition: the press, its click and their paint go first.
    const mountSoon = () => startTransition(mount);
    wanted.add(mount);
    for (const type of INTERACTIONS) window.addEventListener(type, mountSoon, { once: true, passive: true, capture: true });
    return () => {
      wanted.delete(mount);
      for (const type of INTERACTIONS) window.removeEventListener(type, mountSoon, { capture: true });
    };
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} />
    </Suspense>
  );
}

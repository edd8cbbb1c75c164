import { onStorefrontEvent, useLocation } from '@storefront/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { quickViewModal } from './laterParts';

/** The quick view closes this long after the route changes. */
export const QUICK_VIEW_CLOSE_DELAY_MS = 350;

/**
 * Opens the product remote's quick view in a modal when any remote asks for it
 * (`product:quick-view-requested`); Esc or Close shut it at once, a route change 350 ms later.
 * The modal's code loads with the first request (laterParts.ts).
 */
export function QuickViewHost() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [opened, setOpened] = useState<{ productId: string; at: string } | null>(null);

  const open = useEffectEvent((productId: string) => setOpened({ productId, at: here }));
  useEffect(() => onStorefrontEvent('product:quick-view-requested', ({ productId }) => open(productId)), []);

  const leftPage = opened !== null && opened.at !== here;
  useEffect(() => {
    if (!leftPage) return undefined;
    const timer = setTimeout(() => setOpened(null), QUICK_VIEW_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [leftPage]);

  const modal = quickViewModal.useLoaded(opened !== null);
  if (!opened || !modal) return null;
  return <modal.QuickViewModal key={opened.productId} productId={opened.productId} onClose={() => setOpened(null)} />;
}

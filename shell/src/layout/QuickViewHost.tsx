import { Link, Modal, onStorefrontEvent, useGetProductQuery, useLocation } from '@storefront/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { RemoteRegion } from './RemoteRegion';
import './quickView.css';

/** §4/§9: the quick view closes this long after the route changes. */
export const QUICK_VIEW_CLOSE_DELAY_MS = 350;

function QuickViewModal({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { data: product } = useGetProductQuery(productId);
  return (
    <Modal title={product?.name ?? 'Quick view'} onClose={onClose}>
      <div className="shell-quick-view">
        <RemoteRegion remote="mfe-product" module="QuickView" props={{ productId }} label="the quick view" loading={<div className="shell-quick-view__loading" aria-busy="true">Loading…</div>} />
        {product && (
          <p className="shell-quick-view__more">
            <Link to={`/product?id=${encodeURIComponent(product.link)}`}>View full details</Link>
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * Opens the product remote's quick view in a modal when any remote asks for it
 * (`product:quick-view-requested`); Esc or Close shut it at once, a route change 350 ms later.
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

  if (!opened) return null;
  return <QuickViewModal key={opened.productId} productId={opened.productId} onClose={() => setOpened(null)} />;
}

import { Link, Modal, useGetProductQuery } from '@storefront/shared';
import { RemoteRegion } from './RemoteRegion';
import './quickView.css';

/** The quick view's modal (QuickViewHost.tsx opens it): the product remote's QuickView and a link to the product's page. */
export function QuickViewModal({ productId, onClose }: { productId: string; onClose: () => void }) {
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

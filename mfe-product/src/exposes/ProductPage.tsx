import { useEffect, useRef } from 'react';
import { ProductView } from '../features/layouts/ProductView';
import { ProductLoadError, ProductNotFound, ProductSkeleton } from '../features/page/ProductStates';
import { useProductToShow } from '../features/page/useProductToShow';
import { parseProductRoute } from '../features/routing/productRoute';
import { useLocation, useSearchParams } from '@storefront/shared';

/** A new product starts at the top of the page, not where the last one was left. */
function useScrollToTopOnProductChange(productId: string) {
  const previous = useRef(productId);
  useEffect(() => {
    if (previous.current !== productId) document.scrollingElement?.scrollTo?.({ top: 0 });
    previous.current = productId;
  }, [productId]);
}

/** The product page of §2, in the layout its address names. */
export default function ProductPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const route = parseProductRoute(pathname, params);
  const productId = route?.productId ?? '';
  const shown = useProductToShow(route ? productId : '');
  useScrollToTopOnProductChange(productId);

  if (!route || shown.status === 'not-found') {
    return (
      <div className="prd-container">
        <ProductNotFound productId={productId} />
      </div>
    );
  }
  if (shown.status === 'failed') {
    return (
      <div className="prd-container">
        <ProductLoadError retry={shown.retry} />
      </div>
    );
  }
  if (shown.status === 'loading') {
    return (
      <div className="prd-container">
        <ProductSkeleton />
      </div>
    );
  }
  return <ProductView product={shown.product} layoutName={route.layout} />;
}

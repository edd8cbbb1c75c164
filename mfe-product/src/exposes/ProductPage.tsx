import { useEffect, useRef } from 'react';
import { needsLayoutVariant, productLayoutVariants } from '../features/layouts/productLayoutVariants';
import { ProductView } from '../features/layouts/ProductView';
import { useLaterParts } from '../features/layouts/useLaterParts';
import { ProductLoadError, ProductNotFound, ProductSkeleton } from '../features/page/ProductStates';
import { useProductToShow } from '../features/page/useProductToShow';
import { parseProductRoute } from '../features/routing/productRoute';
import { useLocation, useSearchParams } from '@storefront/shared';

// Before the first render, the browser's and the server's (server.tsx): the product, the cart, and
// the code of a layout besides the default one.
export { prefetchProductPage as prefetchPageData } from '../features/page/prefetchProductPage';

/** A new product starts at the top of the page, not where the last one was left. */
function useScrollToTopOnProductChange(productId: string) {
  const previous = useRef(productId);
  useEffect(() => {
    if (previous.current !== productId) document.scrollingElement?.scrollTo?.({ top: 0 });
    previous.current = productId;
  }, [productId]);
}

/** The product page, in the layout its address names. */
export default function ProductPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const route = parseProductRoute(pathname, params);
  const productId = route?.productId ?? '';
  const shown = useProductToShow(route ? productId : '');
  // The other layouts' styles and sidebar: the prefetch has normally loaded them (prefetchProductPage.ts).
  const variant = useLaterParts(productLayoutVariants, route ? needsLayoutVariant(route.layout) : false);
  useScrollToTopOnProductChange(productId);

  if (!route || shown.status === 'not-found') {
    return (
      <div className="prd-container">
        <ProductNotFound productId={productId} />
      </div>
    );
  }
  if (shown.status === 'failed' || variant.failed) {
    return (
      <div className="prd-container">
        <ProductLoadError retry={shown.status === 'failed' ? shown.retry : variant.retry} />
      </div>
    );
  }
  if (shown.status === 'loading' || (needsLayoutVariant(route.layout) && !variant.module)) {
    return (
      <div className="prd-container">
        <ProductSkeleton />
      </div>
    );
  }
  return <ProductView product={shown.product} layoutName={route.layout} variant={variant.module} />;
}

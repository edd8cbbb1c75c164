import { useSearchParams, type Product } from '@storefront/shared';
import { ProductSummary } from '../detail/ProductSummary';
import { PurchaseOptions } from '../detail/PurchaseOptions';
import { Gallery } from '../gallery/Gallery';
import { PurchaseProvider } from '../purchase/PurchaseContext';
import { PRODUCT_TABS_ID, TAB_PARAM } from '../tabs/productTabs';
import type * as LayoutVariants from './layoutVariantsChunk';
import { LowerParts } from './LowerParts';
import { productLayout, type ProductLayoutName } from './productLayouts';
import './layouts.css';

/**
 * One product in one of the twelve layouts. The pieces are the same everywhere; the layout
 * decides the gallery's style, whether the information is split in two columns, the sidebar,
 * the custom tab and the sticky bar, and layouts.css places them (layoutVariants.css, with the
 * sidebar, in `variant`: the default layout needs neither). What is below the first screen
 * comes with the shopper's first scroll (LowerParts.tsx).
 */
export function ProductView({ product, layoutName, variant }: { product: Product; layoutName: ProductLayoutName; variant?: typeof LayoutVariants }) {
  const layout = productLayout(layoutName);
  const [, setParams] = useSearchParams();
  const showReviews = () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, 'reviews');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    document.getElementById(PRODUCT_TABS_ID)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const summary = <ProductSummary product={product} onShowReviews={showReviews} />;

  return (
    <PurchaseProvider key={product.id} product={product}>
      <div className={`prd-view prd-view--${layout.name}`} data-layout={layout.name}>
        <div className="prd-band">
          <div className="prd-container">
            <div className="prd-main">
              <div className="prd-main__gallery">
                <Gallery product={product} style={layout.gallery} />
              </div>
              {layout.splitInfo ? (
                <>
                  <div className="prd-main__summary">{summary}</div>
                  <div className="prd-main__options">
                    <PurchaseOptions />
                  </div>
                </>
              ) : (
                <div className="prd-main__info">
                  {summary}
                  <PurchaseOptions />
                </div>
              )}
              {layout.sidebar && variant && <variant.ProductSidebar product={product} layout={layout.name} />}
            </div>
          </div>
        </div>
        <LowerParts product={product} layout={layout} />
      </div>
    </PurchaseProvider>
  );
}

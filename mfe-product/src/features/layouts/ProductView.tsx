import { useSearchParams, type Product } from '@storefront/shared';
import { ProductSummary } from '../detail/ProductSummary';
import { PurchaseOptions } from '../detail/PurchaseOptions';
import { Gallery } from '../gallery/Gallery';
import { PurchaseProvider } from '../purchase/PurchaseContext';
import { RelatedList } from '../related/RelatedList';
import { RelatedProducts } from '../related/RelatedProducts';
import { StickyAddToCart } from '../sticky/StickyAddToCart';
import { PRODUCT_TABS_ID, ProductTabs } from '../tabs/ProductTabs';
import { TAB_PARAM } from '../tabs/productTabs';
import { TrustNotes } from '../trust/TrustNotes';
import { productLayout, type ProductLayoutName } from './productLayouts';
import './layouts.css';

/**
 * One product in one of the twelve layouts. The pieces are the same everywhere; the layout
 * decides the gallery's style, whether the information is split in two columns, the sidebar,
 * the custom tab and the sticky bar, and layouts.css places them.
 */
export function ProductView({ product, layoutName }: { product: Product; layoutName: ProductLayoutName }) {
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
              {layout.sidebar && (
                <aside className="prd-main__sidebar" aria-label="Related products and shopping notes">
                  <RelatedList product={product} layout={layout.name} />
                  <TrustNotes />
                </aside>
              )}
            </div>
          </div>
        </div>
        <div className="prd-container">
          <ProductTabs product={product} customTab={layout.customTab} vertical={layout.customTab} />
          {!layout.sidebar && <RelatedProducts product={product} layout={layout.name} />}
        </div>
        <StickyAddToCart onWideScreens={layout.stickyCartOnWideScreens} />
      </div>
    </PurchaseProvider>
  );
}

import { ProductSummary } from '../features/detail/ProductSummary';
import { PurchaseOptions } from '../features/detail/PurchaseOptions';
import { Gallery } from '../features/gallery/Gallery';
import { ProductLoadError, ProductNotFound, ProductSkeleton } from '../features/page/ProductStates';
import { useProductToShow } from '../features/page/useProductToShow';
import { PurchaseProvider } from '../features/purchase/PurchaseContext';
import '../features/quickView.css';

export interface QuickViewProps {
  /** The product's id or link. */
  productId: string;
}

/**
 * The product inside another remote's quick-view dialog (the host brings the dialog): the
 * gallery with its lightbox and the purchase panel, the same components as the product page.
 * The host adds the link to the full page, so it is there even when this remote cannot load.
 */
export default function QuickView({ productId }: QuickViewProps) {
  const shown = useProductToShow(productId);
  if (shown.status === 'not-found') return <ProductNotFound productId={productId} headingLevel={2} />;
  if (shown.status === 'failed') return <ProductLoadError retry={shown.retry} />;
  if (shown.status === 'loading') return <ProductSkeleton compact />;

  const { product } = shown;
  return (
    <PurchaseProvider key={product.id} product={product}>
      <div className="prd-quick" data-testid="quick-view">
        <Gallery product={product} style="thumbs-below" />
        <div className="prd-quick__info">
          <ProductSummary product={product} headingLevel={2} />
          <PurchaseOptions />
        </div>
      </div>
    </PurchaseProvider>
  );
}

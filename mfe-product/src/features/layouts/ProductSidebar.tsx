import type { Product } from '@storefront/shared';
import { RelatedList } from '../related/RelatedList';
import { TrustNotes } from '../trust/TrustNotes';
import type { ProductLayoutName } from './productLayouts';

/** The sidebar of the left-sidebar and right-sidebar layouts: related products and shopping notes. */
export function ProductSidebar({ product, layout }: { product: Product; layout: ProductLayoutName }) {
  return (
    <aside className="prd-main__sidebar" aria-label="Related products and shopping notes">
      <RelatedList product={product} layout={layout} />
      <TrustNotes />
    </aside>
  );
}

/**
 * What the product page draws below its first screen: the tabs, the related products, and the
 * sticky Add to Cart bar that slides in once the buy box has scrolled away. A chunk of its own
 * (productLowerParts.ts). The tabs' and related products' stylesheets stay with the page
 * (LowerParts.tsx), so that the server's copy of this region is styled while the chunk loads.
 */
export { RelatedProducts } from '../related/RelatedProducts';
export { StickyAddToCart } from '../sticky/StickyAddToCart';
export { ProductTabs } from '../tabs/ProductTabs';

import type { Product } from '@storefront/shared';

/**
 * Why Add to Cart is disabled, or null when it is enabled: a product out of stock cannot be
 * added, and a product with variants needs the colour and the size it has before it can be.
 */
export function addToCartBlocker(product: Product, colour: string | null, size: string | null): string | null {
  if (product.out_of_stock || product.available_stock < 1) return 'This product is out of stock.';
  if (product.has_variants) {
    const needsColour = product.colours.length > 0 && !colour;
    const needsSize = product.sizes.length > 0 && !size;
    if (needsColour && needsSize) return 'Choose a colour and a size.';
    if (needsColour) return 'Choose a colour.';
    if (needsSize) return 'Choose a size.';
  }
  return null;
}

/** The main button's words: adding, or setting the line the cart already holds. */
export function buttonLabel(inCart: boolean, busy: boolean): string {
  if (inCart) return busy ? 'Updating…' : 'Update cart';
  return busy ? 'Adding…' : 'Add to Cart';
}

/** Placeholder for a variant part the product does not have (reading B: '11-default-default'). */
export const DEFAULT_VARIANT_PART = 'default';

export interface KeyedProduct {
  id: string;
  has_variants: boolean;
}

/**
 * The identity of a cart line: the product id for a simple product; for a product with
 * variants the product id, colour and size joined by dashes. Always lowercase, so the same
 * choice made twice lands on the same line.
 */
export function cartLineKey(
  product: KeyedProduct,
  colour?: string | null,
  size?: string | null,
): string {
  if (!product.has_variants) return product.id.toLowerCase();
  return [product.id, colour || DEFAULT_VARIANT_PART, size || DEFAULT_VARIANT_PART]
    .join('-')
    .toLowerCase();
}

/** The product id is the part of a cart line key before the first dash, lowercased. */
export function productIdFromKey(key: string): string {
  const dash = key.indexOf('-');
  return (dash === -1 ? key : key.slice(0, dash)).toLowerCase();
}

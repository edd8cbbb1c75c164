import { isProductLayoutName, type ProductLayoutName } from '../layouts/productLayouts';

export interface ProductRoute {
  layout: ProductLayoutName;
  /** The product's id or link; empty when the address names none. */
  productId: string;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * What a product address asks for: `/product?id={link}`, `/product/{slug}` and
 * `/product/{layout}/{slug}`; `/product/{layout}?id={link}` works too. Null for an address that
 * is none of these (an unknown layout, extra segments), which shows the not-found page.
 */
export function parseProductRoute(pathname: string, params: URLSearchParams): ProductRoute | null {
  const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
  if (segments[0] !== 'product' || segments.includes(null)) return null;
  const rest = segments.slice(1) as string[];
  const fromQuery = params.get('id')?.trim() ?? '';

  if (rest.length === 0) return { layout: 'default', productId: fromQuery };
  const [first = '', second] = rest;
  if (rest.length === 1) {
    // A product whose slug happens to be a layout name still opens with `/product/{slug}`.
    if (fromQuery && isProductLayoutName(first)) return { layout: first, productId: fromQuery };
    return { layout: 'default', productId: first };
  }
  if (rest.length === 2 && isProductLayoutName(first) && first !== 'default' && second) {
    return { layout: first, productId: second };
  }
  return null;
}

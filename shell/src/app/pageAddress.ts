/** What a page's address says, read without the shared package (the entry uses it before the async boundary). */

/**
 * The product a product address names (/product?id=…, /product/{slug}, /product/{layout}/{slug}).
 * The product remote decides for itself; a wrong guess here only costs one request.
 */
export function productIdFromAddress(pathname: string, search: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'product' || segments.length > 3) return '';
  const fromQuery = new URLSearchParams(search).get('id')?.trim() ?? '';
  let candidate = fromQuery;
  if (!candidate && segments.length >= 2) candidate = segments[segments.length - 1] ?? '';
  try {
    return decodeURIComponent(candidate);
  } catch {
    return '';
  }
}

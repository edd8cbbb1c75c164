/**
 * What the catalogue gives other modules: reading products and their pictures, and the filters,
 * search words and cache that search shares. Nothing else in this folder is theirs to import.
 */
export { findProductById, listProductIds, listWishlistProducts, picturesSql, toIsoTimestamp } from './productQueries';
export { SqlParams, type ProductFilter } from './productFilter';
export { resolveSearch, type SearchLexicon } from './searchTerms';
export { explainQueryErrors } from './queryErrors';
export { readCatalogue } from './readCatalogue';
export type { ProductDetailCache } from './productDetailCache';

export { createCookieJarFetch } from './cookieJarFetch';
export { cashOnlyTestApiUrl, createTestStore, renderWithStore, testApiUrl } from './renderWithStore';
export { injectedBy } from './remoteContract';
export type { RemoteContract } from './remoteContract';
// The sample data reads fall back to, for tests; the storefront loads it only when a read fails.
export { SAMPLE_CART, SAMPLE_PRODUCTS, findSampleProduct } from '../api/sampleData';

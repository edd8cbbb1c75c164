export { createCookieJarFetch } from './cookieJarFetch';
export { cashOnlyTestApiUrl, createTestStore, renderWithStore, testApiUrl } from './renderWithStore';
export { injectedBy } from './remoteContract';
export type { RemoteContract } from './remoteContract';

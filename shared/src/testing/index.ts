export { createCookieJarFetch } from './cookieJarFetch';
export { createTestStore, renderWithStore, testApiUrl } from './renderWithStore';

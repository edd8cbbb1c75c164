import { DEFAULT_CONFIG } from '@storefront/shared';
import { SHELL_API_BASE } from './shopperIdentity';

it("the entry settles the shopper cookie on the store's default api", () => {
  expect(SHELL_API_BASE).toBe(DEFAULT_CONFIG.apiBase);
});

import type { ServerRenderedRegion } from '@storefront/shared';
import { createContext, useContext } from 'react';

/**
 * Set only while the shell's frame is rendered on the server. There a region shows the HTML its
 * remote rendered, if it did, and otherwise its loading state: remote modules are not loaded on
 * the server.
 */
export const ServerRegionContext = createContext<{ region: ServerRenderedRegion | null } | null>(null);

export function useServerRegion() {
  return useContext(ServerRegionContext);
}

import { createContext, useContext } from 'react';

/**
 * The viewport width a server render draws for. In the browser nothing provides it and the page
 * reads the window; a hook that reads the window with useSyncExternalStore gives this as its
 * server snapshot.
 */
export const ServerViewportWidth = createContext(1280);

export function useServerViewportWidth(): number {
  return useContext(ServerViewportWidth);
}

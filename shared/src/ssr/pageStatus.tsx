/**
 * The HTTP status of a page rendered on the server. A page that shows its not-found screen says
 * so with `useNotFoundStatus()`; the shell's server then answers 404 (search engines and monitors
 * hear that the page does not exist) while the shopper still sees the friendly screen. In the
 * browser there is no status to set, and the hook does nothing.
 */
import { createContext, use } from 'react';

export interface PageStatus {
  code: number;
}

export const PageStatusContext = createContext<PageStatus | null>(null);

/** Marks the page being rendered on the server as not found (404). Call it while rendering. */
export function useNotFoundStatus(): void {
  const status = use(PageStatusContext);
  if (status) status.code = 404;
}

import type { LaterModule } from '@storefront/shared/later-module';
import { useEffect, useState } from 'react';

/** A later-loaded part of the page while `wanted`: the module once in, or that it failed, with a retry. */
export function useLaterParts<Module>(parts: LaterModule<Module>, wanted: boolean): { module: Module | undefined; failed: boolean; retry: () => void } {
  const module = parts.useLoaded(wanted);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (wanted && !failed) parts.load().catch(() => setFailed(true));
  }, [parts, wanted, failed]);
  return { module, failed: failed && !module, retry: () => setFailed(false) };
}

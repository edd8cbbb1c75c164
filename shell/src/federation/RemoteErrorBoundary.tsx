import { ErrorBoundary } from '@storefront/shared';
import type { ErrorInfo } from 'react';
import { noteRemote } from '../telemetry/pageHealth';
import { isRemoteName } from './composition';
import { remoteVersionInUse } from './remoteComponent';

/**
 * The error boundary around a remote's region, named as shared's are, `remote/Module`: its failure
 * (the module would not load, or threw while drawing) stays there while the rest of the page goes
 * on. It is logged with the remote's version in use when it failed (its last known good after a
 * fallback), and counted for the page view's health report.
 */
export class RemoteErrorBoundary extends ErrorBoundary {
  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!noteRemoteFailure(this.props.name, error, info.componentStack)) super.componentDidCatch(error, info);
  }
}

/** Counts and logs the failure of `name` (`remote/Module`); false when it names no remote of ours. */
export function noteRemoteFailure(name: string, error: Error, stack?: string | null): boolean {
  const [remote = ''] = name.split('/');
  if (!isRemoteName(remote)) return false;
  noteRemote(remote, 'caughtErrors');
  console.error(`[shell] ${name} failed (${remote} ${remoteVersionInUse(remote) ?? 'not in the composition'})`, error, stack);
  return true;
}

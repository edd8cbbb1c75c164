import { loadRemote } from '@module-federation/enhanced/runtime';
import { federationName, type RemoteName } from './composition';
import { moduleLoader, type ExposedComponent } from './moduleLoader';

export { remoteVersionInUse } from './registration';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, readonly module: string, cause?: unknown) {
    super(`${remote}/${module} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

// Through the federation runtime, from the remotes the composition registered (registration.ts).
const loader = moduleLoader(async (remote, module, evaluated) => {
  try {
    const loaded = await loadRemote<ExposedComponent>(`${federationName(remote)}/${module}`);
    if (!loaded?.default) throw new Error('the module has no default export');
    evaluated();
    return loaded;
  } catch (error) {
    throw new RemoteUnavailableError(remote, module, error);
  }
});

export const { onRemoteModuleEvaluated, startLoadingRemoteModules, prefetchRemotePageData, remoteComponent, forgetRemoteComponent, remoteModuleArrived, loadStartedAt } = loader;

/** A remote module's exports, loaded once (a region hydrating the server's HTML needs the component itself). */
export function loadRemoteModule(remote: RemoteName, module: string): Promise<ExposedComponent> {
  return loader.loadModule(remote, module);
}

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { federationName, type Composition, type RemoteName } from './composition';

/** Registers the remotes of a composition by their manifest URLs; nothing about them is compiled into the shell. */
export function registerComposition(composition: Composition): void {
  const remotes = Object.entries(composition.remotes).map(([name, entry]) => ({
    name: federationName(name as RemoteName),
    entry,
  }));
  registerRemotes(remotes);
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, readonly module: string, cause?: unknown) {
    super(`${remote}/${module} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

const components = new Map<string, LazyExoticComponent<ComponentType<object>>>();

/**
 * A lazily loaded component exposed by a remote (its default export). One lazy component per
 * module, so React keeps its state across renders; `forgetRemoteComponent` lets a retry load again.
 */
export function remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
  const key = `${remote}/${module}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => {
      try {
        const loaded = await loadRemote<{ default: ComponentType<object> }>(`${federationName(remote)}/${module}`);
        if (!loaded?.default) throw new Error('the module has no default export');
        return loaded;
      } catch (error) {
        throw new RemoteUnavailableError(remote, module, error);
      }
    });
    components.set(key, component);
  }
  return component as LazyExoticComponent<ComponentType<Props>>;
}

export function forgetRemoteComponent(remote: RemoteName, module: string): void {
  components.delete(`${remote}/${module}`);
}

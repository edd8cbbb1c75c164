/**
 * What a remote's entry imports in place of `@module-federation/webpack-bundler-runtime`
 * (webpack.common.ts swaps it in for remotes): the same `federation` object, built from the
 * bundler runtime's functions the page already has (provideRuntime.ts). The object and its
 * `runtime` stay the remote's own: the entry copies the object into its build's
 * `__webpack_require__.federation`, and `@module-federation/runtime` keeps the instance it
 * created in a variable of its module, which the shell's copy must not share.
 */
import { getRemoteEntry, init } from '@module-federation/runtime';
import type { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';

export interface ProvidedBundlerRuntime {
  bundlerRuntime: typeof bundlerRuntime;
  attachShareScopeMap: typeof attachShareScopeMap;
}

const provided = (globalThis as { _FEDERATION_BUNDLER_RUNTIME?: ProvidedBundlerRuntime })._FEDERATION_BUNDLER_RUNTIME;
if (!provided) {
  throw new Error('No federation runtime on this page: the shell (or, on a remote\'s own page, federation-runtime.js) must load before a remote entry');
}

const federation = {
  // What the bundler runtime's functions ask of it (init.js, getSharedFallbackGetter.js); the
  // rest of the module (loadRemote, loadShare, … and their error texts) stays out of the entry.
  runtime: { init, getRemoteEntry },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: provided.bundlerRuntime,
  attachShareScopeMap: provided.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;

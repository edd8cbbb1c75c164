/**
 * Provides the page's one Module Federation runtime to the remotes. Remotes are built with
 * `experiments.externalRuntime`: their entries use the runtime found here instead of each
 * carrying a copy (about 17 KB gzip per remote on every page). The shell imports this first
 * thing; a remote's standalone page, which has no shell, loads it as federation-runtime.js.
 *
 * Not the plugin's own `provideExternalRuntime`: that imports the runtime's CommonJS build, a
 * second copy of the runtime beside the one the shell already runs (+24 KB gzip).
 */
import * as runtimeCore from '@module-federation/runtime-core';

const scope = globalThis as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore };
scope._FEDERATION_RUNTIME_CORE ??= runtimeCore;

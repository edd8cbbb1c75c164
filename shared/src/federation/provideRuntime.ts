/**
 * Provides the page's one Module Federation runtime to the remotes. Remotes are built with
 * `experiments.externalRuntime`: their entries use the runtime found here instead of each
 * carrying a copy (about 17 KB gzip per remote on every page). The shell imports this first
 * thing; a remote's standalone page, which has no shell, loads it as federation-runtime.js.
 *
 * Not the plugin's own `provideExternalRuntime`: that imports the runtime's CommonJS build, a
 * second copy of the runtime beside the one the shell already runs (+24 KB gzip).
 *
 * It also provides the functions of webpack's federation glue (the bundler runtime: loading a
 * remote's chunks and shared modules, initialising its container), which a remote's entry takes
 * from here (bundlerRuntimeOfPage.ts) instead of carrying its own copy (about 4.5 KB gzip per
 * remote entry). Only the functions: each is handed its build's `__webpack_require__` on every
 * call, and keeps nothing of its own.
 */
import * as runtimeCore from '@module-federation/runtime-core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
// A build without exposed modules (the shell's) leaves it out of `bundlerRuntime`; remotes need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import type { ProvidedBundlerRuntime } from './bundlerRuntimeOfPage';

const scope = globalThis as { _FEDERATION_RUNTIME_CORE?: typeof runtimeCore; _FEDERATION_BUNDLER_RUNTIME?: ProvidedBundlerRuntime };
scope._FEDERATION_RUNTIME_CORE ??= runtimeCore;
scope._FEDERATION_BUNDLER_RUNTIME ??= { bundlerRuntime: { ...bundlerRuntime, initContainerEntry }, attachShareScopeMap };

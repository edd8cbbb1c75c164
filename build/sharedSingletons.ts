/**
 * The modules shared through Module Federation as one copy: on the page (sharedSingletons, in
 * each package's federation config) and in a server render (serverSingletons, in serverConfig),
 * at the version ranges the packages ask.
 */
import sharedLibrary from '@storefront/shared/package.json';

export interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

interface SharedConfig {
  singleton: true;
  requiredVersion: string;
  strictVersion?: boolean;
}

/**
 * Packages that must exist once on the page (docs/architecture.md#federation), with the subpaths we import.
 * The router, the store and the toasts must be one copy too, but they reach the remotes through
 * @storefront/shared (shared/src/libraries.ts), so the shell's copy can be tree-shaken.
 */
const SINGLETONS: Record<string, string[]> = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
};

/** Each module of `table` a singleton at its package's range in `ranges`; a package without one is left out. */
function singletonModules(table: Record<string, string[]>, ranges: Record<string, string>): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const [packageName, modules] of Object.entries(table)) {
    const range = ranges[packageName];
    if (!range) continue;
    for (const module of modules) shared[module] = { singleton: true, requiredVersion: range };
  }
  return shared;
}

/** The version ranges a package asks of the shared singletons, read from its package.json. */
export function sharedSingletons(pkg: PackageJson): Record<string, SharedConfig> {
  const deps = pkg.dependencies ?? {};
  const shared = singletonModules(SINGLETONS, deps);
  shared['@storefront/shared'] = {
    singleton: true,
    requiredVersion: deps['@storefront/shared'] ?? '^1.0.0',
    strictVersion: true,
  };
  return shared;
}

/**
 * What a server render shares (shared/src/ssr/contract.ts): React, react-dom and its server
 * renderer, and the libraries of the store and the router, so that the shell's server and every
 * remote version render with one copy of each. Not the shared library itself: each container keeps
 * its own api slice, into which its version's endpoints go, so that two versions of a remote (the
 * live one and a preview, or a working build rebuilt in place) can each add theirs
 * (with `overrideExisting: 'throw'`, so that no version silently replaces another's). The ranges are the shared library's, whose
 * code uses them.
 */
export function serverSingletons(pkg: PackageJson): Record<string, SharedConfig> {
  const ranges: Record<string, string> = { ...sharedLibrary.dependencies, ...pkg.dependencies };
  const missing = Object.keys(SERVER_SINGLETONS).filter((packageName) => !ranges[packageName]);
  if (missing.length > 0) throw new Error(`${pkg.name}: no version range for ${missing.join(', ')}, server singletons`);
  return singletonModules(SERVER_SINGLETONS, ranges);
}

/** The packages a server render shares, with the subpaths our code imports. */
const SERVER_SINGLETONS: Record<string, string[]> = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/server'],
  '@reduxjs/toolkit': ['@reduxjs/toolkit', '@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'],
  'react-redux': ['react-redux'],
  'react-router-dom': ['react-router-dom'],
};

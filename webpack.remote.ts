/**
 * A remote's build, the same for every remote: its pages for the browser (a Module Federation
 * container exposing `src/exposes/<Module>.tsx`, on the runtime the shell provides), its
 * standalone page's federation runtime, and its server container (src/server.tsx), which the
 * shell's server draws its pages with. Each remote's webpack.config.ts names only what is its
 * own: its package, contract, port and exposed modules.
 */
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Configuration, WebpackPluginInstance } from 'webpack';
import { commonConfig, serverConfig, sharedSingletons, withStandaloneRuntime, type Mode, type PackageJson, type StoreContract } from './webpack.common';

export interface RemoteBuild {
  dirname: string;
  pkg: PackageJson & { name: string; version: string };
  contract: StoreContract;
  /** Its dev server's port (CATALOG_PORT and the like). */
  port: number;
  /** The modules it exposes, each from src/exposes/<Module>.tsx. */
  exposes: readonly string[];
  /** Plugins for both its browser and its server builds (the product's lightgallery key, say). */
  plugins?: WebpackPluginInstance[];
}

export function remoteConfig({ dirname, pkg, contract, port, exposes, plugins = [] }: RemoteBuild) {
  return (_env: unknown, argv: { mode?: Mode }): Configuration[] => {
    const mode = argv.mode ?? 'production';
    const web = commonConfig({
      dirname,
      pkg,
      mode,
      port,
      outputDir: `dist/${pkg.version}`,
      contract,
      title: `${pkg.name} — standalone`,
      plugins: [
        new ModuleFederationPlugin({
          name: pkg.name.replace(/-/g, '_'),
          filename: 'remoteEntry.js',
          manifest: true,
          dts: false,
          shareStrategy: 'loaded-first',
          exposes: Object.fromEntries(exposes.map((module) => [`./${module}`, `./src/exposes/${module}.tsx`])),
          shared: sharedSingletons(pkg),
          // Runs on the runtime the shell provides; its own page loads federation-runtime.js instead.
          experiments: { externalRuntime: true },
        }),
        ...plugins,
      ],
    });
    return [...withStandaloneRuntime(web), serverConfig(web, { pkg, remote: true, plugins })];
  };
}

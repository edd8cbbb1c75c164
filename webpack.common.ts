/**
 * What every package's webpack config has in common: TypeScript through swc, CSS, the standalone
 * HTML page, the dev server, and the list of singletons shared through Module Federation.
 * Each package's own webpack.config.ts keeps its federation config in plain sight.
 * This file puts the builds together; their parts are in build/.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { NormalModuleReplacementPlugin, type Configuration, type WebpackPluginInstance } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { SERVER_ENTRY_FILE, SERVER_EXPOSE, serverContainerName } from '@storefront/shared/ssr/server-entry';
import { besideCache, buildCache } from './build/buildCache';
import { ContractPlugin, type StoreContract } from './build/contractPlugin';
import { devServer } from './build/devServer';
import { compiledWhileDownloading, precompression } from './build/releaseAssets';
import { browserCssRule, serverCssRule, typescriptRule } from './build/rules';
import { serverSingletons, type PackageJson } from './build/sharedSingletons';

export type { StoreContract } from './build/contractPlugin';
export { API_TARGET } from './build/devServer';
export { DESKTOP_CHUNK, FirstLoadPlugin, ON_DEMAND_CHUNK } from './build/firstLoadPlugin';
export { sharedSingletons, type PackageJson } from './build/sharedSingletons';

export type Mode = 'production' | 'development';

interface CommonOptions {
  dirname: string;
  pkg: PackageJson;
  mode: Mode;
  port: number;
  /** Where the build goes, relative to the package; remotes use a folder per version. */
  outputDir: string;
  title: string;
  plugins: WebpackPluginInstance[];
  /** Dev server answers every unknown path with index.html (client-side routing). */
  historyFallback?: boolean;
  /** A remote's store contract, published as contract.json with its manifest. */
  contract?: StoreContract;
}

const REACT_ROUTER_PRODUCTION = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

/**
 * A release build (scripts/release.ts) goes to its own immutable folder, a working build to the
 * package's dist/<version>. Both find their files beside their manifest (public path `auto`), so
 * a release is built once and served from wherever a composition names: this machine, another
 * host or a CDN, for one environment or several.
 */
function releaseTarget(): { outputPath: string } | null {
  const outputPath = process.env.STOREFRONT_RELEASE_DIR;
  if (process.env.STOREFRONT_RELEASE_PUBLIC_PATH) throw new Error('STOREFRONT_RELEASE_PUBLIC_PATH is no longer read: a release loads its files from beside its manifest, wherever it is served');
  return outputPath ? { outputPath } : null;
}

export function commonConfig({ dirname, pkg, mode, port, outputDir, title, plugins, historyFallback = true, contract }: CommonOptions): Configuration & { devServer: DevServerConfiguration } {
  const production = mode === 'production';
  const release = releaseTarget();
  return {
    mode,
    context: dirname,
    entry: { main: './src/index.ts' },
    // A release's maps stay beside its files for the team's error reports (hidden: no file names
    // them), and no server serves them (edge/src/staticFiles.ts).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    // A second build of the same sources reuses what the first made (build/buildCache.ts).
    cache: buildCache(`${pkg.name}-${outputDir}`, mode, dirname),
    output: {
      path: release?.outputPath ?? path.resolve(dirname, outputDir),
      publicPath: 'auto',
      // The federation runtime names entry files before content hashes exist, so entries use the build hash.
      filename: production ? '[name].[fullhash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      uniqueName: pkg.name.replace(/[^a-z0-9]/gi, '_'),
      // A remote's federation-runtime.js comes from a second build into the same folder.
      // So does its server bundle (serverConfig).
      clean: { keep: (asset: string) => asset === STANDALONE_RUNTIME_FILE || asset.startsWith(`${SERVER_FOLDER}/`) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // Workspace packages are compiled from their TypeScript sources.
      conditionNames: ['storefront-source', '...'],
      // react-router publishes its production build beside the development one but no export
      // condition picks it: this one leaves out the router's development warnings.
      alias: production ? { 'react-router$': REACT_ROUTER_PRODUCTION } : {},
    },
    module: {
      rules: [typescriptRule(production), browserCssRule(production)],
    },
    plugins: [
      ...plugins,
      ...(contract ? [new ContractPlugin(pkg.name, contract)] : []),
      new HtmlWebpackPlugin({
        template: path.resolve(__dirname, 'shared/src/ui/index.html'),
        title,
        chunks: ['main'],
        // A remote's own page has no shell to provide the federation runtime (see withStandaloneRuntime).
        federationRuntime: contract ? STANDALONE_RUNTIME_FILE : null,
        // The template places the tags itself, around the markers the edge fills (edge/src/page.ts):
        // server-side directives (<!--#…-->), which minifiers keep.
        inject: false,
      }),
      ...(production ? [compiledWhileDownloading()] : []),
      // Brotli and gzip copies made once here, served as they are (edge/src/staticFiles.ts).
      ...(production ? precompression() : []),
    ],
    performance: { hints: false },
    // One line per build; `--stats normal` shows every asset.
    stats: production ? 'minimal' : 'errors-warnings',
    devServer: devServer({ port, historyFallback }),
  };
}

/** What a remote's standalone page loads before its own scripts. */
export const STANDALONE_RUNTIME_FILE = 'federation-runtime.js';

/**
 * A remote's build and, beside it, the federation runtime for the remote's own page. Remotes set
 * `experiments.externalRuntime`: on the storefront they run on the runtime the shell provides
 * (shared/src/federation/provideRuntime.ts, the shell's first import) instead of every remote
 * entry carrying a copy; the standalone page,
 * which the team runs and deploys without a shell, loads federation-runtime.js first instead.
 * The same goes for the functions of webpack's federation glue (the bundler runtime).
 */
export function withStandaloneRuntime(remote: Configuration & { devServer: DevServerConfiguration }): Configuration[] {
  const runtime: Configuration = {
    name: 'federation-runtime',
    mode: remote.mode,
    context: remote.context,
    target: 'web',
    devtool: false,
    cache: besideCache(remote.cache, 'federation-runtime'),
    entry: { 'federation-runtime': path.resolve(__dirname, 'shared/src/federation/provideRuntime.ts') },
    output: { path: remote.output?.path, publicPath: remote.output?.publicPath, filename: STANDALONE_RUNTIME_FILE, clean: false },
    resolve: remote.resolve,
    module: remote.module,
    performance: remote.performance,
    stats: remote.stats,
  };
  // The entry's federation glue is the page's too (shared/src/federation/bundlerRuntimeOfPage.ts).
  const bundlerRuntimeOfPage = new NormalModuleReplacementPlugin(BUNDLER_RUNTIME_REQUEST, path.resolve(__dirname, 'shared/src/federation/bundlerRuntimeOfPage.ts'));
  return [{ ...remote, plugins: [...(remote.plugins ?? []), bundlerRuntimeOfPage] }, runtime];
}

/** How the federation plugin's generated entry imports webpack's bundler runtime: by its file's absolute path. */
const BUNDLER_RUNTIME_REQUEST = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/;

/** Where a package's server build goes, inside its build folder. */
const SERVER_FOLDER = 'server';

/** The federation runtime's plugin that loads a container's chunks in Node, from its origin over HTTP. */
const NODE_RUNTIME_PLUGIN = require.resolve('@module-federation/node/runtimePlugin');

export interface ServerBuild {
  pkg: PackageJson;
  /** A remote's, exposing its render; the shell's hosts the remotes'. */
  remote?: boolean;
  plugins?: WebpackPluginInstance[];
}

/**
 * A package's server build (shared/src/ssr/contract.ts), a Module Federation container for Node.
 * A remote's exposes `./render` (its src/server.tsx) from `server/remoteEntry.js` beside its
 * mf-manifest.json; the shell's server (the shell's `server/render.js`, which the edge requires)
 * hosts them, loading each composed version from its origin through the federation runtime's
 * own Node loading (@module-federation/node's runtime plugin fetches the chunks over HTTP).
 * React, react-dom and the store's and router's libraries are singletons there. Stylesheets
 * are collected as text (scripts/lib/collectCssLoader.ts). Not minified: it never travels to a
 * shopper.
 */
export function serverConfig(web: Configuration, { pkg, remote = false, plugins = [] }: ServerBuild): Configuration {
  const production = web.mode === 'production';
  const webPath = web.output?.path;
  if (!webPath) throw new Error('serverConfig needs the web build\'s output path');
  const federated = {
    shared: serverSingletons(pkg),
    shareStrategy: 'loaded-first' as const,
    runtimePlugins: [NODE_RUNTIME_PLUGIN],
    manifest: false,
    dts: false,
  };
  const federation = remote
    ? new ModuleFederationPlugin({
        ...federated,
        // A release is built for the version it is published as (scripts/release.ts).
        name: serverContainerName(pkg.name, process.env.MF_BUILD_VERSION ?? pkg.version),
        filename: SERVER_ENTRY_FILE,
        library: { type: 'commonjs-module' },
        exposes: { [`./${SERVER_EXPOSE}`]: './src/server.tsx' },
      })
    : new ModuleFederationPlugin({
        ...federated,
        name: 'shell_server',
        // Its exports are a promise: the shared modules are ready before its code runs.
        experiments: { asyncStartup: true },
      });
  return {
    name: 'server',
    mode: web.mode,
    context: web.context,
    target: 'async-node',
    devtool: false,
    cache: besideCache(web.cache, 'server'),
    entry: remote ? {} : { render: './src/server.tsx' },
    output: {
      path: path.join(webPath, SERVER_FOLDER),
      // Chunks are found beside the remote entry, whatever origin it came from.
      publicPath: '',
      filename: remote ? '[name].js' : 'render.js',
      chunkFilename: '[id].[contenthash:8].js',
      ...(remote ? {} : { library: { type: 'commonjs2' } }),
      clean: true,
    },
    resolve: web.resolve,
    module: {
      rules: [typescriptRule(production), serverCssRule(production)],
    },
    plugins: [federation, ...plugins],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: web.stats,
  };
}

/**
 * What every package's webpack config has in common: TypeScript through swc, CSS, the standalone
 * HTML page, the dev server, and the list of singletons shared through Module Federation.
 * Each package's own webpack.config.ts keeps its federation config in plain sight.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { Compilation, NormalModuleReplacementPlugin, sources, type Compiler, type Configuration, type WebpackPluginInstance } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import sharedLibrary from './shared/package.json';
import { SERVER_ENTRY_FILE, SERVER_EXPOSE, serverContainerName } from './shared/src/ssr/serverEntry';
import { COLLECT_CSS_LOADER } from './scripts/lib/collectCssLoader';
import { INJECT_CSS_LOADER } from './scripts/lib/injectCssLoader';
import { MINIFY_CSS_LOADER } from './scripts/lib/minifyCssLoader';

export type Mode = 'production' | 'development';

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
 * Packages that must exist once on the page (ARCHITECTURE §2), with the subpaths we import.
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

/** What a remote adds to the one store (its src/contract.ts). */
export interface StoreContract {
  slices: readonly string[];
  endpoints: readonly string[];
}

interface ManifestShape {
  metaData: { name: string; buildInfo: { buildVersion: string } };
  exposes: { name: string }[];
  shared: { name: string; version: string; requiredVersion?: string; singleton?: boolean }[];
}

/**
 * Writes contract.json beside mf-manifest.json: the exposed modules, the slices and endpoints
 * the remote injects, and its shared singletons with the versions they need. Release managers'
 * checks (npm run compose -- check) read it from every remote they compose.
 */
class ContractPlugin {
  constructor(private readonly remote: string, private readonly contract: StoreContract) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StorefrontContract', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StorefrontContract', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const manifestAsset = compilation.getAsset('mf-manifest.json');
        if (!manifestAsset) return;
        const manifest = JSON.parse(manifestAsset.source.source().toString()) as ManifestShape;
        const contract = {
          name: this.remote,
          version: manifest.metaData.buildInfo.buildVersion,
          exposes: manifest.exposes.map((expose) => expose.name),
          slices: [...this.contract.slices],
          endpoints: [...this.contract.endpoints],
          shared: Object.fromEntries(
            manifest.shared
              .filter((shared) => shared.singleton)
              .map((shared) => [shared.name, { version: shared.version, ...(shared.requiredVersion ? { requiredVersion: shared.requiredVersion } : {}) }]),
          ),
        };
        compilation.emitAsset('contract.json', new sources.RawSource(`${JSON.stringify(contract, null, 2)}\n`));
      });
    });
  }
}

/** Chunk names of code a page loads only when it is used: a route of its own, or a region on demand. */
export const ON_DEMAND_CHUNK = /^(page|later)-/;
/** Chunk names of code only a desktop's first visit loads (the shell's main menu). */
export const DESKTOP_CHUNK = /^desktop-/;

/**
 * The .js and .css files of a build that a first visit loads (`files`, and on a desktop
 * `desktop` too), and those only on-demand chunks need.
 */
function splitFirstLoad(compilation: Compilation): { files: string[]; desktop: string[]; onDemand: string[] } {
  const firstLoad = new Set<string>();
  const desktop = new Set<string>();
  const onDemand = new Set<string>();
  // Module Federation gives a library the shell both provides and consumes (react-dom) two chunk
  // files with the same content: either installs both chunk ids, so a page loads only one (the
  // provided one, which comes first). Preloading both would fetch the same code twice.
  const installed = new Set<string>();
  for (const chunk of compilation.chunks) {
    const ids = [...(chunk.ids ?? [])].sort().join(',');
    if ((chunk.ids?.length ?? 0) > 1) {
      if (installed.has(ids)) continue;
      installed.add(ids);
    }
    const names = [...chunk.groupsIterable].map((group) => group.name ?? '');
    const named = (pattern: RegExp) => names.filter((name) => pattern.test(name)).length;
    const onDemandGroups = named(ON_DEMAND_CHUNK);
    const desktopGroups = named(DESKTOP_CHUNK);
    // In a first visit's chunks if any chunk group that is not on demand needs it.
    const list = names.length === 0 || onDemandGroups + desktopGroups < names.length ? firstLoad : desktopGroups > 0 ? desktop : onDemand;
    for (const file of chunk.files) {
      if (/\.(js|css)$/.test(file)) list.add(file);
    }
  }
  const sorted = (files: Set<string>) => [...files].sort();
  return { files: sorted(firstLoad), desktop: sorted(desktop), onDemand: sorted(onDemand) };
}

/**
 * For the shell (and its monolith build). Writes first-load.json: the scripts a first visit loads (everything but what only
 * on-demand chunks need, see ON_DEMAND_CHUNK), and those a desktop's loads besides (DESKTOP_CHUNK,
 * preloaded for wide screens only); the first-load budget test reads it. And has
 * index.html preload them, with /composition.json, so they download beside the entry script
 * instead of after it has run (one round trip less before the page can draw).
 */
export class FirstLoadPlugin {
  /**
   * `desktopMedia`: the media query of a wide screen, for the preloads of the desktop's chunks
   * (the shell's own threshold: its config says it, so no other package reads the shell's source).
   */
  constructor(private readonly options: { desktopMedia: string; preloadFetches?: readonly string[] }) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StorefrontFirstLoad', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StorefrontFirstLoad', (data) => {
        const inHtml = new Set(data.headTags.concat(data.bodyTags).map((tag) => String(tag.attributes.src ?? tag.attributes.href ?? '')));
        const { files, desktop } = splitFirstLoad(compilation);
        const preloadsOf = (list: string[], media?: string) =>
          list
            .filter((file) => file.endsWith('.js'))
            .map((file) => `${data.publicPath}${file}`)
            .filter((href) => !inHtml.has(href))
            .map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href, ...(media ? { media } : {}) }));
        const preloads = [...preloadsOf(files), ...preloadsOf(desktop, this.options.desktopMedia)];
        const fetches = (this.options.preloadFetches ?? []).map((href) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' }));
        // After the entry script, which starts the page; then what it will ask for.
        data.headTags.push(...fetches, ...preloads);
        return data;
      });
      compilation.hooks.processAssets.tap({ name: 'StorefrontFirstLoad', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset('first-load.json', new sources.RawSource(`${JSON.stringify(splitFirstLoad(compilation), null, 2)}\n`));
      });
    });
  }
}

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

export const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;

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

function typescriptRule(production: boolean) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
        },
      },
    },
  };
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
      rules: [
        typescriptRule(production),
        // A release's own stylesheets are minified (scripts/lib/minifyCssLoader.ts) and put in
        // the page by one statement each, without style-loader's and css-loader's runtimes
        // (scripts/lib/injectCssLoader.ts). A working build keeps them for their source maps; a
        // library's stylesheet, for its url()s.
        {
          test: /\.css$/,
          oneOf: [
            ...(production ? [{ exclude: /node_modules/, use: [INJECT_CSS_LOADER, MINIFY_CSS_LOADER] }] : []),
            // No CSS source maps in a release: css-loader would put each stylesheet into the bundle
            // a second time with its mappings.
            { use: ['style-loader', { loader: 'css-loader', options: { sourceMap: !production } }, ...(production ? [MINIFY_CSS_LOADER] : [])] },
          ],
        },
      ],
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
    devServer: {
      port,
      host: process.env.DEV_HOST ?? 'localhost',
      historyApiFallback: historyFallback,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: API_TARGET, pathRewrite: { '^/api': '' } }],
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    },
  };
}

/** V8's explicit compile hint: every function of the file is compiled as it streams in (Chrome 136 on). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Each script of a release starts with V8's compile hint, so that its functions are compiled while
 * the file downloads, off the page's main thread, and not one by one on it the first time each
 * runs. A store's scripts are loaded to be run: the shell entry's federation runtime, react-dom's
 * reconciler, a page's components all run as the page starts or hydrates. On the 4× slower CPU
 * the shell entry's evaluation went from 72–125 ms to 32–57 ms, and a page's main-thread time
 * fell 10–25% (docs/performance.md). Added after minification (which
 * would drop the comment) and before the source maps are written (which it shifts by a line).
 * Other browsers read a comment.
 */
function compiledWhileDownloading(): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.compilation.tap('StorefrontCompileHint', (compilation) => {
        // The entry's name carries the build's hash, made before the hint is added: the hint goes into it too.
        compilation.hooks.fullHash.tap('StorefrontCompileHint', (hash) => hash.update(COMPILE_HINT));
        compilation.hooks.processAssets.tap({ name: 'StorefrontCompileHint', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, (assets) => {
          for (const name of Object.keys(assets)) {
            if (name.endsWith('.js')) compilation.updateAsset(name, (old) => new sources.ConcatSource(`${COMPILE_HINT}\n`, old));
          }
        });
      });
    },
  };
}

/** Text files worth compressing; never the (hidden) source maps, which are not served. */
const COMPRESSIBLE = /\.(?:js|css|html|json|svg|txt)$/;

/** Each compressible file of a release with its .br and .gz copies beside it. */
function precompression(): WebpackPluginInstance[] {
  const common = { test: COMPRESSIBLE, threshold: 512, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin<zlib.BrotliOptions>({ ...common, algorithm: 'brotliCompress', filename: '[path][base].br', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
  ];
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

/**
 * What a server render shares (shared/src/ssr/contract.ts): React, react-dom and its server
 * renderer, and the libraries of the store and the router, so that the shell's server and every
 * remote version render with one copy of each. Not the shared library itself: each container keeps
 * its own api slice, into which its version's endpoints go, so that two versions of a remote (the
 * live one and a preview, or a working build rebuilt in place) can each add theirs
 * (`overrideExisting: 'throw'`, ARCHITECTURE §2). The ranges are the shared library's, whose
 * code uses them.
 */
function serverSingletons(pkg: PackageJson): Record<string, SharedConfig> {
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
      rules: [
        typescriptRule(production),
        // url() left as written: our stylesheets use data: URIs only, and lightgallery's fonts
        // (its stylesheet loads with the lightbox, never on the server) need no copy here.
        { test: /\.css$/, use: [COLLECT_CSS_LOADER, { loader: 'css-loader', options: { url: false } }, ...(production ? [MINIFY_CSS_LOADER] : [])] },
      ],
    },
    plugins: [federation, ...plugins],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: web.stats,
  };
}

/**
 * What a release build does to its files once they are written: the compile hint at the top of
 * each script, and the compressed copies the edge serves.
 */
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import { Compilation, sources, type Compiler, type WebpackPluginInstance } from 'webpack';

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
export function compiledWhileDownloading(): WebpackPluginInstance {
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
export function precompression(): WebpackPluginInstance[] {
  const common = { test: COMPRESSIBLE, threshold: 512, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin<zlib.BrotliOptions>({ ...common, algorithm: 'brotliCompress', filename: '[path][base].br', compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
  ];
}

/**
 * How a build reads the store's sources: TypeScript through swc, and stylesheets, put in the page
 * in the browser and collected as text on the server.
 */
import { COLLECT_CSS_LOADER } from '../loaders/collectCssLoader';
import { INJECT_CSS_LOADER } from '../loaders/injectCssLoader';
import { MINIFY_CSS_LOADER } from '../loaders/minifyCssLoader';

export function typescriptRule(production: boolean) {
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

/**
 * A release's own stylesheets are minified (loaders/minifyCssLoader.ts) and put in
 * the page by one statement each, without style-loader's and css-loader's runtimes
 * (loaders/injectCssLoader.ts). A working build keeps them for their source maps; a
 * library's stylesheet, for its url()s.
 */
export function browserCssRule(production: boolean) {
  return {
    test: /\.css$/,
    oneOf: [
      ...(production ? [{ exclude: /node_modules/, use: [INJECT_CSS_LOADER, MINIFY_CSS_LOADER] }] : []),
      // No CSS source maps in a release: css-loader would put each stylesheet into the bundle
      // a second time with its mappings.
      { use: ['style-loader', { loader: 'css-loader', options: { sourceMap: !production } }, ...(production ? [MINIFY_CSS_LOADER] : [])] },
    ],
  };
}

/**
 * A server render's stylesheets, collected as text (loaders/collectCssLoader.ts). url() left
 * as written: our stylesheets use data: URIs only, and lightgallery's fonts (its stylesheet loads
 * with the lightbox, never on the server) need no copy here.
 */
export function serverCssRule(production: boolean) {
  return { test: /\.css$/, use: [COLLECT_CSS_LOADER, { loader: 'css-loader', options: { url: false } }, ...(production ? [MINIFY_CSS_LOADER] : [])] };
}

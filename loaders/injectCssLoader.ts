/**
 * A webpack loader for release builds, in style-loader's and css-loader's place for the store's
 * own stylesheets: the (minified) stylesheet becomes one statement that puts it in a <style> at
 * the end of <head>, as style-loader does by default, or before the server's copy of the page's
 * styles while the page is the server's. Those two loaders bring their runtimes
 * into every build that has a stylesheet (about 1.5 KB gzip in each of the shell and the
 * remotes, on every first load) for what our stylesheets never use: CSS modules, `@import`, and
 * url()s to files. A stylesheet that does use them fails the build, naming the file; a
 * library's stylesheet (lightgallery's, with its fonts) keeps the full loaders.
 */

import { SERVER_RENDERED_ATTRIBUTE } from '@storefront/shared/ssr/contract';

/** The loader's own path, for a webpack rule's `loader`. */
export const INJECT_CSS_LOADER = __filename;

interface LoaderContext {
  resourcePath: string;
}

/** `url(` not followed by a data: URI, or `@import`: what only css-loader can resolve. */
const NEEDS_CSS_LOADER = /@import\b|url\(\s*(?!['"]?data:)/i;

export default function injectCss(this: LoaderContext, source: string): string {
  const needs = NEEDS_CSS_LOADER.exec(source);
  if (needs) {
    throw new Error(`${this.resourcePath}: "${needs[0]}" needs css-loader: the store's own stylesheets use data: URIs only and no @import (webpack.common.ts)`);
  }
  // Ahead of the server's copy of the page's styles while it is there (edge/src/page.ts): until the
  // browser has hydrated the page, that copy's cascade order stands, whatever order the
  // stylesheets arrive in (shell/src/app/hydration.ts removes it then).
  return `(function(s,h){s.textContent=${JSON.stringify(source)};h.insertBefore(s,h.querySelector("style[${SERVER_RENDERED_ATTRIBUTE}]"))})(document.createElement("style"),document.head);\n`;
}

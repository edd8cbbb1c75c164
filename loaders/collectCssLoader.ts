/**
 * A webpack loader for server bundles, in style-loader's place: the stylesheet css-loader made is
 * handed, as text, to shared/src/ssr/collectedCss.ts when its module is evaluated, instead of
 * being put into a document. The shell's server sends it with the HTML a server render made.
 */
import path from 'node:path';

/** The loader's own path, for a webpack rule's `loader`. */
export const COLLECT_CSS_LOADER = __filename;

const REGISTRY = path.resolve(__dirname, '../shared/src/ssr/collectedCss.ts');

interface LoaderContext {
  context: string;
  rootContext: string;
  resourcePath: string;
  utils: { contextify(context: string, request: string): string };
}

/** The module that replaces the stylesheet's: it imports css-loader's output and collects it. */
export function pitch(this: LoaderContext, remainingRequest: string): string {
  const stylesheet = JSON.stringify(this.utils.contextify(this.context, `!!${remainingRequest}`));
  const registry = JSON.stringify(this.utils.contextify(this.context, REGISTRY));
  // Where it comes from, within its package ("./src/features/purchase/purchase.css"): a module lent
  // to another remote's page sends only its own (shared/src/ssr/collectedCss.ts).
  const from = JSON.stringify(this.utils.contextify(this.rootContext, this.resourcePath));
  return `import stylesheet from ${stylesheet};\nimport { collectCss } from ${registry};\ncollectCss(String(stylesheet), ${from});\n`;
}

/** Never reached: the pitch answers for the stylesheet. */
export default function collectCss(source: string): string {
  return source;
}

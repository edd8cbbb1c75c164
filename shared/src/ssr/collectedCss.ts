/**
 * A server bundle's stylesheets, as text. In a server build each imported stylesheet adds itself
 * here when its module is evaluated (loaders/collectCssLoader.ts) instead of injecting a
 * <style> into a document, so the order is the import order, as in the browser.
 */
const sheets: { css: string; from: string }[] = [];

/** `from`: the stylesheet's path within its package ("./src/features/cart.css"). */
export function collectCss(css: string, from = ''): void {
  sheets.push({ css, from });
}

/** Every stylesheet, or those whose path `only` accepts (a module lent to another remote's page sends its own alone). */
export function collectedCss(only?: (from: string) => boolean): string {
  return sheets
    .filter((sheet) => !only || only(sheet.from))
    .map((sheet) => sheet.css)
    .join('\n');
}

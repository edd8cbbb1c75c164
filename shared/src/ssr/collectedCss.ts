/**
 * A server bundle's stylesheets, as text. In a server build each imported stylesheet adds itself
 * here when its module is evaluated (scripts/lib/collectCssLoader.ts) instead of injecting a
 * <style> into a document, so the order is the import order, as in the browser.
 */
const sheets: string[] = [];

export function collectCss(css: string): void {
  sheets.push(css);
}

export function collectedCss(): string {
  return sheets.join('\n');
}

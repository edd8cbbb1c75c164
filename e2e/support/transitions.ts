import type { BrowserContext, Page } from 'playwright-core';

/**
 * Run in the page: keeps each text it shows (the body's text at every change to the DOM, as the
 * shopper would read it) in `window.seenTexts`. Watches the document, so it works before the body
 * is parsed too.
 */
function startRecordingTexts(): void {
  const seen: string[] = document.body ? [document.body.innerText] : [];
  (window as unknown as { seenTexts: string[] }).seenTexts = seen;
  new MutationObserver(() => {
    if (document.body) seen.push(document.body.innerText);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/**
 * Records every text the page shows from now on, for a test of what a page shows between a click
 * and the next page: an in-app navigation, not a reload, which would drop the recorder.
 */
export async function recordTexts(page: Page): Promise<void> {
  await page.evaluate(startRecordingTexts);
}

/** The texts recorded since `recordTexts`, in order. */
export function recordedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seenTexts?: string[] }).seenTexts ?? []);
}

/**
 * Records every text each page of this context shows from its very first paint (the server's
 * HTML as it is parsed included), for a test of what a page shows before it settles; read with
 * `recordedTexts`.
 */
export async function recordTextsFromFirstPaint(context: BrowserContext): Promise<void> {
  await context.addInitScript(startRecordingTexts);
}

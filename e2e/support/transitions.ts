import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records every text the page shows from now on (each change to the DOM, as the shopper would
 * read it), for a test of what a page shows between a click and the next page (issue 31): an
 * in-app navigation, not a reload, which would drop the recorder.
 */
export async function recordTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [document.body.innerText];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
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
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    const record = () => {
      if (document.body) seen.push(document.body.innerText);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

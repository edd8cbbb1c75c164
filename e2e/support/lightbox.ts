import type { Locator, Page } from 'playwright-core';

/** The lightbox's "3 / 4" counter once it reads `position` of `count`. */
function counterAt(page: Page, position: number, count: number): Locator {
  return page.locator('.lg-counter').filter({ hasText: new RegExp(`^\\s*${position}\\s*/\\s*${count}\\s*$`) });
}

/** Opens the lightbox from a picture and waits until its first picture can be zoomed. */
export async function openLightbox(page: Page, trigger: Locator): Promise<void> {
  await trigger.click();
  await page.locator('.lg-current.lg-zoomable .lg-image').waitFor();
}

/**
 * Moves to another picture with the lightbox's arrow. lightgallery ignores a move while the
 * previous one is still animating (300 ms), as a shopper would find: press again until it takes.
 */
export async function moveTo(page: Page, arrow: 'Next picture' | 'Previous picture', position: number, count: number): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.getByRole('button', { name: arrow }).click();
    const arrived = await counterAt(page, position, count)
      .waitFor({ timeout: 500 })
      .then(() => true)
      .catch(() => false);
    if (arrived) return;
  }
  throw new Error(`the lightbox did not reach picture ${position} of ${count}`);
}

/** The scale lightgallery's zoom has put on the current picture: 1 unzoomed, 2 at level 100, … */
export async function currentZoom(page: Page): Promise<number> {
  const transform = await page.locator('.lg-current .lg-image').evaluate((image) => (image as HTMLElement).style.transform);
  const scale = /scale3d\(([\d.]+)/.exec(transform);
  return scale ? Number(scale[1]) : 1;
}

import type { Page } from 'playwright-core';

/** An interactive element another element covers at its centre, as the shopper would find it. */
export interface CoveredControl {
  control: string;
  coveredBy: string;
  scrollY: number;
}

/**
 * Hit-tests the centre of every visible link, button, field and select in the viewport: the
 * element found there must be the control or inside it (a label for its own field counts). Run at
 * the page's top, middle and end. Visually hidden (1 px) controls, ones in an inert or hidden
 * region, and ones outside the viewport are left out.
 */
export async function coveredControls(page: Page): Promise<CoveredControl[]> {
  const heights = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, screen: window.innerHeight }));
  const positions = [0, Math.max(0, Math.round((heights.page - heights.screen) / 2)), Math.max(0, heights.page - heights.screen)];
  const found: CoveredControl[] = [];
  for (const scrollY of positions) {
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
    // Fixed bars slide in and out on scroll (the header, the sticky bar, Back to top): let them settle.
    await page.waitForTimeout(700);
    const covered = await page.evaluate(() => {
      const describe = (element: Element) => {
        const name = element.getAttribute('aria-label') || (element.textContent || '').trim().slice(0, 40);
        const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
        return `${element.tagName.toLowerCase()}${classes}${name ? ` "${name}"` : ''}`;
      };
      // Bars fixed across the top or the bottom of the screen (the header, the bottom navbar, the
      // sticky add-to-cart bar): what scrolls under them is out of view, not covered. Their own
      // controls, and everything in the free band between them, must be reachable.
      const isFixed = (element: Element | null): boolean => {
        for (let node = element; node; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === 'fixed' || position === 'sticky') return true;
        }
        return false;
      };
      // Bars stack: the sticky add-to-cart bar sits on the bottom navbar, so a bar that reaches the
      // edge of the band the others leave counts too.
      const bars: DOMRect[] = [];
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const position = getComputedStyle(element).position;
        if (position !== 'fixed' && position !== 'sticky') continue;
        const box = element.getBoundingClientRect();
        if (box.width < window.innerWidth / 2 || box.height === 0 || box.height > window.innerHeight / 3) continue;
        if (getComputedStyle(element).visibility !== 'visible') continue;
        bars.push(box);
      }
      let top = 0;
      let bottom = window.innerHeight;
      for (const box of [...bars].sort((a, b) => a.top - b.top)) if (box.top <= top + 1 && box.bottom > top) top = box.bottom;
      for (const box of [...bars].sort((a, b) => b.bottom - a.bottom)) if (box.bottom >= bottom - 1 && box.top < bottom) bottom = box.top;
      const problems: { control: string; coveredBy: string }[] = [];
      for (const control of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, [role=button]')) {
        if (control.closest('[inert], [aria-hidden=true], [hidden]')) continue;
        const box = control.getBoundingClientRect();
        if (box.width < 4 || box.height < 4) continue;
        const style = getComputedStyle(control);
        if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        if (!isFixed(control) && (box.top < top || box.bottom > bottom)) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || control.contains(hit) || hit.contains(control)) continue;
        const label = hit.closest('label');
        if (label && (label.control === control || label.contains(control))) continue;
        problems.push({ control: describe(control), coveredBy: describe(hit) });
      }
      return problems;
    });
    for (const problem of covered) found.push({ ...problem, scrollY });
  }
  return found;
}

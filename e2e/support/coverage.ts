import type { Page } from 'playwright-core';

/** An interactive element another element covers at its centre, as the shopper would find it. */
export interface CoveredControl {
  control: string;
  coveredBy: string;
  scrollY: number;
}

/**
 * Resolves once the page has stopped moving after a scroll or a resize: nothing added, removed or
 * restyled for 150 ms and no transition or finite animation running (a spinner's endless one does
 * not count), or after 2 s whatever it does.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        let lastChange = start;
        const observer = new MutationObserver(() => (lastChange = performance.now()));
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const moving = () => document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
        const check = () => {
          const now = performance.now();
          if (now - start >= 2000 || (now - lastChange >= 150 && !moving())) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * Hit-tests the centre of every visible link, button, field and select in the viewport: the
 * element found there must be the control or inside it (a label for its own field counts). Run at
 * the page's top, middle and end. Visually hidden (1 px) controls, ones in an inert or hidden
 * region, ones outside the viewport, and ones scrolling under the fixed bars or a small floating
 * button are left out.
 */
export async function coveredControls(page: Page): Promise<CoveredControl[]> {
  const heights = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, screen: window.innerHeight }));
  const positions = [0, Math.max(0, Math.round((heights.page - heights.screen) / 2)), Math.max(0, heights.page - heights.screen)];
  const found: CoveredControl[] = [];
  for (const scrollY of positions) {
    await page.evaluate((y) => window.scrollTo(0, y), scrollY);
    // Fixed bars slide in and out on scroll (the header, the sticky bar, Back to top): let them settle.
    await settled(page);
    const covered = await page.evaluate(() => {
      const describe = (element: Element) => {
        const name = element.getAttribute('aria-label') || (element.textContent || '').trim().slice(0, 40);
        const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
        return `${element.tagName.toLowerCase()}${classes}${name ? ` "${name}"` : ''}`;
      };
      // Bars fixed across the top or the bottom of the screen (the header, the bottom navbar, the
      // sticky add-to-cart bar): what scrolls under them is out of view, not covered. Their own
      // controls, and everything in the free band between them, must be reachable.
      // A sticky element is held in place only while it sits at its offset: once the end of its
      // container pushes it on, it scrolls away (under a fixed header too) like the rest of the page.
      const isHeld = (element: Element): boolean => {
        const style = getComputedStyle(element);
        if (style.position === 'fixed') return true;
        if (style.position !== 'sticky') return false;
        const box = element.getBoundingClientRect();
        const top = Number.parseFloat(style.top);
        const bottom = Number.parseFloat(style.bottom);
        return (!Number.isNaN(top) && Math.abs(box.top - top) < 1.5) || (!Number.isNaN(bottom) && Math.abs(window.innerHeight - box.bottom - bottom) < 1.5);
      };
      const heldAncestor = (element: Element | null): Element | null => {
        for (let node = element; node; node = node.parentElement) if (isHeld(node)) return node;
        return null;
      };
      const isFixed = (element: Element | null): boolean => heldAncestor(element) !== null;
      // Bars stack: the sticky add-to-cart bar sits on the bottom navbar, so a bar that reaches the
      // edge of the band the others leave counts too.
      const bars: DOMRect[] = [];
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        if (!isHeld(element)) continue;
        const box = element.getBoundingClientRect();
        if (box.width < window.innerWidth / 2 || box.height === 0 || box.height > window.innerHeight / 3) continue;
        if (getComputedStyle(element).visibility !== 'visible') continue;
        bars.push(box);
      }
      let top = 0;
      let bottom = window.innerHeight;
      for (const box of [...bars].sort((a, b) => a.top - b.top)) if (box.top <= top + 1 && box.bottom > top) top = box.bottom;
      for (const box of [...bars].sort((a, b) => b.bottom - a.bottom)) if (box.bottom >= bottom - 1 && box.top < bottom) bottom = box.top;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
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
        // A small floating button (Back to top) hides what scrolls under it only until the page
        // scrolls on, as a bar does; at the end of the page, or held in place under it, a control
        // stays covered.
        const holder = heldAncestor(hit);
        const floating = holder ? holder.getBoundingClientRect() : null;
        if (floating && floating.width <= 64 && floating.height <= 64 && !isFixed(control) && !atEnd) continue;
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

/**
 * A page never goes out with an empty #root because its render was late: under load (many
 * shoppers, a busy machine) a render misses its budget (RENDER_TIMEOUT_MS) most of the time, and
 * the page the browser then had to draw from nothing was the worst page at the worst time.
 *
 * What each page drew last, kept per guest page key (guestPages.ts's `guestPageKey`: address,
 * width, composed versions, the composition's api and pictures' addresses) for `keepMs` (10
 * minutes), apart from the guest page cache (which may be off, GUEST_PAGE_TTL_MS=0): a guest whose
 * page's render misses its budget gets the last good render of that page, however much older than
 * the cache's few seconds it is (a price or stock changed meanwhile is right again once the
 * browser's store asks). A page being drawn is drawn once for every request that wants it
 * meanwhile (`drawing`): the requests given the last good render do not each leave a render behind.
 * The same store, apart, keeps each page's skeleton (pageFrame.ts's `skeletonPage`), drawn when
 * a page's render failed.
 */
import { keepNewest } from './guestPages';
import type { RenderedPage } from './renderedPage';

/** How long a page's last good render is kept. */
export const DEFAULT_LAST_GOOD_MS = 10 * 60_000;

export interface LastGoodPagesOptions {
  /** How long a page's last good render may be given after it was drawn. */
  keepMs?: number;
  /** How many pages are kept at most, the one drawn longest ago going first: a page is up to a few hundred KB. */
  maxEntries?: number;
  /** Which pages a drawing gives are kept: a page's good renders (not a skeleton) unless said. */
  keeps?: (page: RenderedPage) => boolean;
  now?: () => number;
}

export class LastGoodPages {
  private readonly kept = new Map<string, { page: RenderedPage; at: number }>();
  private readonly inFlight = new Map<string, Promise<RenderedPage | null>>();
  private readonly keepMs: number;
  private readonly maxEntries: number;
  private readonly keeps: (page: RenderedPage) => boolean;
  private readonly now: () => number;

  constructor({ keepMs = DEFAULT_LAST_GOOD_MS, maxEntries = 100, keeps = (page) => !page.skeleton, now = Date.now }: LastGoodPagesOptions = {}) {
    this.keepMs = keepMs;
    this.maxEntries = maxEntries;
    this.keeps = keeps;
    this.now = now;
  }

  /**
   * `key`'s page as `render()` draws it, or as the render of it already under way does: one
   * render at a time per page. A page it gives that this store keeps (`keeps`) becomes `key`'s last good render.
   */
  drawing(key: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    const under = this.inFlight.get(key);
    if (under) return under;
    const drawn = render().then(
      (page) => {
        this.settled(key, drawn);
        if (page && this.keeps(page)) this.keep(key, page);
        return page;
      },
      (error: unknown) => {
        this.settled(key, drawn);
        throw error;
      },
    );
    this.inFlight.set(key, drawn);
    return drawn;
  }

  /** `key`'s last good render, if drawn within `keepMs`. */
  lastGood(key: string): RenderedPage | null {
    const kept = this.kept.get(key);
    if (!kept) return null;
    if (this.now() - kept.at < this.keepMs) return kept.page;
    this.kept.delete(key);
    return null;
  }

  /** The page kept for `key` if there is one, else `render()`'s (one at a time), kept. */
  keptOr(key: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    const kept = this.lastGood(key);
    return kept ? Promise.resolve(kept) : this.drawing(key, render);
  }

  /** Keeps `page` as `key`'s last good render. */
  keep(key: string, page: RenderedPage): void {
    // Set again, so that it is the newest.
    this.kept.delete(key);
    this.kept.set(key, { page, at: this.now() });
    keepNewest(this.kept, this.maxEntries);
  }

  get size(): number {
    return this.kept.size;
  }

  private settled(key: string, drawn: Promise<RenderedPage | null>): void {
    if (this.inFlight.get(key) === drawn) this.inFlight.delete(key);
  }
}

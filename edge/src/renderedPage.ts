/**
 * What a page's server render is asked (`PageRequest`: the page, the screen, the composition) and
 * what it gives (`RenderedPage`, with the guests' region it may keep, `SharedRegion`), whichever
 * thread draws it: page.ts, the render threads and the kept pages (guestPages.ts,
 * lastGoodPages.ts, shopperFrames.ts) pass them around.
 */
import type { PageHead, RegionRenderRequest, ServerQueryEntry, ServerRenderedRegion, ShopperList } from '@storefront/shared/ssr/contract';
import type { Arm } from '@storefront/release-state';

/** A phone's browser says so (Chromium's Sec-CH-UA-Mobile, or the user agent); it is drawn 412 px wide, others 1280. */
export function guessViewportWidth(headers: Record<string, string | string[] | undefined>): number {
  const mobileHint = headers['sec-ch-ua-mobile'];
  if (mobileHint === '?1') return 412;
  if (mobileHint === '?0') return 1280;
  return /\b(Mobi|Android|iPhone|iPod)\b/i.test(String(headers['user-agent'] ?? '')) ? 412 : 1280;
}

export interface PageRequest {
  pathname: string;
  search: string;
  viewportWidth: number;
  /** The composed remotes: which version (manifest) of each goes live. */
  remotes: Partial<Record<string, { version: string; manifest: string }>>;
  /**
   * Each remote's fallback (the composition's lastKnownGood): its region is drawn with that
   * version's container when the composed version's cannot be had, as the browser falls back to it
   * when the composed version cannot load.
   */
  fallbacks?: Partial<Record<string, { version: string; manifest: string }>>;
  /** Where a server render asks the api, and the pictures' address the browser uses. */
  config: RegionRenderRequest['config'];
  cookie?: string;
  /**
   * The guests' page's region (RenderedPage.region): the page is drawn as that region inside a
   * frame drawn for this shopper (`renderAround`), not drawn whole.
   */
  around?: SharedRegion;
  /** With `around`: the api's answers to the shopper's GET of their lists that the edge has (shopperLists.ts), drawn from unasked. */
  lists?: Partial<Record<ShopperList, string>>;
  /** Only the frame with a skeleton where the region goes (`skeletonPage`): a page whose render failed. */
  skeleton?: boolean;
  /** Which composition `remotes` is (the live one unless said): a render failure is counted for it. */
  arm?: Arm;
}

/**
 * A guest's page's region, kept with it when the region read the shopper's lists (its header's
 * counts, RegionRender.forEmptyLists): a shopper whose lists its HTML does not show (`shows`)
 * gets it inside a frame of their own.
 */
export interface SharedRegion {
  drawn: ServerRenderedRegion;
  css: string;
  /** The answers it was drawn with, a guest's empty lists among them. */
  queries: ServerQueryEntry[];
  /** The lists its HTML was drawn from (RegionRender.showsLists), but those it shows only some products' places in (`productsShown`). */
  shows: ShopperList[];
  /**
   * Per list it shows only some products' places in, those products (RegionRender.cartLinesOf,
   * wishlistItemsOf: a product page's own product, the cards' products): a shopper whose list
   * holds none of them gets it too.
   */
  productsShown?: Partial<Record<ShopperList, string[]>>;
  status?: number;
}

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  css: string;
  /** The answers the page was drawn with: the browser hydrates with them, and its store starts with them. */
  queries: ServerQueryEntry[];
  /** The width it was drawn for, which the browser hydrates it for. */
  viewportWidth: number;
  /** Its title and description, for the page's head. */
  head?: PageHead;
  /** The page's status when not 200 (a region that drew its not-found screen says 404). */
  status?: number;
  /** Its region read nothing of the shopper's (RegionRender.forAnyone): it is every shopper's page, as a guest's is. */
  forAnyone?: boolean;
  /** Its region read nothing of the shopper's but these lists (RegionRender.forEmptyLists): a shopper whose lists these are empty gets a guest's page. */
  forEmptyLists?: ShopperList[];
  /**
   * Of `forEmptyLists`, those its region's HTML shows (RegionRender.showsLists), but a list it
   * shows only some products' places in (RegionRender.cartLinesOf, wishlistItemsOf: a product
   * page's own product, the shop's cards): a shopper whose list holds none of them may get the
   * guests' region (`renderAround` checks).
   */
  showsLists?: ShopperList[];
  /** A guest's page whose region read the shopper's lists: that region, for shoppers with a frame of their own (`renderAround`). */
  region?: SharedRegion;
  /** The frame alone, a skeleton where the region goes (`skeletonPage`): never a page's last good render. */
  skeleton?: boolean;
}

/** Draws a page's first screen, or null (the browser draws it). */
export type PageDrawer = (request: PageRequest) => Promise<RenderedPage | null>;

/**
 * The frame a shopper gets around the guests' region (pageFrame.ts's renderAround) shows of
 * their lists only how much each holds: the header's cart and wishlist counts. So it is drawn from
 * stand-in lists that hold as much and nothing of theirs, and one drawing serves every shopper with
 * the same counts while the guests' region is kept (guestPages.ts): at 20 connections the render
 * thread otherwise drew a frame per page, and most shoppers with a cart line got their page undrawn.
 *
 * What the frame could show of a shopper is therefore only their counts, whatever its code reads:
 * the drawing never sees their lists, nor their cookie. The page still carries their own lists
 * (`withTheirLists`), which the browser's store starts with and the frame hydrates from; a frame
 * that showed more of them than their counts would not match them, which the browser suite's
 * hydration checks catch (e2e/specs/hydration.spec.ts).
 */
import { cartCount, normaliseProduct } from '@storefront/shared/domain';
import type { ServerQueryEntry, ShopperList } from '@storefront/shared/ssr/contract';
import { SHOPPER_LISTS } from '@storefront/shared/ssr/shopper-lists';
import type { RenderedPage, SharedRegion } from './renderedPage';

export interface ListCounts {
  /** What the header counts of the cart: the lines' quantities added up. */
  cart: number;
  /** And of the wishlist: its products. */
  wishlist: number;
}

/** The api's answers to a shopper's lists (their text), read once: null for one that is not JSON, none for one not given. */
export type ListAnswers = Partial<Record<ShopperList, unknown>>;

export function readAnswers(answers: Partial<Record<ShopperList, string>>): ListAnswers {
  const read: ListAnswers = {};
  for (const [list, text] of Object.entries(answers) as [ShopperList, string | undefined][]) {
    if (text === undefined) continue;
    try {
      read[list] = JSON.parse(text) as unknown;
    } catch {
      read[list] = null;
    }
  }
  return read;
}

function isCartLine(line: unknown): line is { qty: number } {
  const qty = line && typeof line === 'object' ? (line as { qty?: unknown }).qty : undefined;
  return typeof qty === 'number' && Number.isSafeInteger(qty) && qty > 0;
}

function isProduct(product: unknown): boolean {
  return typeof product === 'object' && product !== null && !Array.isArray(product);
}

/** A shopper's lists as the api answered them, each read as the api's. */
export interface TheirLists {
  cart: { qty: number }[];
  wishlist: object[];
}

/**
 * A shopper's lists from the api's answers the edge has (shopperLists.ts), or null when it lacks
 * one or cannot read it as the api's (their page is then drawn from their lists).
 */
export function theirLists({ cart, wishlist }: ListAnswers): TheirLists | null {
  if (!Array.isArray(cart) || !Array.isArray(wishlist) || !cart.every(isCartLine) || !wishlist.every(isProduct)) return null;
  return { cart, wishlist: wishlist as object[] };
}

/** What the header counts of these lists. */
export function listCounts({ cart, wishlist }: TheirLists): ListCounts {
  return { cart: cartCount(cart), wishlist: wishlist.length };
}

/**
 * Lists holding as much as `counts` says and nothing else, as the api would answer them: a cart of
 * one line of no product, a wishlist of products with no name.
 */
export function standInLists({ cart, wishlist }: ListCounts): Record<ShopperList, string> {
  return {
    cart: JSON.stringify(cart > 0 ? [{ product_id: '', qty: cart }] : []),
    wishlist: JSON.stringify(Array.from({ length: wishlist }, (_, index) => ({ id: `stand-in-${index}` }))),
  };
}

/**
 * The page drawn from stand-in lists, carrying the shopper's own for the browser's store, read as
 * the api slice reads them (baseApi.ts: a cart as it is, a wishlist's products normalised).
 */
export function withTheirLists(page: RenderedPage, lists: TheirLists): RenderedPage {
  const theirs: Record<string, () => unknown> = {
    [SHOPPER_LISTS.cart]: () => lists.cart,
    [SHOPPER_LISTS.wishlist]: () => (lists.wishlist as Parameters<typeof normaliseProduct>[0][]).map(normaliseProduct),
  };
  const isTheirs = (entry: ServerQueryEntry) => Object.hasOwn(theirs, entry.endpointName);
  const queries = page.queries.map((entry) => (isTheirs(entry) ? { ...entry, value: theirs[entry.endpointName]!() } : entry));
  const first = queries.findIndex(isTheirs);
  // The frame's answers then theirs, as renderAround puts them: the page is the frame's bytes around theirs (framedPageOf).
  const theirPage = { ...page, queries };
  if (first >= 0 && queries.slice(first).every(isTheirs)) framedPages.set(theirPage, { frame: page, frameQueries: page.queries.slice(0, first), lists: queries.slice(first) });
  return theirPage;
}

export interface FramedPage {
  /** The frame kept for shoppers with the same counts. */
  frame: RenderedPage;
  /** Its answers that are not the shopper's lists, which come first. */
  frameQueries: ServerQueryEntry[];
  /** The shopper's lists' answers, last. */
  lists: ServerQueryEntry[];
}

const framedPages = new WeakMap<RenderedPage, FramedPage>();

/**
 * The kept frame a shopper's page was made from (withTheirLists), when its answers are the frame's
 * and then the shopper's lists': the page can then be assembled once per frame and sent with only
 * their answers put in (edge/src/page.ts).
 */
export function framedPageOf(page: RenderedPage): FramedPage | undefined {
  return framedPages.get(page);
}

/** How many counts' frames are kept per region: enough for the counts most shoppers have. */
const FRAMES_PER_REGION = 32;

/** The frames drawn around each kept guests' region, by counts; a region no longer kept takes its frames with it. */
export class ShopperFrames {
  private readonly frames = new WeakMap<SharedRegion, Map<string, Promise<RenderedPage | null>>>();

  /**
   * The frame around `region` for shoppers with these counts: drawn by `draw` from stand-in lists
   * (standInLists) the first time, and kept unless that drawing failed.
   */
  frame(region: SharedRegion, counts: ListCounts, draw: (lists: Record<ShopperList, string>) => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    let byCounts = this.frames.get(region);
    if (!byCounts) {
      byCounts = new Map();
      this.frames.set(region, byCounts);
    }
    const kept = byCounts;
    const key = `${counts.cart}/${counts.wishlist}`;
    const found = kept.get(key);
    if (found) return found;
    const drawing = draw(standInLists(counts));
    if (kept.size < FRAMES_PER_REGION) {
      kept.set(key, drawing);
      const forget = () => {
        if (kept.get(key) === drawing) kept.delete(key);
      };
      drawing.then((page) => (page ? undefined : forget()), forget);
    }
    return drawing;
  }
}

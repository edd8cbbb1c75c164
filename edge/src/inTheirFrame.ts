/**
 * A shopper's page made of the guests' region in a frame drawn for them (page.ts): their lists read
 * from what the edge has of the api's answers, and the frame kept for every shopper with the same
 * counts (shopperFrames.ts).
 */
import type { ShopperList } from '@storefront/shared/ssr/contract';
import { holdsRegionProducts } from './pageFrame';
import type { PageRequest, RenderedPage, SharedRegion } from './renderedPage';
import { listCounts, readAnswers, theirLists, withTheirLists, type ShopperFrames } from './shopperFrames';
import { askList } from './shopperLists';

/**
 * A shopper's page as the guests' region in a frame of theirs (page.ts), for a shopper whose lists
 * with something in them are all ones the region does not show, their lists read from the api's
 * answers the edge has (`known`) and those asked for this page. Null, for their page to be drawn
 * for them, when a list of theirs holds a product whose place in it the region shows, or when no
 * frame was drawn.
 */
export async function inTheirFrame(
  region: SharedRegion,
  { apiBase, cookie, known, filled, frames, draw }: {
    apiBase: string | undefined;
    cookie: string;
    known: Partial<Record<ShopperList, string>> | undefined;
    filled: readonly ShopperList[];
    frames: ShopperFrames;
    draw: (cookie: string | undefined, around: Pick<PageRequest, 'around' | 'lists'>) => Promise<RenderedPage | null>;
  },
): Promise<RenderedPage | null> {
  // A filled wishlist's answer is not kept (shopperLists.ts): asked for this page, a read
  // of the api where the frame would otherwise be drawn for them.
  const answers = { ...known };
  const unkept = filled.filter((list) => answers[list] === undefined);
  if (apiBase !== undefined) {
    await Promise.all(
      unkept.map(async (list) => {
        const answer = await askList(apiBase, cookie, list);
        if (answer !== null) answers[list] = answer;
      }),
    );
  }
  const read = readAnswers(answers);
  // Not when a list of theirs holds a product whose place in it the region shows (a product page's own, a card's heart).
  if (holdsRegionProducts(region, read)) return null;
  const lists = theirLists(read);
  // Their frame shows only their counts: drawn once for every shopper with the same (shopperFrames.ts).
  return lists
    ? frames.frame(region, listCounts(lists), (standIns) => draw(undefined, { around: region, lists: standIns })).then((frame) => (frame ? withTheirLists(frame, lists) : null))
    : draw(cookie, { around: region, lists: answers });
}

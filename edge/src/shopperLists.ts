/**
 * Which of a shopper's lists (cart, wishlist) have something in them, for the guests' page, or its
 * region in a frame of their own (page.ts): asked of the api (`GET /cart`, `GET /wishlist` with
 * their cookie) and remembered for a short while per shopper, with the answers such a frame may be
 * drawn from (KEPT_WHEN_FILLED), so a shopper browsing the shop costs the api a read of their lists
 * now and then, not two reads a page.
 *
 * A cookie that names no shopper (no id, no session) is a new shopper's to the api, whose lists are
 * empty: it is not asked. Remembered only for a shopper known by their browser's own id (the api's
 * `sf_shopper` cookie) and not signed in: their lists are theirs alone, and change only through
 * requests their browser makes, which come through this edge's /api. Any such request other than a
 * read (`forget`, at its start and again at its end) ends what was known of them, and an answer
 * asked for before that is not kept. A signed-in shopper's lists are their account's, which another
 * device can change: the api is asked every time. What another edge sees is not seen here: where
 * several edges share shoppers without each shopper keeping to one, set SHOPPER_LISTS_MS to 0.
 */
// The api's cookies: the browser's own shopper id, and a signed-in session; each `__Host-` prefixed
// where the shop is on https, which the api reads first.
import { HOST_COOKIE_PREFIX, SESSION_COOKIE, SHOPPER_COOKIE } from '@storefront/contracts';
import type { ShopperList } from '@storefront/shared/ssr/contract';
import { keepNewest } from './guestPages';

/** How long what the api said of a shopper's lists is used: SHOPPER_LISTS_MS's default. */
export const DEFAULT_SHOPPER_LISTS_MS = 30_000;

/** How long the api has to say whether the shopper's lists are empty before their page is drawn for them. */
const CHECK_TIMEOUT_MS = 500;


/** A Cookie header's cookies by name (the first of a name, as the api's parser takes it). */
function cookiesOf(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    const name = at > 0 ? part.slice(0, at).trim() : '';
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * Who a Cookie header says the shopper is, for what is remembered of their lists: their browser's
 * shopper id (both its forms, as the api may read either) when they are not signed in; 'signed in'
 * when they are, or may be (a session cookie of any form: their lists are their account's); 'new'
 * when it names no shopper at all, whom the api would answer as a new one, with empty lists.
 */
export function shopperOf(cookie: string | undefined): { anonymous: string } | 'signed in' | 'new' {
  const cookies = cookiesOf(cookie ?? '');
  if (cookies.has(SESSION_COOKIE) || cookies.has(`${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`)) return 'signed in';
  const id = browserIdOf(cookies);
  return id === null ? 'new' : { anonymous: id };
}

/** The browser's shopper id in both its forms, as one key, or null when it has none. */
function browserIdOf(cookies: Map<string, string>): string | null {
  const prefixed = cookies.get(`${HOST_COOKIE_PREFIX}${SHOPPER_COOKIE}`);
  const plain = cookies.get(SHOPPER_COOKIE);
  return prefixed === undefined && plain === undefined ? null : JSON.stringify([prefixed ?? null, plain ?? null]);
}

/**
 * The lists a shopper's filled list's answer is kept for, to draw their header from without asking
 * again (KnownLists.answers): the cart, which the browser asks for itself as the page loads
 * (shell/src/app/earlyAnswers.ts) and its store takes from there, so an answer a little old (a
 * price changed since) is drawn only until the page is hydrated. Not the wishlist, whose answer the
 * browser's store keeps. An empty list's answer is kept whichever it is: it changes only through
 * the shopper's own requests.
 */
const KEPT_WHEN_FILLED: ReadonlySet<ShopperList> = new Set(['cart']);

/**
 * A kept answer is at most this long (a cart of a couple of dozen lines); a longer one is asked for
 * again. With `maxShoppers`, it bounds what the kept answers hold (80 MB at the very most).
 */
const MAX_KEPT_ANSWER = 8_192;

/** What the api said of a shopper's lists. */
export interface KnownLists {
  /** Those with something in them: none when all are empty, as a guest's are. */
  filled: ShopperList[];
  /**
   * The api's answers (their text): each of them when it was just asked, and when remembered only
   * those that may be drawn from again (KEPT_WHEN_FILLED, keptOf).
   */
  answers: Partial<Record<ShopperList, string>>;
}

/**
 * What the api at `apiBase` says of these lists of the shopper whose cookie this is; null when it
 * cannot say in time (their page is then drawn for them).
 */
export async function askLists(apiBase: string, cookie: string, lists: readonly ShopperList[]): Promise<KnownLists | null> {
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    const answered = await Promise.all(lists.map((list) => readList(apiBase, cookie, list, signal)));
    const answers = Object.fromEntries(answered.map(({ list, text }) => [list, text]));
    return { filled: answered.filter(({ empty }) => !empty).map(({ list }) => list), answers };
  } catch {
    return null;
  }
}

/** What of the api's answers is remembered: an empty list's, and a filled one's in KEPT_WHEN_FILLED not too long. */
function keptOf({ filled, answers }: KnownLists): KnownLists {
  const kept = Object.entries(answers).filter(([list, text]) => text !== undefined && (!filled.includes(list as ShopperList) || KEPT_WHEN_FILLED.has(list as ShopperList)) && text.length <= MAX_KEPT_ANSWER);
  return { filled, answers: Object.fromEntries(kept) };
}

/** The api's answer to the shopper's GET of a list, its text; throws when it is not a list. */
async function readList(apiBase: string, cookie: string, list: ShopperList, signal: AbortSignal): Promise<{ list: ShopperList; text: string; empty: boolean }> {
  const answer = await fetch(`${apiBase.replace(/\/$/, '')}/${list}`, { headers: { cookie, accept: 'application/json' }, signal });
  if (!answer.ok) {
    await answer.body?.cancel();
    throw new Error(`GET /${list} answered ${answer.status}`);
  }
  const text = await answer.text();
  const items: unknown = JSON.parse(text);
  if (!Array.isArray(items)) throw new Error(`GET /${list} did not answer a list`);
  return { list, text, empty: items.length === 0 };
}

/**
 * The api's answer (its text) to the shopper's GET of a list whose answer was not remembered
 * (KEPT_WHEN_FILLED: a filled wishlist), asked for one page; null when the api cannot give it in time.
 */
export async function askList(apiBase: string, cookie: string, list: ShopperList): Promise<string | null> {
  try {
    return (await readList(apiBase, cookie, list, AbortSignal.timeout(CHECK_TIMEOUT_MS))).text;
  } catch {
    return null;
  }
}

export interface ShopperListsOptions {
  /** How long an answer is used; 0: the api is asked every time. */
  ttlMs?: number;
  /** How many shoppers are remembered at most (the oldest go first): every id a client makes up is one. */
  maxShoppers?: number;
  now?: () => number;
  ask?: typeof askLists;
}

export class ShopperLists {
  /** Per shopper, then per api and lists asked: what the api said, and when. */
  private readonly kept = new Map<string, Map<string, { lists: KnownLists; at: number }>>();
  /**
   * Per shopper: the count of `forget` when their lists last changed. (Kept for as many shoppers as
   * `kept`: an answer is at most a check's 500 ms old, and that many changes do not come in that time.)
   */
  private readonly changed = new Map<string, number>();
  private changes = 0;
  private readonly ttlMs: number;
  private readonly maxShoppers: number;
  private readonly now: () => number;
  private readonly ask: typeof askLists;

  constructor({ ttlMs = DEFAULT_SHOPPER_LISTS_MS, maxShoppers = 10_000, now = Date.now, ask = askLists }: ShopperListsOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxShoppers = maxShoppers;
    this.now = now;
    this.ask = ask;
  }

  /**
   * What the api says of these lists of the shopper whose cookie this is: remembered, or asked (and
   * remembered). Null when the api could not say.
   */
  async known(apiBase: string, cookie: string, lists: readonly ShopperList[]): Promise<KnownLists | null> {
    const who = shopperOf(cookie);
    if (who === 'new') return { filled: [], answers: Object.fromEntries(lists.map((list) => [list, '[]'])) };
    if (who === 'signed in' || this.ttlMs === 0) return this.ask(apiBase, cookie, lists);
    const shopper = who.anonymous;
    const asking = JSON.stringify([apiBase, lists]);
    const hit = this.kept.get(shopper)?.get(asking);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.lists;
    const asked = this.changes;
    const known = await this.ask(apiBase, cookie, lists);
    // Not kept when their lists changed while the api was asked (its answer may be from before), nor when it could not say.
    if (known && (this.changed.get(shopper) ?? 0) <= asked) {
      const theirs = this.kept.get(shopper) ?? new Map<string, { lists: KnownLists; at: number }>();
      this.kept.delete(shopper);
      this.kept.set(shopper, theirs.set(asking, { lists: keptOf(known), at: this.now() }));
      keepNewest(this.kept, this.maxShoppers);
    }
    return known;
  }

  /** A request of this cookie's shopper that may change their lists (any but a read): what was known of them is not used again. */
  forget(cookie: string | undefined): void {
    // Signed in or not: signing out (a request with a session) leaves the browser's id theirs again.
    const shopper = browserIdOf(cookiesOf(cookie ?? ''));
    if (shopper === null) return;
    this.kept.delete(shopper);
    this.changes += 1;
    this.changed.delete(shopper);
    this.changed.set(shopper, this.changes);
    keepNewest(this.changed, this.maxShoppers);
  }
}

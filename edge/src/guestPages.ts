/**
 * A guest's page rendered once, not once per request. A request that sends no cookie (a first
 * visit, a search engine, a link shared and opened) is drawn the same for everyone: no cart, nobody
 * signed in, no preview. Its server render (serverRender.ts) is kept for a few seconds per address,
 * width and composition version, and requests for it meanwhile, including those that come while
 * it is being drawn, share it. A shopper's pages (any cookie) are drawn for them, unless the page's
 * last drawing read nothing of theirs, or only their lists and theirs are empty (`sharedWith`, page.ts).
 *
 * At 20 connections the edge drew the home page 60 times a second, and while it did the api's
 * answers through it waited behind the renders; a kept page costs a lookup.
 */
import type { ShopperList } from '@storefront/shared/ssr/contract';
import type { RenderedPage } from './renderedPage';

/** GUEST_PAGE_TTL_MS's default. */
export const DEFAULT_GUEST_PAGE_TTL_MS = 5_000;

export interface GuestPageCacheOptions {
  /** How long a page is kept: a price or stock change reaches guests' first screens within it. */
  ttlMs?: number;
  /**
   * How many pages are kept at most; the oldest goes first. A page is up to a few hundred KB, and
   * every address a client makes up is a page: this bounds what they can make the edge hold.
   */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  at: number;
  page: Promise<RenderedPage | null>;
}

/**
 * How long what a page's drawing said of whom it is the same for (RenderedPage.forAnyone,
 * forEmptyLists) is remembered: a shopper's request for it meanwhile gets the guests' page, if they
 * are one it is for. Longer than a page is kept, so a page every visitor asks for keeps being
 * shared once a shopper or a guest has had it drawn; short, as whether a region reads the shopper's
 * data can depend on what it shows (a product in stock or not).
 */
export const SHARED_KNOWN_MS = 60_000;

/**
 * Whom a page is the guests' page for: the shopper's lists that must be empty for it to be theirs,
 * as a guest's are (RenderedPage.forEmptyLists); none: every shopper (RenderedPage.forAnyone).
 */
export type SharedWith = readonly ShopperList[];

/** Drops a map's oldest keys (first set) until it holds at most `max`. */
export function keepNewest(map: Map<string, unknown>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

export class GuestPageCache {
  private readonly entries = new Map<string, Entry>();
  /** The keys whose last drawing was a page for more shoppers than one, for whom, and when. */
  private readonly shared = new Map<string, { with: SharedWith; shows: readonly ShopperList[] | null; at: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor({ ttlMs = DEFAULT_GUEST_PAGE_TTL_MS, maxEntries = 100, now = Date.now }: GuestPageCacheOptions = {}) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The kept page for `key`, or `render()`'s, kept from now on. A render that fails or gives none is not kept. */
  page(key: string, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.page;
    if (hit) this.entries.delete(key);
    const page = render().then(
      (rendered) => {
        if (!rendered) this.forget(key, page);
        this.learn(key, rendered);
        return rendered;
      },
      (error: unknown) => {
        this.forget(key, page);
        throw error;
      },
    );
    this.entries.set(key, { at: now, page });
    keepNewest(this.entries, this.maxEntries);
    return page;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Whom `key`'s page was, when last drawn (for a guest or a shopper, `learn`), the same for: a
   * shopper it is for (whose lists these are empty; none: anyone) then gets the guests' page
   * (`page`). Null: each shopper's is their own.
   */
  sharedWith(key: string): SharedWith | null {
    return this.known(key)?.with ?? null;
  }

  /**
   * Of the lists `sharedWith` names, those `key`'s page, when last drawn, showed in its region
   * (RenderedPage.showsLists): a shopper with something in the others alone gets the guests' region
   * in a frame of their own. Null when not known.
   */
  shownLists(key: string): readonly ShopperList[] | null {
    return this.known(key)?.shows ?? null;
  }

  /** Remembers whom a drawing of `key` was the same for; one that was only its shopper's, or none, ends what was known at once. */
  learn(key: string, rendered: RenderedPage | null): void {
    this.shared.delete(key);
    const sharedWith: SharedWith | null = rendered?.forAnyone ? [] : (rendered?.forEmptyLists ?? null);
    if (!sharedWith) return;
    this.shared.set(key, { with: sharedWith, shows: rendered?.showsLists ?? null, at: this.now() });
    keepNewest(this.shared, this.maxEntries * 10);
  }

  private known(key: string): { with: SharedWith; shows: readonly ShopperList[] | null } | null {
    const known = this.shared.get(key);
    if (known === undefined) return null;
    if (this.now() - known.at < SHARED_KNOWN_MS) return known;
    this.shared.delete(key);
    return null;
  }

  private forget(key: string, page: Promise<RenderedPage | null>): void {
    if (this.entries.get(key)?.page === page) this.entries.delete(key);
  }
}

type ComposedVersions = Partial<Record<string, { version: string; manifest: string }>>;

function versionsKey(remotes: ComposedVersions): string[] {
  return Object.entries(remotes)
    .filter((entry): entry is [string, { version: string; manifest: string }] => entry[1] !== undefined)
    .map(([name, { version, manifest }]) => `${name}@${version}=${manifest}`)
    .sort();
}

/**
 * What makes a guest's page what it is: the address, the width it is drawn for, the composed
 * version of each remote and its fallback (which draws the region when the composed one cannot),
 * and the composition's api and pictures' addresses. (The shell's own server bundle is the edge's
 * for its life: a cache is one edge's.)
 */
export function guestPageKey(parts: { pathname: string; search: string; viewportWidth: number; remotes: ComposedVersions; fallbacks?: ComposedVersions; config: unknown }): string {
  const key: unknown[] = [parts.pathname, parts.search, parts.viewportWidth, versionsKey(parts.remotes), parts.config];
  const fallbacks = versionsKey(parts.fallbacks ?? {});
  if (fallbacks.length > 0) key.push(fallbacks);
  return JSON.stringify(key);
}

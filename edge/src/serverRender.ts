/**
 * The shell's server renders a page's first screen (shared/src/ssr/contract.ts): the page's region
 * with the server container of the remote version the composition names (or of its fallback, when
 * that one's cannot be had), loaded through the federation runtime by the shell's server bundle,
 * and its own header and footer around it, both into index.html. A shopper then sees the page as
 * soon as the HTML has arrived instead of once every script has, and the browser hydrates it (its
 * links work before that; a tap on a control is kept until then, eventReplay.ts).
 *
 * A render is given up only after RENDER_LIMIT_MS (a render thread's own limit): page.ts decides
 * what a page that misses its budget (RENDER_TIMEOUT_MS) gets meanwhile, and what one whose
 * render failed gets instead (the last good render of a guest's page, or `skeletonPage`'s frame).
 */
import { pageModuleForPath } from 'shell/routes';
import { SERVER_ENTRY_PATH, serverContainerName } from '@storefront/shared/ssr/server-entry';
import {
  HYDRATION_PENDING_ATTRIBUTE,
  type PageHead,
  type RegionRender,
  type RegionRenderRequest,
  type RemoteServerBundle,
  type ServerQueryEntry,
  type ServerRemote,
  type ServerRenderedRegion,
  type ShellRenderRequest,
  type ShellServerBundle,
  type ShopperList,
} from '@storefront/shared/ssr/contract';
import { holdsProductOf, isShopperList, SHOPPER_LISTS } from '@storefront/shared/ssr/shopper-lists';
import { isRemote, type Arm, type CompositionDocument, type CompositionEntry } from '@storefront/release-state';
import { VERSION_PATTERN } from './releaseStore';
import { countRenderFailure } from './renderFailures';

/**
 * How long a page's render may run before it is given up, in a render thread or in the edge's
 * own: long past a page's budget (RENDER_TIMEOUT_MS), which decides only what the page gets while
 * it waits, never that it stops waiting (page.ts).
 */
export const RENDER_LIMIT_MS = 10_000;

export type RemoteBundleLoader = (remote: string, composed: CompositionEntry) => Promise<RemoteServerBundle | null>;

/**
 * A composed remote version's server container: named for its version, at `server/remoteEntry.js`
 * beside the composed manifest, so on the origin the composition names and nowhere else. Null for
 * a name that is not one of our remotes, a version that is not a version, or a manifest that is
 * not an http(s) address.
 */
export function serverRemoteOf(remote: string, { version, manifest }: CompositionEntry): ServerRemote | null {
  if (!isRemote(remote) || !VERSION_PATTERN.test(version)) return null;
  let entry: URL;
  try {
    entry = new URL(SERVER_ENTRY_PATH, manifest);
  } catch {
    return null;
  }
  if (entry.protocol !== 'http:' && entry.protocol !== 'https:') return null;
  return { name: serverContainerName(remote, version), entry: entry.href };
}

export interface ServerRemotesOptions {
  /** How long a version that failed to load waits before it is tried again. */
  retryAfterMs?: number;
  /** How long a version may take to load before it counts as failed. */
  loadTimeoutMs?: number;
  /** How long a version the live composition does not name (a preview's) is kept after its last render. */
  idleMs?: number;
  /**
   * How often a server entry that may change (a working build's, rewritten in place; its origin
   * does not call it immutable) is asked again whether it did.
   */
  revalidateMs?: number;
  log?: (line: string) => void;
}

interface LoadedVersion {
  entry: string;
  bundle: Promise<RemoteServerBundle | null>;
  usedAt: number;
  failedAt: number | null;
  /** The entry's validator (ETag or Last-Modified) when its origin says it may change; null when immutable. */
  validator: string | null;
  checkedAt: number;
}

/** `work`'s result, or null once `ms` have passed. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What identifies the entry's content, unless its origin says it never changes (a release). */
function validatorOf(answer: Response): string | null {
  if (/\bimmutable\b/.test(answer.headers.get('cache-control') ?? '')) return null;
  return answer.headers.get('etag') ?? answer.headers.get('last-modified') ?? '';
}

/**
 * The remotes' server containers in use on this edge, each version loaded once by the shell's
 * server bundle (`loadServerRemote`) and dropped (`dropServerRemote`) when the live composition
 * no longer names it and no preview has rendered with it for `idleMs`. A version without a server
 * container, or one that fails to load, renders in the browser only, and is tried again after
 * `retryAfterMs`.
 */
export class ServerRemotes {
  private readonly versions = new Map<string, LoadedVersion>();
  private readonly retryAfterMs: number;
  private readonly loadTimeoutMs: number;
  private readonly idleMs: number;
  private readonly revalidateMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly shell: Pick<ShellServerBundle, 'loadServerRemote' | 'dropServerRemote'>,
    { retryAfterMs = 30_000, loadTimeoutMs = 15_000, idleMs = 10 * 60_000, revalidateMs = 10_000, log = (line) => console.error(line) }: ServerRemotesOptions = {},
  ) {
    this.retryAfterMs = retryAfterMs;
    this.loadTimeoutMs = loadTimeoutMs;
    this.idleMs = idleMs;
    this.revalidateMs = revalidateMs;
    this.log = log;
  }

  /** The composed version's `./render`, or null: it has none, or it could not be loaded. */
  readonly bundle: RemoteBundleLoader = (remote, composed) => {
    const target = serverRemoteOf(remote, composed);
    if (!target) return Promise.resolve(null);
    const now = Date.now();
    let loaded = this.versions.get(target.name);
    if (loaded && (loaded.entry !== target.entry || (loaded.failedAt !== null && now - loaded.failedAt >= this.retryAfterMs))) {
      this.drop(target.name);
      loaded = undefined;
    }
    if (!loaded) {
      loaded = this.start(target);
    } else if (loaded.validator !== null && loaded.failedAt === null && now - loaded.checkedAt >= this.revalidateMs) {
      loaded.checkedAt = now;
      void this.revalidate(target, loaded);
    }
    loaded.usedAt = now;
    return loaded.bundle;
  };

  /** The versions loaded now, by container name. */
  loadedNames(): string[] {
    return [...this.versions.keys()];
  }

  /** Drops every version `live` does not name that has not rendered for `idleMs`. */
  retain(live: Iterable<ServerRemote>): void {
    const keep = new Set([...live].map((remote) => remote.name));
    const now = Date.now();
    for (const [name, loaded] of this.versions) {
      if (!keep.has(name) && now - loaded.usedAt >= this.idleMs) this.drop(name);
    }
  }

  /**
   * Loads the versions `live` names now, and every `everyMs` drops those it no longer names
   * (retain). Gives the function that stops it.
   */
  follow(live: () => Promise<Partial<Record<string, CompositionEntry>>>, everyMs = 60_000): { ready: Promise<void>; stop: () => void } {
    const composed = async () =>
      Object.entries(await live()).flatMap(([remote, entry]) => {
        if (!entry) return [];
        const target = serverRemoteOf(remote, entry);
        return target ? [{ remote, entry, target }] : [];
      });
    const ready = composed()
      .then((versions) => Promise.all(versions.map(({ remote, entry }) => this.bundle(remote, entry))))
      .then(() => undefined, () => undefined);
    const timer = setInterval(() => {
      composed().then(
        (versions) => this.retain(versions.map(({ target }) => target)),
        () => undefined,
      );
    }, everyMs);
    timer.unref();
    return { ready, stop: () => clearInterval(timer) };
  }

  /** Drops every version. */
  close(): void {
    for (const name of [...this.versions.keys()]) this.drop(name);
  }

  private start(target: ServerRemote): LoadedVersion {
    const now = Date.now();
    const loaded: LoadedVersion = { entry: target.entry, bundle: Promise.resolve(null), usedAt: now, failedAt: null, validator: null, checkedAt: now };
    loaded.bundle = this.load(target, loaded);
    this.versions.set(target.name, loaded);
    return loaded;
  }

  private drop(name: string): void {
    this.versions.delete(name);
    this.forget(name);
  }

  /** The runtime forgets the version (whatever of it was registered); this edge may still hold its record. */
  private forget(name: string): void {
    try {
      this.shell.dropServerRemote(name);
    } catch (error) {
      this.log(`[edge] dropping the server container ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The entry's head: whether it is there, and its validator. */
  private askEntry(target: ServerRemote): Promise<Response> {
    return fetch(target.entry, { method: 'HEAD', signal: AbortSignal.timeout(this.loadTimeoutMs) });
  }

  private async load(target: ServerRemote, loaded: LoadedVersion): Promise<RemoteServerBundle | null> {
    const failed = (reason: string) => {
      loaded.failedAt = Date.now();
      this.log(`[edge] ${reason}: its pages are rendered in the browser (tried again in ${Math.round(this.retryAfterMs / 1000)} s)`);
      this.forget(target.name);
      return null;
    };
    try {
      // Asked first, so that a version without one (or an origin that is away) says so plainly.
      const answer = await this.askEntry(target);
      if (answer.status === 404) return failed(`${target.entry} is not there (a version built without a server container)`);
      if (!answer.ok) return failed(`${target.entry} answered ${answer.status}`);
      loaded.validator = validatorOf(answer);
      const bundle = await withTimeout(this.shell.loadServerRemote(target), this.loadTimeoutMs);
      return bundle ?? failed(`${target.entry} took longer than ${this.loadTimeoutMs} ms to load`);
    } catch (error) {
      return failed(`the server container ${target.entry} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A working build rebuilt in place is loaded again once it has changed. */
  private async revalidate(target: ServerRemote, loaded: LoadedVersion): Promise<void> {
    try {
      const answer = await this.askEntry(target);
      if (!answer.ok || validatorOf(answer) === loaded.validator || this.versions.get(target.name) !== loaded) return;
      this.drop(target.name);
      this.start(target).usedAt = loaded.usedAt;
    } catch {
      // Asked again next time.
    }
  }
}

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

/**
 * Whom a region said it is the same page for (RegionRender.forAnyone, forEmptyLists), if it said it
 * in a way this edge knows: a list it does not know (a newer bundle's) makes it its shopper's alone.
 */
function sameFor(region: Pick<RegionRender, 'forAnyone' | 'forEmptyLists'>): Pick<RenderedPage, 'forAnyone' | 'forEmptyLists'> {
  if (region.forAnyone === true) return { forAnyone: true };
  const lists: unknown = region.forEmptyLists;
  return Array.isArray(lists) && lists.length > 0 && lists.every(isShopperList) ? { forEmptyLists: [...lists] } : {};
}

/** Draws a page's first screen, or null (the browser draws it). */
export type PageDrawer = (request: PageRequest) => Promise<RenderedPage | null>;

/** `renderPage` (or `renderAround`) in the edge's own thread (RENDER_THREADS=0, and the tests'); renderThreads.ts draws in others. */
export function inThisThread(options: RenderOptions): PageDrawer {
  return (request) => (request.skeleton ? skeletonPage(request, options) : request.around ? renderAround(request, request.around, options) : renderPage(request, options));
}

/** What a thread draws pages with. */
export interface RendererSource {
  /** The shell's server bundle (shell/dist/server/render.js). */
  shellBundle: string;
  /** How long a render may take before it is given up (RENDER_LIMIT_MS). */
  timeoutMs: number;
  /** The live composition's remotes when it starts: their versions load before it is ready. */
  live: CompositionDocument['remotes'];
}

export interface Renderer {
  draw: PageDrawer;
  /** The live composition's remotes as they are now: the versions newly named start loading at once. */
  setLive(remotes: CompositionDocument['remotes']): void;
  close(): void;
}

/**
 * The shell's server bundle loaded in this thread, and through it the remotes' containers the
 * live composition names (loaded before this resolves, and followed after): as `liveNow` gives
 * them, else as `live` and then `setLive` say. A render thread is told them by the edge's thread
 * (renderThreads.ts): it never reads the composition store itself.
 */
export async function loadRenderer({ shellBundle, timeoutMs, live }: RendererSource, liveNow?: () => Promise<CompositionDocument['remotes']>): Promise<Renderer> {
  // A promise of its exports: its shared modules are ready first (webpack.common.ts's serverConfig).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's own build, read once per thread
  const shell = (await require(shellBundle)) as ShellServerBundle;
  const remotes = new ServerRemotes(shell);
  let latest = live;
  const following = remotes.follow(liveNow ?? (() => Promise.resolve(latest)));
  await following.ready;
  return {
    draw: inThisThread({ shell, loadRemoteBundle: remotes.bundle, timeoutMs }),
    setLive: (next) => {
      latest = next;
      // A new composition's versions are loaded before its first page asks for them.
      for (const [remote, entry] of Object.entries(next)) {
        if (entry) void remotes.bundle(remote, entry).catch(() => null);
      }
    },
    close: () => {
      following.stop();
      remotes.close();
    },
  };
}

export interface RenderOptions {
  shell: Pick<ShellServerBundle, 'renderShellPage' | 'shopperListAnswers' | 'renderOwnPage' | 'embeds'>;
  loadRemoteBundle: RemoteBundleLoader;
  /** How long a render may take before it is given up (RENDER_LIMIT_MS; the tests' less). */
  timeoutMs: number;
}

/**
 * Another remote's module a page embeds (the cart's Add to Cart on a product page), from the
 * server container of the version the composition names, or of its fallback when that one's
 * cannot be had: the browser loads the same. Null when neither lends it.
 */
export function embeddedFrom(request: Pick<PageRequest, 'remotes' | 'fallbacks'>, loadRemoteBundle: RemoteBundleLoader): NonNullable<RegionRenderRequest['embedded']> {
  return async ({ remote, module }) => {
    const composed = request.remotes[remote];
    if (!composed) return null;
    let bundle = await loadRemoteBundle(remote, composed);
    const fallback = request.fallbacks?.[remote];
    if (!bundle && fallback && fallback.manifest !== composed.manifest) bundle = await loadRemoteBundle(remote, fallback);
    const lent = bundle?.embeddable;
    return lent && Object.hasOwn(lent, module) ? (lent[module] ?? null) : null;
  };
}

/**
 * The other remotes' modules the shell's frame draws (ShellServerBundle.embeds: the cart's
 * wishlist and cart in the header), each from the version the composition names (or its
 * fallback), by "remote/Module". One not had within `timeoutMs` is null: the frame draws its
 * "unavailable" in its place, and the page is not held up.
 */
export async function frameEmbedsFor(
  request: Pick<PageRequest, 'remotes' | 'fallbacks'>,
  shell: Pick<ShellServerBundle, 'embeds'>,
  loadRemoteBundle: RemoteBundleLoader,
  timeoutMs: number,
): Promise<ShellRenderRequest['embedded']> {
  const refs = Array.isArray(shell.embeds) ? shell.embeds : [];
  if (refs.length === 0) return undefined;
  const lend = embeddedFrom(request, loadRemoteBundle);
  const loaded = await Promise.all(refs.map((ref) => withTimeout(lend(ref), timeoutMs).catch(() => null)));
  return Object.fromEntries(refs.map((ref, index) => [`${ref.remote}/${ref.module}`, loaded[index] ?? null]));
}

/**
 * Renders a page's first screen, or null: no page module for this path, neither the composed
 * version of its remote nor its fallback has a server container that loads, the region was not
 * rendered, or it took longer than `timeoutMs`. A region drawn by the fallback is marked with the
 * fallback's version (the browser draws it afresh if it loads another).
 */
export async function renderPage(
  request: PageRequest,
  { shell, loadRemoteBundle, timeoutMs }: RenderOptions,
): Promise<RenderedPage | null> {
  const page = pageModuleForPath(request.pathname);
  // Asked while the region is drawn: the frame around it needs them.
  const embedded = frameEmbedsFor(request, shell, loadRemoteBundle, timeoutMs);
  if (!page) return ownPage(request, shell, await embedded, timeoutMs);
  const composed = request.remotes[page.remote];
  if (!composed) return null;
  const fallback = request.fallbacks?.[page.remote];
  // The version whose container drew the region: the composed one, or its fallback when the composed one's cannot be had.
  let drawnWith = composed;
  const region = await withTimeout(
    (async (): Promise<RegionRender | null> => {
      let bundle = await loadRemoteBundle(page.remote, composed);
      if (!bundle && isRemote(page.remote)) countRenderFailure(page.remote, composed.version, request.arm);
      if (!bundle && fallback && fallback.manifest !== composed.manifest) {
        bundle = await loadRemoteBundle(page.remote, fallback);
        if (bundle) drawnWith = fallback;
      }
      if (!bundle) return null;
      const { pathname, search, config, viewportWidth, cookie } = request;
      return bundle.renderRegion({ module: page.module, pathname, search, config, viewportWidth, ...(cookie ? { cookie } : {}), embedded: embeddedFrom(request, loadRemoteBundle) });
    })(),
    timeoutMs,
  ).catch((error: unknown) => {
    if (isRemote(page.remote)) countRenderFailure(page.remote, drawnWith.version, request.arm);
    console.error(`[edge] ${page.remote} ${drawnWith.version} (${page.module}) failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!region) return null;
  const rendered: ServerRenderedRegion = { remote: page.remote, module: page.module, version: drawnWith.version, html: region.html };
  const answers = Array.isArray(region.queries) ? region.queries : [];
  const frame = shell.renderShellPage({ pathname: request.pathname, search: request.search, viewportWidth: request.viewportWidth, config: request.config, region: rendered, queries: answers, ...framed(await embedded) });
  const status = typeof region.status === 'number' && region.status >= 200 && region.status < 600 ? region.status : undefined;
  const same = sameFor(region);
  const shows: unknown = region.showsLists;
  const shownLists = same.forEmptyLists && Array.isArray(shows) && shows.every(isShopperList) ? [...shows] : undefined;
  const productsShown = shownLists ? productsShownOf(region, shownLists) : undefined;
  const showsLists = productsShown ? shownLists?.filter((list) => !Object.hasOwn(productsShown, list)) : shownLists;
  return {
    ...framedPage(frame, region.css, answers, request.viewportWidth, status),
    ...same,
    ...(showsLists ? { showsLists } : {}),
    // A guest's page is kept with its region, for shoppers to get it in a frame of their own.
    ...(showsLists && !request.cookie ? { region: { drawn: rendered, css: region.css, queries: answers, shows: showsLists, ...(productsShown ? { productsShown } : {}), ...(status ? { status } : {}) } } : {}),
  };
}

/**
 * A page of the shell's own (ShellServerBundle.renderOwnPage: the shop's information pages), or
 * null: the shell does not draw it on the server, or not within `timeoutMs`. Never a shared
 * region: it is drawn whole, for guests or for the shopper whose lists the header counts.
 */
async function ownPage(request: PageRequest, shell: RenderOptions['shell'], embedded: ShellRenderRequest['embedded'], timeoutMs: number): Promise<RenderedPage | null> {
  if (!shell.renderOwnPage) return null;
  const { pathname, search, viewportWidth, config, cookie } = request;
  const drawn = await withTimeout(shell.renderOwnPage({ pathname, search, viewportWidth, config, ...(cookie ? { cookie } : {}), ...framed(embedded) }), timeoutMs).catch((error: unknown) => {
    console.error(`[edge] the shell's page ${pathname} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  });
  if (!drawn) return null;
  const queries = Array.isArray(drawn.queries) ? drawn.queries : [];
  const status = typeof drawn.status === 'number' && drawn.status >= 200 && drawn.status < 600 ? drawn.status : undefined;
  return { ...framedPage(drawn, '', queries, viewportWidth, status), ...sameFor(drawn) };
}

/**
 * Of the lists a region's HTML shows, those it says it shows only some products' places in
 * (RegionRender.cartLinesOf, wishlistItemsOf), with those products; undefined when none. A list of
 * products not shaped as one is not taken: the region then shows all of that list.
 */
function productsShownOf(region: RegionRender, shown: readonly ShopperList[]): Partial<Record<ShopperList, string[]>> | undefined {
  const said: Record<ShopperList, unknown> = { cart: region.cartLinesOf, wishlist: region.wishlistItemsOf };
  const lists = shown.flatMap((list) => {
    const products = said[list];
    return Array.isArray(products) && products.every((id) => typeof id === 'string') ? [[list, [...products]] as const] : [];
  });
  return lists.length > 0 ? Object.fromEntries(lists) : undefined;
}

/**
 * Whether a shopper's lists, as the edge already has the api's answers (read: null for one that
 * was not JSON), hold a product whose place in them the region shows (`productsShown`): the region
 * is then not theirs, and their page is drawn whole without first asking a render thread for a
 * frame (renderAround would say no). False for a list the region shows no products' places in, or
 * whose answer is not known; true for an answer not shaped as the list.
 */
export function holdsRegionProducts(region: Pick<SharedRegion, 'productsShown'>, answers: Partial<Record<ShopperList, unknown>>): boolean {
  return (Object.entries(region.productsShown ?? {}) as [ShopperList, string[]][]).some(
    ([list, products]) => answers[list] !== undefined && holdsProductOf(list, answers[list], products),
  );
}

/**
 * A shopper's page as the guests' page's region inside a frame drawn for them: their cart and
 * wishlist (the shell's `shopperListAnswers`: the api's answers the edge has, `request.lists`, or
 * asked), the header drawn counting them. Null,
 * for the page to be drawn whole for them, when the lists cannot be read, when one the region's
 * HTML shows is not empty, or a list of theirs holds a product whose place in it the region shows
 * (`productsShown`: the region would not be theirs), or after `timeoutMs`.
 */
export async function renderAround(request: PageRequest, region: SharedRegion, { shell, timeoutMs, loadRemoteBundle }: RenderOptions): Promise<RenderedPage | null> {
  if (!shell.shopperListAnswers) return null;
  const [lists, embedded] = await Promise.all([
    withTimeout(shell.shopperListAnswers({ config: request.config, ...(request.cookie ? { cookie: request.cookie } : {}), ...(request.lists ? { known: request.lists } : {}) }), timeoutMs),
    frameEmbedsFor(request, shell, loadRemoteBundle, timeoutMs),
  ]);
  if (!lists) return null;
  const shown = new Set(region.shows.map((list) => SHOPPER_LISTS[list]));
  if (lists.some((entry) => shown.has(entry.endpointName) && !(Array.isArray(entry.value) && entry.value.length === 0))) return null;
  // Each list's answer as it is drawn from (one with no value as one not shaped as the list).
  const answers: Partial<Record<ShopperList, unknown>> = {};
  for (const list of Object.keys(SHOPPER_LISTS) as ShopperList[]) {
    const entry = lists.find(({ endpointName }) => endpointName === SHOPPER_LISTS[list]);
    if (entry) answers[list] = entry.value ?? null;
  }
  if (holdsRegionProducts(region, answers)) return null;
  const theirs = new Set(lists.map((entry) => entry.endpointName));
  const queries = [...region.queries.filter((entry) => !theirs.has(entry.endpointName)), ...lists];
  const { pathname, search, viewportWidth, config } = request;
  const frame = shell.renderShellPage({ pathname, search, viewportWidth, config, region: region.drawn, queries, ...framed(embedded) });
  return framedPage(frame, region.css, queries, viewportWidth, region.status);
}

/**
 * A page whose render failed, drawn as the shell's frame (header and footer) with its skeleton
 * where the region goes (the shell draws the region's loading state for `region: null`), from no
 * answers at all, and with every module the frame embeds withheld: the header then draws its
 * plain placeholders in the cart's and wishlist's place (links without counts), and its account
 * button as the same icon for everyone. Nothing in it says whom the page is for, so it is never a
 * wrong state (a shopper's cart shown empty, "0" on their badges): the browser then draws the
 * region and the counts. The same frame for a guest and a shopper; page.ts keeps it per page.
 */
export function skeletonPage(request: PageRequest, { shell }: Pick<RenderOptions, 'shell'>): Promise<RenderedPage | null> {
  const refs = Array.isArray(shell.embeds) ? shell.embeds : [];
  const withheld = refs.length > 0 ? Object.fromEntries(refs.map((ref) => [`${ref.remote}/${ref.module}`, null])) : undefined;
  const { pathname, search, viewportWidth, config } = request;
  try {
    const frame = shell.renderShellPage({ pathname, search, viewportWidth, config, region: null, queries: [], ...framed(withheld) });
    // Drawn over by the browser, never hydrated (page.ts): no part of it waits for hydration.
    const html = frame.html.replaceAll(` ${HYDRATION_PENDING_ATTRIBUTE}=""`, '');
    return Promise.resolve({ ...framedPage({ ...frame, html }, '', [], viewportWidth, undefined), skeleton: true });
  } catch (error) {
    console.error(`[edge] the shell's frame for ${pathname} failed to render on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return Promise.resolve(null);
  }
}

/** The frame's embeds as a request's field: none when the shell embeds nothing. */
const framed = (embedded: ShellRenderRequest['embedded']) => (embedded ? { embedded } : {});

/** The shell's frame drawn around a region: the page, its styles in cascade order, and the answers it was drawn with. */
function framedPage(frame: ReturnType<ShellServerBundle['renderShellPage']>, regionCss: string, queries: ServerQueryEntry[], viewportWidth: number, status: number | undefined): RenderedPage {
  return {
    html: frame.html,
    css: `${frame.css}\n${regionCss}`,
    queries,
    viewportWidth,
    ...(frame.head ? { head: frame.head } : {}),
    ...(status ? { status } : {}),
  };
}

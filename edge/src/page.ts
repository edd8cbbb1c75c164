/**
 * The shell's pages: index.html as the build wrote it, filled at the markers its template leaves
 * (shared/src/ui/index.html) with the remote files this page will load (edge/src/routePreloads.ts)
 * and, when the server render gave one, the page's first screen (edge/src/serverRender.ts). The
 * template is cut at its markers once per build, not searched per request (pageTemplate.ts); this
 * file decides, per request, what a page is sent with: a shared guest's page, a shopper's drawn or
 * streamed one, a last good render or the frame with a skeleton.
 */
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopperList } from '@storefront/shared/ssr/contract';
import { REPLAY_SCRIPT_HASH } from './eventReplay';
import { assemblePage, drawnPageBytes, drawnPageTemplate, encodedOnce, SHARED_ENCODINGS, templateReader } from './pageTemplate';
import { compositionOrigins, servedComposition, withEntries, type CompositionSource } from './composition';
import { answerPreviewRequest } from './previews';
import { browserIdFor, withoutBrowserId } from './browserId';
import { routePreloadTags, type ManifestReader } from './routePreloads';
import { searchEngineTags, siteOrigin } from './seo';
import { setPagePolicy } from './securityHeaders';
import { DEFAULT_GUEST_PAGE_TTL_MS, GuestPageCache } from './guestPages';
import { LastGoodPages } from './lastGoodPages';
import { DEFAULT_RENDER_TIMEOUT_MS } from './settings';
import { ShopperLists } from './shopperLists';
import { ShopperFrames } from './shopperFrames';
import { inTheirFrame } from './inTheirFrame';
import { guessViewportWidth, type PageDrawer, type PageRequest, type RenderedPage } from './renderedPage';
import { withTimeout } from './withTimeout';
import { statusBeforeRender, unrenderedPageStatus } from './pageStatus';
import { guestsKey, renderConfig, skeletonKey } from './pageKeys';
import { warmRenderers } from './warmUp';
import { restOfStreamedPage, streamedOpening, streamPage } from './streamedPages';

export interface PagesOptions {
  /** The shell's build folder. */
  dist: string;
  source: CompositionSource;
  readManifest: ManifestReader;
  /** Preload the remote files each page loads (off for a build that loads none, the monolith). */
  remotePreloads: boolean;
  /**
   * The api, for a page's status when the server did not render it: a product page whose product
   * the api does not know is a 404 (a render says so itself).
   */
  apiUrl?: () => string;
  /** Whether a shopper's lists are empty, for the guests' page (made with `render.shopperListsMs`; told of every /api request that may change them). */
  shopperLists?: ShopperLists;
  /** Render each page's first screen on the server; null: the browser renders it. */
  render: {
    /**
     * Draws a page's first screen, or null: regionRender.ts's `renderPage` in a render thread
     * (renderThreads.ts) or in this one (`inThisThread`).
     */
    draw: PageDrawer;
    /**
     * Where a server render asks the api, unless the composition puts the api elsewhere: an
     * address, or the next of several api processes (upstreams.ts) for each render.
     */
    apiUrl: string | (() => string);
    /** How long a guest's page (a request with no cookie) is kept and shared (guestPages.ts); 0: never. */
    guestPageTtlMs?: number;
    /**
     * A page's budget (RENDER_TIMEOUT_MS): how long a guest waits for their page's render before
     * they get its last good render instead (lastGoodPages.ts). The render goes on after it.
     */
    budgetMs?: number;
    /** How long what the api said of a shopper's lists being empty is used (shopperLists.ts); 0: it is asked every time. */
    shopperListsMs?: number;
    /**
     * Draws the store's main pages once in every renderer before the edge takes requests
     * (renderThreads.ts's `warm`): a renderer's first pages are slow to draw, and would otherwise
     * miss their time and go to the first shoppers' browsers to draw. Answers each page as drawn
     * (null where it was not), drawn as a guest's: the guests' last good render of it.
     */
    warm?: (requests: readonly PageRequest[]) => Promise<readonly (RenderedPage | null)[]>;
  } | null;
}

/** The page's canonical address, or its robots noindex, for its head. */
function headTagsOf(request: FastifyRequest, url: URL): string[] {
  return searchEngineTags(siteOrigin(request), url.pathname, url.search);
}

/** `work`'s value if it has settled by the time this turn of the event loop ends (a kept page), or null. */
function settledAtOnce<T>(work: Promise<T>): Promise<{ value: T } | null> {
  return Promise.race([work.then((value) => ({ value })), new Promise<null>((resolve) => setImmediate(resolve, null))]);
}

/** Registers GET / and /index.html, and answers every other path without a file extension with a page (client-side routing). */
export function registerPages(app: FastifyInstance, options: PagesOptions): void {
  const readTemplate = templateReader(options.dist);
  const guestPageTtlMs = options.render?.guestPageTtlMs ?? DEFAULT_GUEST_PAGE_TTL_MS;
  const guestPages = guestPageTtlMs > 0 ? new GuestPageCache({ ttlMs: guestPageTtlMs }) : null;
  const budgetMs = options.render?.budgetMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  // Apart from the guest page cache, which may be off: each page's last good render (lastGoodPages.ts)…
  const lastGood = new LastGoodPages();
  // …and its skeleton, for a page whose render failed (pageFrame.ts's `skeletonPage`).
  const skeletons = new LastGoodPages({ keeps: (drawn) => drawn.skeleton === true });
  const shopperLists = options.shopperLists ?? new ShopperLists({ ttlMs: 0 });
  const shopperFrames = new ShopperFrames();
  /** A page's skeleton as kept for its page module (skeletonKey), drawn for its path without its query when none is. */
  const keptSkeleton = (request: Omit<PageRequest, 'search' | 'skeleton'>, composed: ReturnType<typeof renderConfig>) =>
    skeletons.keptOr(skeletonKey(request, composed), () => options.render?.draw({ ...request, search: '', skeleton: true }) ?? Promise.resolve(null));
  const warm = options.render?.warm;
  // Before the edge listens: its first shoppers get pages drawn on the server too.
  if (warm) {
    app.addHook('onReady', () =>
      // A warm-up that fails costs only the first pages' server render, never the edge's start.
      warmRenderers(options, warm, app.log, {
        guestsPage: (request, composed, drawn) => lastGood.keep(guestsKey(request, composed), drawn),
        skeleton: keptSkeleton,
      }).catch((error: unknown) => app.log.warn(`[edge] the server renderers could not warm up: ${error instanceof Error ? error.message : String(error)}`)),
    );
  }

  const answerPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await answerPreviewRequest(request, reply)) return reply;
    const page = await readTemplate();
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const url = new URL(request.url, 'http://edge.invalid');
    // The browser's id (set on its first answer) picks the arm of a running canary it is served.
    const browserId = browserIdFor(request, reply);
    const served = await withEntries(await servedComposition(request.headers.cookie, options.source, browserId), options.readManifest);
    const preloads = options.remotePreloads ? await routePreloadTags(url.pathname, served.remotes, options.readManifest) : [];
    // Asked at most once: before the render when the page is streamed, or when it was not rendered.
    let addressStatus: Promise<number> | undefined;
    const statusOfAddress = () => (addressStatus ??= unrenderedPageStatus(url, options.apiUrl));
    const pageHeaders = (status: number) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        // Private: the server's first screen can hold the shopper's own cart (serverRender.ts).
        .header('Cache-Control', 'private, no-cache')
        // The first screen is drawn for a phone or a wider screen (serverRender.ts); the encoding is added where it is chosen.
        .header('Vary', 'Sec-CH-UA-Mobile, User-Agent');
    const { template } = page;
    const { render } = options;
    if (!template || !render) {
      setPagePolicy(reply, compositionOrigins(served), request);
      pageHeaders(await statusOfAddress());
      return reply.compress(template ? assemblePage(template, { head: [...headTagsOf(request, url), ...preloads] }) : page.html);
    }

    const composed = renderConfig(served.config, render.apiUrl);
    const { config } = composed;
    const viewportWidth = guessViewportWidth(request.headers);
    const drawFor = (cookie: string | undefined, around?: Pick<PageRequest, 'around' | 'lists' | 'skeleton'>) =>
      render.draw({ pathname: url.pathname, search: url.search, viewportWidth, ...(cookie ? { cookie } : {}), ...around, remotes: served.remotes, fallbacks: served.lastKnownGood, config, arm: served.arm });
    // A guest's page is everyone's: drawn once, shared for a few seconds (guestPages.ts). So is a
    // shopper's, when its last drawing read nothing of the shopper's (RenderedPage.forAnyone), or
    // only their lists (the header counts their cart and wishlist; a product page starts at the
    // cart's quantity) and the api says these are empty (RenderedPage.forEmptyLists), as a guest's
    // are. That one is drawn without their cookie, as a guest's. A shopper with something only in
    // lists the page's region does not show (RenderedPage.showsLists: a cart, on the shop) gets the
    // guests' region in a frame drawn around it (pageFrame.ts's renderAround), which shows their
    // counts alone: one drawing serves every shopper with the same counts (shopperFrames.ts).
    // The browser's id alone makes nobody a shopper: such a request is a guest's.
    const cookie = withoutBrowserId(request.headers.cookie);
    const guestKey = guestsKey({ pathname: url.pathname, search: url.search, viewportWidth, remotes: served.remotes, fallbacks: served.lastKnownGood }, composed);
    // The guests' page, drawn once at a time however many ask meanwhile, its good renders kept (lastGoodPages.ts).
    const guestsDrawing = () => lastGood.drawing(guestKey, () => drawFor(undefined));
    const sharedWith = guestPages && cookie ? guestPages.sharedWith(guestKey) : null;
    const known = cookie && sharedWith && sharedWith.length > 0 && config.apiBase !== undefined ? await shopperLists.known(config.apiBase, cookie, sharedWith) : null;
    const filled = !cookie || sharedWith?.length === 0 ? [] : (known?.filled ?? null);
    const sharedPages = guestPages && filled?.length === 0 ? guestPages : null;
    // Whether the shopper's lists with something in them are all ones a region's HTML does not show.
    const notShown = (shows: readonly ShopperList[]) => filled !== null && filled.length > 0 && !filled.some((list) => shows.includes(list));
    const shown = guestPages?.shownLists(guestKey) ?? null;
    const drawnForThem = () =>
      (cookie ? drawFor(cookie) : guestsDrawing()).then((rendered) => {
        guestPages?.learn(guestKey, rendered);
        return rendered;
      });
    const drawing = (
      sharedPages
        ? sharedPages.page(guestKey, guestsDrawing)
        : guestPages && cookie && shown && notShown(shown)
          ? guestPages.page(guestKey, guestsDrawing).then(async (guests) => {
              const region = guests?.region;
              if (!region || !notShown(region.shows)) return drawnForThem();
              const framed = await inTheirFrame(region, { apiBase: config.apiBase, cookie, known: known?.answers, filled: filled ?? [], frames: shopperFrames, draw: drawFor });
              return framed ?? drawnForThem();
            })
          : drawnForThem()
    ).catch((error: unknown) => {
      // The browser draws it.
      request.log.error({ err: error }, 'the server render failed');
      return null;
    });
    const headTags = [...headTagsOf(request, url), ...preloads];
    // A drawn page has the replay script (eventReplay.ts); a streamed one may, which its policy says before it is drawn.
    const policy = (drawnPage: boolean) => setPagePolicy(reply, { ...compositionOrigins(served), ...(drawnPage ? { inlineScripts: [REPLAY_SCRIPT_HASH] } : {}) }, request);

    // A page whose render failed: the last good render of the guests' page, to whom it goes, else
    // its skeleton (pageFrame.ts's `skeletonPage`: header and footer, a skeleton where the
    // region goes, placeholders where the header would say whom it is for), kept per page module
    // (skeletonKey) and drawn for each warm-up page at the start, so that one is there when no
    // renderer is free to draw it; an empty #root only when the shell cannot draw even that.
    const guestsPage = !cookie || sharedPages !== null;
    const skeletonOf = () => keptSkeleton({ pathname: url.pathname, viewportWidth, remotes: served.remotes, fallbacks: served.lastKnownGood, config }, composed).catch(() => null);
    const orFallback = async (rendered: RenderedPage | null): Promise<RenderedPage | null> => rendered ?? (guestsPage ? lastGood.lastGood(guestKey) : null) ?? (await skeletonOf());

    // A shopper's page (they sent a cookie) not drawn yet is streamed once its status is known: its
    // head first, so the browser fetches the page's remote files and composition while the server
    // draws it, and the rest when it is drawn, however long its render takes (up to its limit,
    // RENDER_LIMIT_MS; its budget does not apply). A guest's page (shared, guestPages.ts) goes out whole:
    // it puts the first screen's pictures ahead of the scripts, which a first visit has still to
    // fetch (a shopper's browser has kept them), and the shop's picture is what a visitor waits for.
    // So does the guests' page given to a shopper: it is kept compressed, and mostly drawn already.
    // The guests' page has a budget (RENDER_TIMEOUT_MS): past it, or if its render fails, the
    // page's last good render goes out (lastGoodPages.ts), however old, and the render goes on for
    // the next request; a page with none yet waits for its render.
    let reused = false;
    let drawn: { value: RenderedPage | null } | null;
    if (guestsPage) {
      drawn = await withTimeout(drawing.then((value) => ({ value })), budgetMs);
      const kept = drawn?.value ? null : lastGood.lastGood(guestKey);
      if (kept) {
        drawn = { value: kept };
        reused = true;
      } else drawn ??= { value: await drawing };
    } else {
      drawn = await settledAtOnce(drawing);
      if (!drawn) {
        const status = statusBeforeRender(url, statusOfAddress);
        if (status) {
          const sent = await status;
          drawn = await settledAtOnce(drawing);
          if (!drawn) {
            policy(true);
            pageHeaders(sent);
            return streamPage(request, reply, streamedOpening(template, headTags), drawing.then(orFallback).then((rendered) => restOfStreamedPage(template, rendered, sent)));
          }
        } else {
          drawn = { value: await drawing };
        }
      }
    }

    if (!drawn.value && guestsPage && lastGood.lastGood(guestKey)) reused = true;
    const rendered = await orFallback(drawn.value);
    policy(rendered !== null && !rendered.skeleton);
    pageHeaders(rendered && !rendered.skeleton ? (rendered.status ?? 200) : await statusOfAddress());
    if (!rendered) return reply.compress(assemblePage(template, { head: headTags }));
    // Drawn: its scripts at low priority (scriptPreloadsLow), lowered only when the page is
    // assembled, not for each guest it then goes to; a skeleton's as built (its scripts draw its region).
    const html = drawnPageBytes(rendered, rendered.skeleton ? template : drawnPageTemplate(template), headTags);
    // A shared page goes out as it was compressed once (a last good render too: it goes to many);
    // any other is compressed on its way.
    const chosen = sharedPages || reused || rendered.skeleton ? negotiate(String(request.headers['accept-encoding'] ?? ''), [...SHARED_ENCODINGS]) : null;
    const encoding = SHARED_ENCODINGS.find((name) => name === chosen);
    if (encoding) {
      return reply.header('Vary', 'Sec-CH-UA-Mobile, User-Agent, Accept-Encoding').header('Content-Encoding', encoding).send(await encodedOnce(html, encoding));
    }
    return reply.compress(html);
  };

  app.get('/', answerPage);
  app.get('/index.html', answerPage);
  app.setNotFoundHandler(async (request, reply) => {
    const { pathname } = new URL(request.url, 'http://edge.invalid');
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname) && !pathname.startsWith('/api/')) return answerPage(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/**
 * The server's pages under load, for the hydration benchmark (bench/hydrationBench.ts): pages per
 * second, first bytes and the share the server drew at 20 connections, the api's answers through
 * the same edge meanwhile, and pages asked with a core spun beside the edge (how many went out
 * with an empty #root). With the shoppers' cookies the loads are asked with.
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { SERVER_RENDERED_ATTRIBUTE } from '@storefront/shared/ssr/contract';
import { MOBILE_USER_AGENT } from './frontEnd';
import { median } from './stats';

/** Connections the page loads are asked at. */
export const LOAD_CONNECTIONS = 20;

/** The empty-root run: this many pages at this many connections, a core spun beside the edge. */
export const EMPTY_ROOT_PAGES = 1_000;
export const EMPTY_ROOT_CONNECTIONS = 50;

export interface PageLoadFigures {
  route: string;
  /**
   * Kept for guests, and given to shoppers where it reads nothing of theirs but their cart and
   * wishlist and these are empty (guestPages.ts): one whose lists are empty, and one whose cart
   * holds a line; or drawn for each request as a shopper's (a cookie): in a render thread, or in
   * the edge's own thread; and one shopper alone, at one connection.
   */
  cache:
    | 'guest cache'
    | 'shoppers, guest cache'
    | 'a cart line, guest cache'
    | 'a wishlist, guest cache'
    | 'no cache'
    | 'a cart line, no cache'
    | 'a cart line, guest cache, 4 connections'
    | 'a cart line, no cache, 4 connections'
    | "no cache, edge's thread"
    | 'a shopper alone';
  pagesPerSecond: number;
  p50: number;
  p99: number;
  /** From a request to its answer's first bytes (its status and head): before the page is drawn, where it is streamed. */
  firstByteP50: number;
  errors: number;
  /**
   * The share of pages the server drew (the others went to the browsers undrawn: late, or every
   * thread full).
   */
  drawnShare: number;
  /** GET /api/products through the same edge while the pages were served. */
  apiP99: number;
  apiPerSecond: number;
}

/** Pages asked under a CPU hog with the guest page cache off (`emptyRootsUnderHog`). */
export interface EmptyRootFigures {
  route: string;
  visitor: 'guest' | 'shopper';
  pages: number;
  /** Sent with an empty #root, for the browser to draw from nothing. */
  emptyRoots: number;
  /** Sent as the page's frame with a skeleton where its region goes (its render failed). */
  skeletons: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A drawn page's policy allows its one inline script (edge/src/eventReplay.ts) by hash; an undrawn page has none. */
function drawnByServer(rawHeaders: unknown[]): boolean {
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (String(rawHeaders[index]).toLowerCase() === 'content-security-policy') return String(rawHeaders[index + 1]).includes("'sha256-");
  }
  return false;
}

/** The cookies an answer set, as a browser sends them back. */
function cookiesSet(answer: Response): string {
  return answer.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
}

/**
 * The cookie of a new shopper (the api's id for their browser), whose cart and wishlist are empty:
 * the caching edge gives them the guests' page, and draws each of theirs on an edge that keeps none.
 */
export async function newShopper(shellUrl: string): Promise<string> {
  const answer = await fetch(new URL('/api/cart', shellUrl));
  await answer.body?.cancel();
  const cookie = cookiesSet(answer);
  if (!cookie) throw new Error('the api named no shopper for a new visitor');
  return cookie;
}

/** The cookie of a new shopper whose wishlist holds `productId`, which none of the measured pages shows: their counts are drawn for them (a frame around the guests' region). */
export async function shopperWishing(shellUrl: string, productId: string): Promise<string> {
  const added = await fetch(new URL('/api/wishlist', shellUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: productId }) });
  if (added.status !== 201) throw new Error(`adding to the wishlist answered ${added.status}: ${await added.text()}`);
  return cookiesSet(added);
}

/** The cookie of a new shopper whose cart holds one line of `productId`: their counts are drawn for them (a frame around the guests' region, or the page whole). */
export async function shopperWithALine(shellUrl: string, productId: string): Promise<string> {
  const added = await fetch(new URL('/api/cart', shellUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: productId, qty: 1 }) });
  if (added.status !== 201) throw new Error(`adding to the cart answered ${added.status}: ${await added.text()}`);
  return cookiesSet(added);
}

export async function underLoad(url: string, apiUrl: string, { connections = LOAD_CONNECTIONS, cookie }: { connections?: number; cookie?: string } = {}): Promise<Omit<PageLoadFigures, 'route' | 'cache'>> {
  let answered = 0;
  let drawn = 0;
  const firstBytes: number[] = [];
  // As a phone's browser asks: compressed.
  const pages = autocannon({
    url,
    connections,
    duration: 5,
    headers: { 'user-agent': MOBILE_USER_AGENT, 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
    setupClient: (client) => {
      // One request at a time on a connection: its answer's head is the next to come.
      let sentAt = 0;
      client.on('request', () => {
        sentAt = performance.now();
      });
      client.on('headers', ({ headers }) => {
        firstBytes.push(performance.now() - sentAt);
        answered += 1;
        if (drawnByServer(headers)) drawn += 1;
      });
    },
  });
  // The api's client on a thread of its own: in this thread its answers waited behind the pages'
  // client reading 20 connections' pages, which the edge's latency is not.
  const api = autocannon({ url: apiUrl, connections: 2, duration: 5, workers: 1 });
  const [pageResult, apiResult] = await Promise.all([pages, api]);
  // What a render still running (one the edge stopped waiting for) costs must not fall on the next run.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return {
    pagesPerSecond: pageResult.requests.average,
    p50: pageResult.latency.p50,
    p99: pageResult.latency.p99,
    firstByteP50: median(firstBytes),
    errors: pageResult.errors + pageResult.timeouts + pageResult.non2xx,
    // A streamed page's policy allows the replay script before the page is drawn: read from its body instead.
    drawnShare: cookie ? await drawnShareOf(url, connections, cookie) : answered > 0 ? drawn / answered : 0,
    apiP99: apiResult.latency.p99,
    apiPerSecond: apiResult.requests.average,
  };
}

/**
 * The share of a shopper's pages sent drawn at this many connections, read from each page's body
 * (asked uncompressed, so that it can be: the renders, not the compression, decide the share), in a
 * second, shorter run.
 */
export async function drawnShareOf(url: string, connections: number, cookie: string): Promise<number> {
  let answered = 0;
  let drawn = 0;
  await autocannon({
    url,
    connections,
    duration: 3,
    headers: { 'user-agent': MOBILE_USER_AGENT, 'accept-encoding': 'identity', cookie },
    requests: [
      {
        method: 'GET',
        onResponse: (_status: number, body: string) => {
          answered += 1;
          if (body.includes(`id="root" ${SERVER_RENDERED_ATTRIBUTE}`)) drawn += 1;
        },
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return answered > 0 ? drawn / answered : 0;
}

/**
 * `EMPTY_ROOT_PAGES` pages of `url` at `EMPTY_ROOT_CONNECTIONS` connections while another process
 * spins a core beside the edge (a busy machine), read from each page's body (asked uncompressed):
 * an empty #root is a page with neither the server's root nor a skeleton; a skeleton, the frame
 * whose region is the shell's loading state (shell/src/layout/RemoteRegion.tsx's PageSkeleton), in
 * a plain root.
 */
export async function emptyRootsUnderHog(url: string, cookie?: string): Promise<Omit<EmptyRootFigures, 'route' | 'visitor'>> {
  const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  let pages = 0;
  let emptyRoots = 0;
  let skeletons = 0;
  try {
    const result = await autocannon({
      url,
      connections: EMPTY_ROOT_CONNECTIONS,
      amount: EMPTY_ROOT_PAGES,
      timeout: 30,
      headers: { 'user-agent': MOBILE_USER_AGENT, 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) },
      requests: [
        {
          method: 'GET',
          onResponse: (_status: number, body: string) => {
            pages += 1;
            // A skeleton is sent for the browser to draw over, in a root not marked as the server's
            // (edge/src/page.ts); the template's own root is written without quotes.
            if (body.includes('<div id="root"><')) skeletons += 1;
            else if (!body.includes(`id="root" ${SERVER_RENDERED_ATTRIBUTE}`)) emptyRoots += 1;
          },
        },
      ],
    });
    return { pages, emptyRoots, skeletons, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
  } finally {
    hog.kill();
    // Renders still running must not fall on the next run.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

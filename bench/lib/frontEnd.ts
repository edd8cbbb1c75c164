/**
 * The front end in Chromium, driven through the DevTools protocol: what each route downloads on a
 * first visit (bytes, requests, request-chain depth) and how fast it loads under Lighthouse's
 * mobile throttling. Every run uses a fresh browser context, so the cache is cold.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { HYDRATION_PENDING_ATTRIBUTE } from '@storefront/shared/ssr/contract';

const gzip = promisify(zlib.gzip);

/** A selector for the parts of a server's page still awaiting the browser (hydration, or the replace-render's own drawing). */
export const AWAITING_BROWSER = `[${HYDRATION_PENDING_ATTRIBUTE}]`;

/** Lighthouse's mobile preset ("slow 4G" and a mid-range phone). */
export const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
};
const MOBILE_VIEWPORT = { width: 412, height: 823 };
/** Lighthouse's mobile user agent: a phone says it is one, and the shell's server draws the first screen for a phone. */
export const MOBILE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export interface RouteLoad {
  /** JS, CSS, remote entries, manifests and the composition: what the page needs to run. */
  requests: number;
  gzipBytes: number;
  /** The longest chain of requests, each started by the one before (the document is 1). */
  chainDepth: number;
  files: { url: string; gzipBytes: number; depth: number }[];
}

export interface PageTimings {
  fcp: number;
  lcp: number;
  cls: number;
  /**
   * When the last part of the server's page awaiting the browser (data-await-hydration) was
   * hydrated or replaced: the page is live. NaN on a page the server did not draw.
   */
  live: number;
}

export interface Captured {
  url: string;
  type: string;
  parentUrl: string | null;
  /** Put in the document by the HTML parser, not by a script. */
  byParser: boolean;
  /** DevTools' monotonic clock, in seconds. */
  sentAt: number;
  finishedAt: number;
  finished: boolean;
  failed: boolean;
}

/** The first script URL in an initiator's (possibly async) stack. */
interface StackTrace {
  callFrames: { url: string }[];
  parent?: StackTrace;
}
function stackUrl(stack: StackTrace | undefined): string | null {
  for (let current = stack; current; current = current.parent) {
    const frame = current.callFrames.find((candidate) => candidate.url);
    if (frame) return frame.url;
  }
  return null;
}

function isFirstLoadFile(request: Captured): boolean {
  if (request.type === 'Script' || request.type === 'Stylesheet') return true;
  const pathname = new URL(request.url).pathname;
  return /(?:mf-manifest|composition)\.json$/.test(pathname);
}

/**
 * Asks the page through the DevTools protocol, not Playwright's evaluate or waitForFunction: those
 * first install Playwright's own script in the page, a task of 60–85 ms on the throttled phone
 * that the page's observers would take for the store's.
 */
export async function readPage<Value>(cdp: CDPSession, expression: string): Promise<Value> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (exceptionDetails) throw new Error(`the page could not evaluate ${expression}: ${exceptionDetails.text}`);
  return result.value as Value;
}

/**
 * Waits until every request but pictures has finished, the browser has taken over a server-rendered
 * page (no part of it awaits hydration), FCP and LCP are known, and no new LCP candidate or
 * long task has appeared for a while (pictures far down the page may still be arriving under
 * throttling: waiting for them all would add minutes and change no figure), or until the time is
 * up.
 */
async function settle(page: Page, cdp: CDPSession, requests: Map<string, Captured>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastChange = Date.now();
  let lastSignature = '';
  while (Date.now() < deadline) {
    const pending = [...requests.values()].some((request) => !request.finished && !request.failed && request.type !== 'Image' && request.type !== 'Font' && request.type !== 'Media');
    // Not settled while the server's page is still showing, or before the observers have
    // delivered FCP and LCP: they come in low-priority tasks, which a busy, throttled main thread
    // runs a second or more after the paint.
    const signature = await readPage<string>(
      cdp,
      `(() => { const t = window.__benchTimings; const waiting = !t || !(t.fcp >= 0) || !(t.lcp >= 0) || document.querySelector("${AWAITING_BROWSER}"); return (waiting ? "waiting " : "") + (t ? t.lcp + ":" + t.longTasks.length : ""); })()`,
    );
    if (pending || signature !== lastSignature || signature.startsWith('waiting')) {
      lastChange = Date.now();
      lastSignature = signature;
    } else if (Date.now() - lastChange >= QUIET_MS) {
      return;
    }
    await page.waitForTimeout(100);
  }
}

/** How long nothing may change before a load counts as settled. */
const QUIET_MS = 1000;

/** Collects paint, layout-shift and long-task entries from the very start of the page. */
const OBSERVE_TIMINGS = `(() => {
  const timings = { fcp: NaN, lcp: NaN, cls: 0, longTasks: [], live: NaN };
  window.__benchTimings = timings;
  // The moment no part of the server's page awaits the browser any more.
  let awaited = false;
  const watch = new MutationObserver(() => {
    const waiting = document.querySelector('${AWAITING_BROWSER}') !== null;
    if (waiting) awaited = true;
    else if (awaited) { timings.live = performance.now(); watch.disconnect(); }
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['${HYDRATION_PENDING_ATTRIBUTE}'] });
  const observe = (type, onEntry) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true }); } catch {}
  };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') timings.fcp = entry.startTime; });
  observe('largest-contentful-paint', (entry) => { timings.lcp = entry.startTime; });
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) timings.cls += entry.value; });
  observe('longtask', (entry) => { timings.longTasks.push([entry.startTime, entry.duration]); });
})();`;

/** A new phone's browser context: its screen, touch and user agent, with a cold cache. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: MOBILE_VIEWPORT, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: MOBILE_USER_AGENT });
}

/** Lighthouse's mobile throttling (MOBILE_THROTTLING) on the page's DevTools session. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
}

export type RouteMeasurement = RouteLoad & PageTimings;

/**
 * One cold load of `url` on a phone-sized screen under Lighthouse's mobile throttling: every
 * JS/CSS/manifest request it made with its gzip size and request chain, and FCP, LCP, CLS. No TBT:
 * the bench's one TBT is Lighthouse's (lib/lighthouse.ts); the long tasks seen here only tell
 * when the load has settled.
 */
export async function measureRoute(browser: Browser, url: string): Promise<RouteMeasurement> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE_TIMINGS);
    const cdp = await context.newCDPSession(page);
    const requests = recordRequests(cdp);
    await throttle(cdp);
    // 'commit': without it, goto would also wait for the browser's render to take over with
    // Playwright's waitForFunction (e2e/support/browser.ts), whose script runs in the page.
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForLoadState('load', { timeout: 60_000 });
    await settle(page, cdp, requests, 30_000);
    // By value, as JSON: a timing the page never saw (NaN) arrives as null.
    const read = await readPage<{ fcp: number | null; lcp: number | null; cls: number; live: number | null }>(cdp, 'window.__benchTimings');
    return { ...(await firstLoadFiles(cdp, requests, url)), fcp: read.fcp ?? Number.NaN, lcp: read.lcp ?? Number.NaN, cls: read.cls, live: read.live ?? Number.NaN };
  } finally {
    await context.close();
  }
}

function recordRequests(cdp: CDPSession): Map<string, Captured> {
  const requests = new Map<string, Captured>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const { initiator } = event;
    const parentUrl = initiator.url ?? stackUrl(initiator.stack as StackTrace | undefined) ?? null;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      parentUrl,
      byParser: initiator.type === 'parser',
      sentAt: event.timestamp,
      finishedAt: Number.POSITIVE_INFINITY,
      finished: false,
      failed: false,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.finished = true;
    request.finishedAt = event.timestamp;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.failed = true;
  });
  // A redirect or a served-from-memory answer never reports loadingFinished for its first id.
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finished = true;
  });
  return requests;
}

/**
 * How deep each first-load file sits in the chain of requests. The document is 1. A request the
 * HTML parser made hangs off the document. One a script made waited for that script and, since
 * scripts await manifests and entries before asking for more, for the last first-load file that
 * arrived before it was sent: its depth is one more than the deeper of the two. (The DevTools
 * initiator alone would tie a manifest fetched after awaiting the composition to the script that
 * fetched it, and miss the wait.)
 */
export function chainDepths(requests: readonly Captured[], documentUrl: string): Map<Captured, number> {
  const counted = requests.filter((request) => request.finished && !request.failed && isFirstLoadFile(request));
  const byUrl = new Map(requests.map((request) => [request.url, request]));
  const depthOf = new Map<Captured, number>();
  const depth = (request: Captured, seen = new Set<Captured>()): number => {
    const known = depthOf.get(request);
    if (known !== undefined) return known;
    if (request.url === documentUrl || seen.has(request)) return 1;
    seen.add(request);
    const initiator = request.parentUrl ? byUrl.get(request.parentUrl) : undefined;
    let parentDepth = initiator ? depth(initiator, seen) : 1;
    if (!request.byParser) {
      const arrivedBefore = counted.filter((candidate) => candidate !== request && candidate.finishedAt <= request.sentAt);
      const latest = arrivedBefore.sort((a, b) => b.finishedAt - a.finishedAt)[0];
      if (latest) parentDepth = Math.max(parentDepth, depth(latest, seen));
    }
    const value = parentDepth + 1;
    depthOf.set(request, value);
    return value;
  };
  return new Map(counted.map((request) => [request, depth(request)]));
}

/** The JS, CSS and manifests a load fetched, each gzipped as the servers would, with its chain depth. */
async function firstLoadFiles(cdp: CDPSession, requests: Map<string, Captured>, documentUrl: string): Promise<RouteLoad> {
  const depths = chainDepths([...requests.values()], documentUrl);
  const files: RouteLoad['files'] = [];
  for (const [requestId, request] of requests) {
    const depth = depths.get(request);
    if (depth === undefined) continue;
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    const raw = base64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body);
    files.push({ url: request.url, gzipBytes: (await gzip(raw, { level: 9 })).length, depth });
  }
  return {
    requests: files.length,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    chainDepth: Math.max(1, ...files.map((file) => file.depth)),
    files,
  };
}

import { TelemetryReportSchema } from '@storefront/contracts';
import { waitFor } from '@testing-library/react';
import { Value } from 'typebox/value';
import type * as PageHealth from './pageHealth';
import type * as PageViewReport from './pageViewReport';

type Reporter = (metric: { value: number }) => void;
// What web-vitals was asked to observe: the test plays the metrics' reports.
const mockObserved: Partial<Record<'lcp' | 'inp' | 'cls', Reporter>> = {};
jest.mock('web-vitals', () => ({
  onLCP: (report: Reporter) => (mockObserved.lcp = report),
  onINP: (report: Reporter) => (mockObserved.inp = report),
  onCLS: (report: Reporter) => (mockObserved.cls = report),
}));

type Page = typeof PageViewReport & typeof PageHealth;

/**
 * Runs `test` on a page load of its own: fresh modules, which the chunks the page loads later
 * (web-vitals) share while the test runs.
 */
function onPage(test: (page: Page) => Promise<void> | void): Promise<void> {
  return jest.isolateModulesAsync(async () => {
    await test({ ...(await import('./pageHealth')), ...(await import('./pageViewReport')) });
  });
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

const sendBeacon = jest.fn((_url: string, _data?: BodyInit | null) => true);
let fetchSpy: jest.SpyInstance;

async function beaconBody(call = 0): Promise<unknown> {
  const data = sendBeacon.mock.calls[call]?.[1];
  if (!(data instanceof Blob)) throw new Error('the beacon carried no Blob');
  expect(data.type).toBe('application/json');
  return JSON.parse(await data.text());
}

beforeEach(() => {
  for (const key of Object.keys(mockObserved)) delete mockObserved[key as keyof typeof mockObserved];
  sendBeacon.mockClear();
  sendBeacon.mockReturnValue(true);
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

/** Long enough for web-vitals' load after the first load (jsdom has no idle callback: a timer). */
const vitalsLoaded = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(async () => {
  // The page is left: a report still listening is sent now, and web-vitals it is still loading
  // reports to it, not to the next test's page.
  window.dispatchEvent(new Event('pagehide'));
  await vitalsLoaded();
  fetchSpy.mockRestore();
});

describe('the page view’s health report', () => {
  it('is sent once, as JSON to /api/telemetry, when the page is first hidden, and not when it is hidden or left again', async () => {
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'product');
      page.noteRemote('mfe-product', 'loadFailures');
      page.noteRemote('mfe-product', 'retries');
      expect(sendBeacon).not.toHaveBeenCalled();

      setVisibility('hidden');
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      expect(sendBeacon.mock.calls[0]?.[0]).toBe('/api/telemetry');
      const body = await beaconBody();
      expect(body).toEqual({ token: 'signed-token', route: 'product', remotes: { product: { loadFailures: 1, retries: 1 } } });
      expect(Value.Check(TelemetryReportSchema, body)).toBe(true);

      // Back, a client-side navigation's failure, hidden again, then left: the page view was reported.
      setVisibility('visible');
      page.noteRemote('mfe-product', 'caughtErrors');
      setVisibility('hidden');
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      expect(fetchSpy).not.toHaveBeenCalled();
    });
  });

  it('is sent when the page is left without being hidden first (pagehide), naming only what happened', async () => {
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'home');
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      const body = await beaconBody();
      expect(body).toEqual({ token: 'signed-token', route: 'home' });
      expect(Value.Check(TelemetryReportSchema, body)).toBe(true);
    });
  });

  it('is neither measured nor sent without a page-view token (a server without telemetry)', async () => {
    await onPage(async (page) => {
      page.startPageViewReport(undefined, 'home');
      page.noteRemote('mfe-catalog', 'caughtErrors');
      await vitalsLoaded();
      setVisibility('hidden');
      window.dispatchEvent(new Event('pagehide'));
      expect(sendBeacon).not.toHaveBeenCalled();
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(mockObserved).toEqual({});
    });
  });

  it('carries the latest LCP, INP and CLS web-vitals gave, the final ones given as the page is hidden included, web-vitals loaded after the first load', async () => {
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'shop');
      await waitFor(() => expect(Object.keys(mockObserved).sort()).toEqual(['cls', 'inp', 'lcp']));
      mockObserved.lcp?.({ value: 1800.5 });
      mockObserved.lcp?.({ value: 2100 });
      mockObserved.inp?.({ value: 96 });
      mockObserved.cls?.({ value: 0.04 });
      // As web-vitals does: the final CLS is given when the page is hidden, from a capture-phase listener on window.
      window.addEventListener('visibilitychange', () => mockObserved.cls?.({ value: 0.09 }), { capture: true, once: true });
      setVisibility('hidden');
      const body = await beaconBody();
      expect(body).toEqual({ token: 'signed-token', route: 'shop', vitals: { lcp: 2100, inp: 96, cls: 0.09 } });
      expect(Value.Check(TelemetryReportSchema, body)).toBe(true);
    });
  });

  it('keeps every count and timing within the report’s bounds, so a long-lived page’s report is still taken', async () => {
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'cart');
      for (let failure = 0; failure < 1005; failure += 1) page.noteRemote('mfe-cart', 'caughtErrors');
      page.noteVital('lcp', 700_000);
      page.noteVital('cls', Number.NaN);
      setVisibility('hidden');
      const body = await beaconBody();
      expect(body).toEqual({ token: 'signed-token', route: 'cart', remotes: { cart: { caughtErrors: 1000 } }, vitals: { lcp: 600_000 } });
      expect(Value.Check(TelemetryReportSchema, body)).toBe(true);
    });
  });

  it('falls back on one keepalive fetch when the beacon is refused', async () => {
    sendBeacon.mockReturnValue(false);
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'checkout');
      page.noteRemote('mfe-cart', 'fallback');
      setVisibility('hidden');
      expect(sendBeacon).toHaveBeenCalledTimes(1);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/telemetry');
      expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
      const body: unknown = JSON.parse(String(init.body));
      expect(body).toEqual({ token: 'signed-token', route: 'checkout', remotes: { cart: { fallback: true } } });
      expect(Value.Check(TelemetryReportSchema, body)).toBe(true);
    });
  });

  it('falls back on the fetch where there is no beacon, and throws nothing when that fails too', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    fetchSpy.mockImplementation(() => {
      throw new TypeError('fetch is not available');
    });
    // An exception in a listener does not reach dispatchEvent's caller: the page reports it as an error event.
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error);
    window.addEventListener('error', onError);
    await onPage(async (page) => {
      page.startPageViewReport('signed-token', 'home');
      setVisibility('hidden');
      window.removeEventListener('error', onError);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(uncaught).toEqual([]);
    });
  });
});

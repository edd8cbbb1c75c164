/**
 * A remote failing on the page, end to end in the shell: the federation runtime's hooks as it
 * calls them for an entry that will not load, the resilience plugin's retries and fallback, the
 * region's error boundary, and the page view's report that says so.
 */
import { TelemetryReportSchema } from '@storefront/contracts';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { render, screen } from '@testing-library/react';
import { Value } from 'typebox/value';
import type { Composition } from '../federation/composition';
import { registerComposition } from '../federation/registration';
import { RemoteRegion } from '../layout/RemoteRegion';
import { startPageViewReport } from './pageViewReport';
import { routeName } from './routeName';

const mockPlugins: ModuleFederationRuntimePlugin[] = [];
const mockLoadRemote = jest.fn<Promise<unknown>, [string]>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: (plugins: ModuleFederationRuntimePlugin[]) => mockPlugins.push(...plugins),
  registerRemotes: () => undefined,
  loadRemote: (id: string) => mockLoadRemote(id),
  getInstance: () => undefined,
}));

const COMPOSITION: Composition = {
  remotes: {
    'mfe-catalog': { version: '1.4.0', manifest: 'http://cdn.test/catalog/1.4.0/mf-manifest.json', entry: 'http://cdn.test/catalog/1.4.0/remoteEntry.js' },
    'mfe-cart': { version: '2.1.0', manifest: 'http://cdn.test/cart/2.1.0/mf-manifest.json', entry: 'http://cdn.test/cart/2.1.0/remoteEntry.js' },
  },
  lastKnownGood: { 'mfe-cart': { version: '2.0.3', manifest: 'http://cdn.test/cart/2.0.3/mf-manifest.json', entry: 'http://cdn.test/cart/2.0.3/remoteEntry.js' } },
  preview: [],
  previewRefused: [],
  pageView: 'signed-page-view-token',
};

/** The known-good version's cart page, which loads but throws when drawn. */
function BrokenCartPage(): never {
  throw new Error('cart lines could not be read');
}

/** One of the resilience plugin's hooks, called as the runtime calls it. */
function hook(name: 'afterLoadEntry' | 'loadEntryError' | 'errorLoadRemote'): (args: Record<string, unknown>) => unknown {
  const plugin = mockPlugins.find((candidate) => candidate.name === 'storefront-resilience');
  const found = plugin?.[name];
  if (typeof found !== 'function') throw new Error(`the resilience plugin has no ${name} hook`);
  return found as unknown as (args: Record<string, unknown>) => unknown;
}

/**
 * The runtime loading mfe_cart/CartPage, as @module-federation/runtime-core does: the composed
 * entry fails, loadEntryError retries it (each retry failing, and saying so to afterLoadEntry),
 * the first failure is said to afterLoadEntry, and errorLoadRemote answers with the module of
 * the known-good version.
 */
async function loadThroughTheRuntime(id: string): Promise<unknown> {
  const remoteInfo = { name: 'mfe_cart', entry: COMPOSITION.remotes['mfe-cart']?.entry };
  const blocked = new Error('[ Federation Runtime ] RUNTIME-008 the entry could not be loaded');
  const failedRetry = async () => {
    await hook('afterLoadEntry')({ remoteInfo, error: blocked });
    throw blocked;
  };
  const recovered = await hook('loadEntryError')({ getRemoteEntry: failedRetry, origin: {}, remoteInfo, globalLoading: {}, uniqueKey: 'mfe_cart:entry' });
  expect(recovered).toBeUndefined();
  await hook('afterLoadEntry')({ remoteInfo, error: blocked });
  const origin = { registerRemotes: jest.fn(), loadRemote: async () => ({ default: BrokenCartPage }) };
  return hook('errorLoadRemote')({ id, error: blocked, from: 'runtime', lifecycle: 'onLoad', origin });
}

describe('a remote that fails on the page', () => {
  it('is reported by its short name: its failed entry loads, the retries, the fallback and the error its region caught', async () => {
    const sendBeacon = jest.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockLoadRemote.mockImplementation(loadThroughTheRuntime);

    // What the bootstrap does with the composition, then the cart page's region.
    registerComposition(COMPOSITION);
    startPageViewReport(COMPOSITION.pageView, routeName('/cart'));
    render(<RemoteRegion remote="mfe-cart" module="CartPage" label="the cart" />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Sorry, the cart is not available right now.');

    // The console names the remote and its versions: the composed one that failed, the known-good one whose page threw.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mfe-cart 2.1.0 could not load; falling back to its last known good version 2.0.3'), expect.any(Error));
    expect(error).toHaveBeenCalledWith('[shell] mfe-cart/CartPage failed (mfe-cart 2.0.3)', expect.any(Error), expect.any(String));

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const data = sendBeacon.mock.calls[0]?.[1];
    if (!(data instanceof Blob)) throw new Error('the beacon carried no Blob');
    const report: unknown = JSON.parse(await data.text());
    expect(report).toEqual({
      token: 'signed-page-view-token',
      route: 'cart',
      remotes: { cart: { loadFailures: 3, retries: 2, fallback: true, caughtErrors: 1 } },
    });
    expect(Value.Check(TelemetryReportSchema, report)).toBe(true);
  });
});

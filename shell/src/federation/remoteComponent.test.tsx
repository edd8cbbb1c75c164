import { ErrorBoundary } from '@storefront/shared';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { forgetRemoteComponent, remoteComponent, startLoadingRemoteModules } from './remoteComponent';

// The federation runtime is stood in for: these tests are about what React draws while a remote
// module loads, not about fetching one (the e2e suite loads real remotes).
const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
const loadRemote = jest.fn((id: string) => new Promise((resolve, reject) => pending.set(id, { resolve, reject })));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  getInstance: () => undefined,
}));

function arrive(id: string, heading: string) {
  pending.get(id)?.resolve({ default: () => <h1>{heading}</h1> });
}

/**
 * Renders the component inside a Suspense whose fallback records that it was ever drawn. In an
 * async act(), so that React retries a suspended component when its module settles.
 */
async function renderRegion(Component: React.ComponentType<object>) {
  const fallbackDrawn = { value: false };
  function Fallback() {
    fallbackDrawn.value = true;
    return <p>Loading…</p>;
  }
  await act(async () => {
    render(
      <ErrorBoundary name="test" fallback={() => <p role="alert">Not available</p>}>
        <Suspense fallback={<Fallback />}>
          <Component />
        </Suspense>
      </ErrorBoundary>,
    );
  });
  return fallbackDrawn;
}

describe('remoteComponent', () => {
  beforeEach(() => {
    pending.clear();
    loadRemote.mockClear();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('draws a module that has already arrived on the first render, without its loading state', async () => {
    const loading = startLoadingRemoteModules([{ remote: 'mfe-catalog', module: 'HomePage' }]);
    arrive('mfe_catalog/HomePage', 'Home');
    await loading;

    const fallbackDrawn = await renderRegion(remoteComponent('mfe-catalog', 'HomePage'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(fallbackDrawn.value).toBe(false);
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state while a module is on its way, then the module', async () => {
    const fallbackDrawn = await renderRegion(remoteComponent('mfe-product', 'ProductPage'));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => arrive('mfe_product/ProductPage', 'A product'));
    expect(await screen.findByRole('heading', { name: 'A product' })).toBeInTheDocument();
    expect(fallbackDrawn.value).toBe(true);
  });

  it('hands a failed load to the error boundary, and loads again once forgotten', async () => {
    await renderRegion(remoteComponent('mfe-cart', 'CartPage'));
    await act(async () => pending.get('mfe_cart/CartPage')?.reject(new Error('blocked')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not available');

    forgetRemoteComponent('mfe-cart', 'CartPage');
    const loading = startLoadingRemoteModules([{ remote: 'mfe-cart', module: 'CartPage' }]);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    arrive('mfe_cart/CartPage', 'Cart');
    await loading;
    await renderRegion(remoteComponent('mfe-cart', 'CartPage'));
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
  });

  it('says when every page module has settled, arrived or not', async () => {
    let settled = false;
    const loading = startLoadingRemoteModules([
      { remote: 'mfe-account', module: 'LoginPage' },
      { remote: 'mfe-account', module: 'AccountPage' },
    ]).then(() => {
      settled = true;
    });
    arrive('mfe_account/LoginPage', 'Sign in');
    await Promise.resolve();
    expect(settled).toBe(false);
    pending.get('mfe_account/AccountPage')?.reject(new Error('down'));
    await loading;
    expect(settled).toBe(true);
  });
});

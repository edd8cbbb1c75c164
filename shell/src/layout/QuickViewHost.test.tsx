import { baseApi, emitStorefrontEvent, type Product, useLocation } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { QUICK_VIEW_CLOSE_DELAY_MS, QuickViewHost } from './QuickViewHost';

/** When the route last changed: taken as the change commits, before the host's timer starts, so a slow test machine cannot shorten the measured delay. */
let routeChangedAt = 0;

function LocationProbe() {
  const location = useLocation();
  useLayoutEffect(() => {
    routeChangedAt = Date.now();
  }, [location.pathname, location.search]);
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

async function someProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 3 })).unwrap();
  const product = page.products[1];
  if (!product) throw new Error('empty seed');
  return product;
}

describe('QuickViewHost', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('opens a modal titled with the product for the product remote’s quick view, and Close shuts it', async () => {
    const store = createTestStore();
    const product = await someProduct(store);
    const { user } = renderWithStore(<QuickViewHost />, { store, route: '/shop' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => emitStorefrontEvent('product:quick-view-requested', { productId: product.id }));
    const dialog = await screen.findByRole('dialog', { name: product.name });
    // No remote is registered here, so the product remote's region falls back, inside the modal.
    expect(await within(dialog).findByTestId('remote-fallback')).toHaveTextContent('Sorry, the quick view is not available right now.');
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute('href', `/product?id=${product.link}`);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => emitStorefrontEvent('product:quick-view-requested', { productId: product.id }));
    await screen.findByRole('dialog', { name: product.name });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes 350 ms after the route changes, not before', async () => {
    const store = createTestStore();
    const product = await someProduct(store);
    const { user } = renderWithStore(
      <>
        <QuickViewHost />
        <LocationProbe />
      </>,
      { store, route: '/shop' },
    );
    act(() => emitStorefrontEvent('product:quick-view-requested', { productId: product.id }));
    const dialog = await screen.findByRole('dialog', { name: product.name });

    await user.click(within(dialog).getByRole('link', { name: 'View full details' }));
    expect(screen.getByLabelText('location')).toHaveTextContent(`/product?id=${product.link}`);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2000 });
    expect(Date.now() - routeChangedAt).toBeGreaterThanOrEqual(QUICK_VIEW_CLOSE_DELAY_MS - 20);
  });
});

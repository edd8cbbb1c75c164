import { authApi, baseApi, Link, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { Header } from './Header';

async function simpleProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = page.products.find((item) => !item.has_variants && item.available_stock > 3);
  if (!product) throw new Error('the seed has no simple product in stock');
  return product;
}

describe('Header', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('counts the cart as the sum of quantities and the wishlist as its items, updating at once', async () => {
    const store = createTestStore();
    renderWithStore(<Header />, { store });
    await screen.findByRole('button', { name: 'Cart, 0 items' });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('0');

    const product = await simpleProduct(store);
    await store.dispatch(baseApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');

    await store.dispatch(baseApi.endpoints.addToWishlist.initiate(product)).unwrap();
    expect(await screen.findByRole('button', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });

  it('is not drawn again while the lists are asked for again, only when a count changes', async () => {
    const store = createTestStore();
    let draws = 0;
    renderWithStore(
      <Profiler id="header" onRender={() => (draws += 1)}>
        <Header />
      </Profiler>,
      { store },
    );
    await screen.findByRole('button', { name: 'Cart, 0 items' });
    await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = draws;
    // As right after a page the server drew hydrates: the lists and the session asked for, the same answers.
    await act(async () => {
      await Promise.all([
        store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap(),
        store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap(),
        store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true })).unwrap().catch(() => undefined),
      ]);
    });
    expect(draws).toBe(before);
    const product = await simpleProduct(store);
    await store.dispatch(baseApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(draws).toBeGreaterThan(before);
  });

  it('opens the cart dropdown, shows a local fallback when the cart remote cannot load, and closes on route change', async () => {
    const { user } = renderWithStore(
      <>
        <Header />
        <Link to="/shop">go shopping</Link>
      </>,
    );
    const toggle = screen.getByRole('button', { name: /^Cart,/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // No remote is registered in this test, so the dropdown's region fails, and only it.
    const panel = document.getElementById('cart-dropdown') as HTMLElement;
    expect(await within(panel).findByTestId('remote-fallback')).toHaveTextContent('Sorry, the cart is not available right now.');
    expect(screen.getByRole('link', { name: 'Jacaranda home' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'go shopping' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('cart-dropdown')).toBeNull();
  });

  it('closes an open dropdown on Escape', async () => {
    const { user } = renderWithStore(<Header />);
    const toggle = screen.getByRole('button', { name: /^Wishlist,/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the login modal from the login icon when signed out', async () => {
    const { user, store } = renderWithStore(<Header />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().auth.login_modal_open).toBe(true);
  });

  it('only logs a message from the login icon when signed in (§4), and offers Dashboard, Orders and Sign out', async () => {
    const store = createTestStore();
    await store.dispatch(
      authApi.endpoints.register.initiate({
        first_name: 'Lerato',
        last_name: 'Dlamini',
        email: `lerato.header.${Date.now()}@example.co.za`,
        password: 'a good long password',
        phone: '0821234567',
      }),
    );
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const { user } = renderWithStore(<Header />, { store });
    const icon = await screen.findByRole('button', { name: 'Signed in as Lerato' });
    await user.click(icon);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('already signed in'));
    expect(store.getState().auth.login_modal_open).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/account/orders');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /operator/i })).not.toBeInTheDocument();
  });

  it('offers the shop’s orders in the Account menu to an operator', async () => {
    const store = createTestStore();
    const email = `ayanda.header.${Date.now()}@example.co.za`;
    await store
      .dispatch(authApi.endpoints.register.initiate({ first_name: 'Ayanda', last_name: 'Zulu', email, password: 'a good long password', phone: '0821234567' }))
      .unwrap();
    // Made an operator as the shop's command line does (npm run operators -- add), then the store asks again who is signed in.
    const granted = await fetch(`${testApiUrl()}/operator/operators`, {
      method: 'POST',
      headers: { authorization: `Bearer ${process.env.STOREFRONT_TEST_MACHINE_TOKEN ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(granted.status).toBe(200);
    await store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true })).unwrap();
    const { user } = renderWithStore(<Header />, { store });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Shop orders (operator)' })).toHaveAttribute('href', '/operator');
  });

  it('offers Sign in and Register in the Account menu when signed out', async () => {
    const { user, store } = renderWithStore(<Header />);
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(store.getState().auth.register_modal_open).toBe(true);
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });
});

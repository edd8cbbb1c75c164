import { authApi } from '@storefront/shared';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import { Header } from './Header';

describe('Header', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("shows the cart team's wishlist and cart in its actions", async () => {
    const Lists = () => <button type="button">Cart, 3 items</button>;
    renderWithStore(<Header />, { embeds: { 'mfe-cart/HeaderLists': Lists } });
    const actions = (await screen.findByRole('button', { name: 'Sign in' })).parentElement as HTMLElement;
    expect(within(actions).getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(within(actions).queryByRole('link', { name: 'Cart' })).not.toBeInTheDocument();
  });

  it("links to the wishlist and cart pages in their place when the cart's module cannot be had, and works on", async () => {
    const { user, store } = renderWithStore(<Header />);
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Jacaranda home' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(store.getState().auth.login_modal_open).toBe(true);
  });

  it('opens the login modal from the login icon when signed out', async () => {
    const { user, store } = renderWithStore(<Header />);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(store.getState().auth.login_modal_open).toBe(true);
  });

  it('names the login icon neutrally until the api has said who is signed in: a page drawn without the session says “Sign in” to nobody', async () => {
    const { store } = renderWithStore(<Header />);
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // The api answers that nobody is signed in (401): now it says so.
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().auth.signed_in).toBe(false);
  });

  it('only logs a message from the login icon when signed in, and offers Dashboard, Orders and Sign out', async () => {
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

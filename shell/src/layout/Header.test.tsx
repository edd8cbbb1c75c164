import { baseApi, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
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

  it('asks the account remote for the login modal from the login icon', async () => {
    const requested = jest.fn();
    window.addEventListener('account:login-requested', requested);
    const { user } = renderWithStore(<Header />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(requested).toHaveBeenCalledTimes(1);
    window.removeEventListener('account:login-requested', requested);
  });
});

import { authApi, baseApi, Link, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { HeaderLists } from './HeaderLists';
import { ListCount } from './ListCount';
import { cartApi } from '../cart/cartApi';
import { wishlistApi } from '../wishlist/wishlistApi';

async function simpleProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = page.products.find((item) => !item.has_variants && item.available_stock > 3);
  if (!product) throw new Error('the seed has no simple product in stock');
  return product;
}

describe("the header's wishlist and cart", () => {
  it('counts the cart as the sum of quantities and the wishlist as its items, updating at once', async () => {
    const store = createTestStore();
    renderWithStore(<HeaderLists />, { store });
    await screen.findByRole('button', { name: 'Cart, 0 items' });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('0');
    // The counts read 0 before the lists have answered too. A new visitor's first asks, sent at
    // once without a cookie, each name a shopper, and the cookie answered last is kept (in the
    // store the shell settles the cookie with one ask first; this test has no shell): an add sent
    // before they have answered could go to a shopper the lists then are not. Added once both have.
    await waitFor(() => {
      expect(baseApi.endpoints.getCart.select()(store.getState()).isSuccess).toBe(true);
      expect(baseApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true);
    });

    const product = await simpleProduct(store);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');

    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
    expect(await screen.findByRole('button', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });

  it('is not drawn again while the lists are asked for again, only when a count changes', async () => {
    const store = createTestStore();
    let draws = 0;
    renderWithStore(
      <Profiler id="lists" onRender={() => (draws += 1)}>
        <HeaderLists />
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
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    expect(await screen.findByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(draws).toBeGreaterThan(before);
  });

  it('opens the cart dropdown under its button, and closes it when the shopper moves to another page', async () => {
    const { user } = renderWithStore(
      <>
        <HeaderLists />
        <Link to="/shop">go shopping</Link>
      </>,
    );
    const toggle = screen.getByRole('button', { name: /^Cart,/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById('cart-dropdown') as HTMLElement;
    expect(toggle).toHaveAttribute('aria-controls', 'cart-dropdown');
    expect(await within(panel).findByText('No products in the cart.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'go shopping' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('cart-dropdown')).toBeNull();
  });

  it('opens one dropdown at a time, and closes it on Escape and on its own links', async () => {
    const { user } = renderWithStore(<HeaderLists />);
    const wishlist = screen.getByRole('button', { name: /^Wishlist,/ });
    const cart = screen.getByRole('button', { name: /^Cart,/ });
    await user.click(wishlist);
    expect(await within(document.getElementById('wishlist-dropdown') as HTMLElement).findByText('No products in the wishlist.')).toBeInTheDocument();
    await user.click(cart);
    expect(wishlist).toHaveAttribute('aria-expanded', 'false');
    expect(cart).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(cart).toHaveAttribute('aria-expanded', 'false');

    await user.click(cart);
    await user.click(await screen.findByRole('link', { name: 'Start shopping' }));
    expect(cart).toHaveAttribute('aria-expanded', 'false');
  });
});

describe("the quick links' counts", () => {
  it('shows how much the cart (its quantities) or the wishlist holds, and says it to screen readers', async () => {
    const store = createTestStore();
    const product = await simpleProduct(store);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 3 })).unwrap();
    const { container } = renderWithStore(
      <>
        <p data-testid="cart">
          Cart
          <ListCount list="cart" />
        </p>
        <p data-testid="wishlist">
          Wishlist
          <ListCount list="wishlist" />
        </p>
      </>,
      { store },
    );
    expect(await screen.findByText(', 3 items')).toHaveClass('sf-visually-hidden');
    expect(within(screen.getByTestId('cart')).getByText('3')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('wishlist')).toHaveTextContent('Wishlist0, 0 items');
    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
    expect(await within(screen.getByTestId('wishlist')).findByText(', 1 item')).toBeInTheDocument();
    expect(container).toHaveTextContent('Cart3, 3 items');
  });
});

import { baseApi } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { productFromTheEnd } from '../features/checkout/checkoutTestKit';
import WishlistPage from './WishlistPage';
import { wishlistApi } from '../features/wishlist/wishlistApi';

describe('WishlistPage', () => {
  it('says the wishlist is empty and leads back to the shop', async () => {
    renderWithStore(<WishlistPage />);
    expect(await screen.findByText('No products in the wishlist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  });

  it('moves a product to the cart, and removes another', async () => {
    const store = createTestStore();
    const simple = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    const variant = await productFromTheEnd(store, (item) => item.has_variants && item.available_stock >= 1);
    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(simple)).unwrap();
    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(variant)).unwrap();
    const { user } = renderWithStore(<WishlistPage />, { store });

    expect(await screen.findAllByTestId('wishlist-line')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Choose options' })).toHaveAttribute('href', `/product?id=${variant.link}`);

    await user.click(screen.getByRole('button', { name: `Move to cart: ${simple.name}` }));
    expect(await screen.findByText(`${simple.name} has been added to cart`)).toBeInTheDocument();
    expect(await screen.findByText(`${simple.name} has been removed from wishlist`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('wishlist-line')).toHaveLength(1));
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart.map((line) => [line.product_id, line.qty])).toEqual([[simple.id, 1]]);

    await user.click(screen.getByRole('button', { name: `Remove ${variant.name} from wishlist` }));
    expect(await screen.findByText('No products in the wishlist.')).toBeInTheDocument();
    const wishlist = await store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(wishlist).toEqual([]);
  });
});

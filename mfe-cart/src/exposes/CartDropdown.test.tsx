import { baseApi, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import CartDropdown from './CartDropdown';
import WishlistDropdown from './WishlistDropdown';
import { cartApi } from '../features/cart/cartApi';
import { wishlistApi } from '../features/wishlist/wishlistApi';

async function simpleProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = page.products.find((item) => !item.has_variants && item.available_stock > 3);
  if (!product) throw new Error('the seed has no simple product in stock');
  return product;
}

describe('CartDropdown', () => {
  it('says the cart is empty', async () => {
    renderWithStore(<CartDropdown onClose={jest.fn()} />);
    expect(await screen.findByText('No products in the cart.')).toBeInTheDocument();
  });

  it('lists lines with 78×78 thumbnails, quantity and subtotal; remove shows the toast and empties it', async () => {
    const store = createTestStore();
    const product = await simpleProduct(store);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    const onClose = jest.fn();
    const { user } = renderWithStore(<CartDropdown onClose={onClose} />, { store });

    const line = await screen.findByTestId('cart-line');
    expect(line).toHaveTextContent(product.name);
    const thumbnail = line.querySelector('img');
    expect(thumbnail).toHaveAttribute('width', '78');
    expect(thumbnail).toHaveAttribute('height', '78');
    expect(within(line).getByText(/^2 × R/)).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent(/^R/);

    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    await user.click(screen.getByRole('link', { name: 'View Cart' }));
    expect(onClose).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: `Remove ${product.name} from cart` }));
    expect(await screen.findByText(`${product.name} has been removed from cart`)).toBeInTheDocument();
    expect(await screen.findByText('No products in the cart.')).toBeInTheDocument();
  });
});

describe('WishlistDropdown', () => {
  it('says the wishlist is empty', async () => {
    renderWithStore(<WishlistDropdown onClose={jest.fn()} />);
    expect(await screen.findByText('No products in the wishlist.')).toBeInTheDocument();
  });

  it('lists wishlist products and moves one to the cart', async () => {
    const store = createTestStore();
    const product = await simpleProduct(store);
    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
    const { user } = renderWithStore(<WishlistDropdown onClose={jest.fn()} />, { store });
    expect(await screen.findByTestId('wishlist-line')).toHaveTextContent(product.name);
    expect(screen.getByRole('link', { name: 'View Wishlist' })).toHaveAttribute('href', '/wishlist');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
  });
});

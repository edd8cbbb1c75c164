import { normaliseProduct, onStorefrontEvent } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { fireEvent, screen } from '@testing-library/react';
import { CART_EMBEDS } from '../../testing/cartControlStandIn';
import { ProductCard } from './ProductCard';

describe('ProductCard', () => {
  it("gives a simple product in stock the cart's one-tap Add to Cart", () => {
    const product = normaliseProduct({ id: 's1', name: 'Mug', price: 90, available_stock: 4 });
    renderWithStore(<ProductCard product={product} />, { embeds: CART_EMBEDS });
    expect(screen.getByRole('status', { name: 'Cart control' })).toHaveTextContent('card: Mug');
  });

  it("gives every card the cart's wishlist heart, with its product", () => {
    const product = normaliseProduct({ id: 's3', name: 'Mug', price: 90, has_variants: true, sizes: [{ name: 's' }] });
    renderWithStore(<ProductCard product={product} />, { embeds: CART_EMBEDS });
    expect(screen.getByRole('status', { name: 'Wishlist control' })).toHaveTextContent('card: Mug');
  });

  it('still shows the card, with a plain word in place of Add to Cart and no heart, when the cart cannot be had', () => {
    const product = normaliseProduct({ id: 's2', name: 'Mug', price: 90, available_stock: 4 });
    renderWithStore(<ProductCard product={product} />);
    expect(screen.getByText('Cart unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mug' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wishlist/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quick view Mug' })).toBeEnabled();
  });

  it('fetches the second picture when the card is first hovered or focused, not with the page', () => {
    const product = normaliseProduct({
      id: 'p2',
      name: 'Scarf',
      price: 100,
      small_pictures: [
        { url: '/img/1-small.svg', width: 400, height: 400 },
        { url: '/img/2-small.svg', width: 400, height: 400 },
      ],
    });
    const { container } = renderWithStore(<ProductCard product={product} />);
    const sources = () => [...container.querySelectorAll('img')].map((image) => image.getAttribute('src') ?? '');
    expect(sources()).toHaveLength(1);
    expect(sources()[0]).toMatch(/1-small\.svg$/);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'lazy');
    fireEvent.pointerEnter(screen.getByRole('article'));
    expect(sources()).toHaveLength(2);
    expect(sources()[1]).toMatch(/2-small\.svg$/);
  });

  it('a card of the first row of the page: its picture comes first, not lazily', () => {
    const product = normaliseProduct({ id: 'p3', name: 'Cap', price: 100, small_pictures: [{ url: '/img/cap.svg', width: 400, height: 400 }] });
    const { container } = renderWithStore(<ProductCard product={product} priority />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading');
  });

  it('sends variant products to their page instead', () => {
    const product = normaliseProduct({ id: 'v1', link: 'tee', name: 'Tee', price: 100, has_variants: true, available_stock: 3, sizes: [{ name: 's' }] });
    renderWithStore(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'Select options for Tee' })).toHaveAttribute('href', '/product?id=tee');
    expect(screen.queryByRole('button', { name: /^Add to Cart/ })).not.toBeInTheDocument();
  });

  it('shows the HOT and sale labels, and out of stock without a buy button', () => {
    const product = normaliseProduct({ id: 'o1', name: 'Mug', price: 200, on_sale_price: 150, is_popular: true, out_of_stock: true });
    renderWithStore(<ProductCard product={product} />, { embeds: CART_EMBEDS });
    expect(screen.getByText('HOT')).toBeInTheDocument();
    expect(screen.getByText('-25%')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to cart$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Select options/ })).not.toBeInTheDocument();
    // Still worth keeping or looking at.
    expect(screen.getByRole('status', { name: 'Wishlist control' })).toHaveTextContent('card: Mug');
    expect(screen.getByRole('button', { name: 'Quick view Mug' })).toBeEnabled();
  });

  it('asks for the quick view with the product id', async () => {
    const product = normaliseProduct({ id: 'q1', name: 'Kettle', price: 300 });
    const requested: string[] = [];
    const stop = onStorefrontEvent('product:quick-view-requested', ({ productId }) => requested.push(productId));
    const { user } = renderWithStore(<ProductCard product={product} />);
    await user.click(screen.getByRole('button', { name: 'Quick view Kettle' }));
    stop();
    expect(requested).toEqual(['q1']);
  });
});

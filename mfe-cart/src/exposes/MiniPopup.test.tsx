import { type CartItem, emitStorefrontEvent, type Product, Route, Routes } from '@storefront/shared';
import { SAMPLE_CART, SAMPLE_PRODUCTS } from '@storefront/shared/testing';
import { renderWithStore } from '@storefront/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import MiniPopup from './MiniPopup';

const line = SAMPLE_CART[0] as CartItem;
const product = SAMPLE_PRODUCTS[0] as Product;

function renderPopup() {
  return renderWithStore(
    <>
      <MiniPopup />
      <Routes>
        <Route path="*" element={<p>page</p>} />
      </Routes>
    </>,
    { route: '/product?id=tee' },
  );
}

describe('MiniPopup', () => {
  it('shows nothing until something is added', () => {
    renderPopup();
    expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();
  });

  it('shows an item added moments before its code arrived (it loads with the first interaction)', () => {
    emitStorefrontEvent('cart:item-added', { line });
    renderPopup();
    expect(screen.getByRole('complementary', { name: 'Added to cart' })).toHaveTextContent(line.name);
  });

  it('after a cart add: the product, View Cart and Checkout; a click on either closes it by leaving the page', async () => {
    const { user } = renderPopup();
    act(() => emitStorefrontEvent('cart:item-added', { line }));

    const popup = screen.getByRole('complementary', { name: 'Added to cart' });
    expect(popup).toHaveTextContent(line.name);
    expect(within(popup).getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(within(popup).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    await user.click(within(popup).getByRole('link', { name: 'View Cart' }));
    expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();
  });

  it("after a wishlist add: 'Product added!', View Wishlist and Checkout; Esc closes it", async () => {
    const { user } = renderPopup();
    act(() => emitStorefrontEvent('wishlist:item-added', { product }));

    const popup = screen.getByRole('complementary', { name: 'Product added!' });
    expect(popup).toHaveTextContent(product.name);
    expect(within(popup).getByRole('link', { name: 'View Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(within(popup).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();
  });

  it('goes by itself after a while, not while the pointer holds it, and at once on Close', async () => {
    jest.useFakeTimers();
    try {
      renderPopup();
      act(() => emitStorefrontEvent('cart:item-added', { line }));
      act(() => jest.advanceTimersByTime(5000));
      expect(screen.getByTestId('mini-popup')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();

      act(() => emitStorefrontEvent('cart:item-added', { line }));
      fireEvent.mouseEnter(screen.getByTestId('mini-popup'));
      act(() => jest.advanceTimersByTime(20_000));
      expect(screen.getByTestId('mini-popup')).toBeInTheDocument();
      fireEvent.mouseLeave(screen.getByTestId('mini-popup'));
      act(() => jest.advanceTimersByTime(6000));
      expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();

      act(() => emitStorefrontEvent('cart:item-added', { line }));
      act(() => screen.getByRole('button', { name: 'Close' }).click());
      expect(screen.queryByTestId('mini-popup')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

import { baseApi, formatRand, randomId, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { productFromTheEnd } from '../features/checkout/checkoutTestKit';
import { placeOrderApi } from '../features/orders/ordersApi';
import CartPage from './CartPage';
import { cartApi } from '../features/cart/cartApi';

describe('CartPage', () => {
  it('invites an empty cart to keep shopping', async () => {
    renderWithStore(<CartPage />);
    expect(await screen.findByText('No products in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  });

  it('changes a quantity (clamped to stock, saved on the api) and totals with delivery and VAT', async () => {
    const store = createTestStore();
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
    const product = page.products.find((item: Product) => !item.has_variants && item.available_stock >= 3 && item.available_stock < 40);
    if (!product) throw new Error('the seed has no suitable product');
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(<CartPage />, { store });

    const quantity = await screen.findByLabelText(`Quantity of ${product.name}`);
    await user.clear(quantity);
    await user.type(quantity, '99');
    expect(quantity).toHaveValue(String(product.available_stock));

    await waitFor(async () => {
      const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
      expect(cart[0]?.qty).toBe(product.available_stock);
    });

    const subtotal = line.price * product.available_stock;
    // The refetches above reach the store before React has rendered them.
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent(formatRand(subtotal + 99.99)));
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');
    await user.click(screen.getByRole('radio', { name: /Collect in store/ }));
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatRand(subtotal));
    expect(screen.getByText('incl. VAT (15%)')).toBeInTheDocument();
    // The choice is kept in the URL and carried on to the checkout.
    expect(screen.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout?delivery=collect');
  });

  it('rolls a quantity change back, with an error toast, when the api refuses it', async () => {
    const store = createTestStore();
    // Its own product (a simple one with 2 to 4 in stock, from the end): this test sells it out.
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 2 && item.available_stock <= 4);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(<CartPage />, { store });
    const quantity = await screen.findByLabelText(`Quantity of ${product.name}`);

    const rival = createTestStore();
    await rival.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: product.available_stock })).unwrap();
    await rival
      .dispatch(
        placeOrderApi.endpoints.placeOrder.initiate({
          idempotencyKey: randomId(32),
          request: { contact: { first_name: 'Sipho', last_name: 'Dube', email: 'sipho@example.co.za', phone: '+27831234567' }, delivery: { method: 'collect' }, payment_method: 'eft' },
        }),
      )
      .unwrap();

    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity).toHaveValue('2');
    expect(await screen.findByText('error updating the cart')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[mfe-cart] quantity update failed', expect.objectContaining({ status: 409 }));
    logged.mockRestore();
    await waitFor(() => expect(quantity).toHaveValue('1'));
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart.map((line) => line.qty)).toEqual([1]);
  });
});

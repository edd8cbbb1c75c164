import { type Order, type PlaceOrderRequest, randomId, Route, Routes } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import { productFromTheEnd } from '../features/checkout/checkoutTestKit';
import { placeOrderApi } from '../features/orders/ordersApi';
import { PaymentInstructions } from '../features/orders/PaymentInstructions';
import OrderCompletePage from './OrderCompletePage';
import { cartApi } from '../features/cart/cartApi';

const page = (
  <Routes>
    <Route path="/checkout/complete/:id" element={<OrderCompletePage />} />
  </Routes>
);

const contact = { first_name: 'Lerato', last_name: 'Mokoena', email: 'lerato@example.co.za', phone: '+27721234567' };

async function placeOrder(store: ReturnType<typeof createTestStore>, request: Omit<PlaceOrderRequest, 'contact'>): Promise<Order> {
  const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
  await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
  return store.dispatch(placeOrderApi.endpoints.placeOrder.initiate({ idempotencyKey: randomId(32), request: { contact, ...request } })).unwrap();
}

describe('OrderCompletePage', () => {
  it("confirms a delivered EFT order: number, EFT reference, the shop's bank details, address", async () => {
    const store = createTestStore();
    const order = await placeOrder(store, {
      delivery: { method: 'delivery', street: '5 Jan Smuts Avenue', suburb: 'Parktown', city: 'Johannesburg', province: 'Gauteng', postal_code: '2193' },
      payment_method: 'eft',
    });
    renderWithStore(page, { route: `/checkout/complete/${order.id}`, store });

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, Lerato! Your order is placed.' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Awaiting your EFT payment');
    expect(screen.getByTestId('payment-reference')).toHaveTextContent(order.number);
    // Three days to pay, in the shop's time: the order says until when.
    const payBy = new Date(Date.parse(order.created_at) + 72 * 60 * 60 * 1000);
    const shopTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' }).format(payBy);
    expect(screen.getByTestId('pay-by')).toHaveTextContent(`We hold your order until ${shopTime}. If the payment has not reflected by then, the order expires`);
    const eft = order.eft_payment;
    if (!eft) throw new Error('the test api gives EFT orders the bank details of its configured account');
    const details = screen.getByTestId('bank-details');
    for (const value of [eft.bank, eft.account_holder, eft.account_number, eft.branch_code, order.number]) expect(details).toHaveTextContent(value);
    expect(screen.queryByText(/sample/i)).not.toBeInTheDocument();
    expect(screen.getByText(/5 Jan Smuts Avenue/)).toHaveTextContent('Parktown');
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('R99.99');
  });

  it('tells a cash-on-collection shopper to pay in store, without bank details', async () => {
    const store = createTestStore();
    const order = await placeOrder(store, { delivery: { method: 'collect' }, payment_method: 'cod' });
    renderWithStore(page, { route: `/checkout/complete/${order.id}`, store });

    expect(await screen.findByTestId('order-number')).toHaveTextContent(order.number);
    expect(screen.getByText(/in cash/)).toHaveTextContent('at the store when you collect your order');
    expect(screen.queryByText(/Bank details/)).not.toBeInTheDocument();
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('Free');
  });

  it('sends an EFT payer to the shop for its bank details when the order has none, rather than show any account', async () => {
    const store = createTestStore();
    const order = await placeOrder(store, { delivery: { method: 'collect' }, payment_method: 'eft' });
    renderWithStore(<PaymentInstructions order={{ ...order, eft_payment: null }} />, { store });

    expect(screen.getByTestId('payment-reference')).toHaveTextContent(order.number);
    expect(screen.queryByText('Bank details')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Our bank details are not on hand just now. Contact us for them');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it("shows another shopper's order as not found", async () => {
    const order = await placeOrder(createTestStore(), { delivery: { method: 'collect' }, payment_method: 'eft' });
    renderWithStore(page, { route: `/checkout/complete/${order.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByText(order.number)).not.toBeInTheDocument();
  });

  it('shows a malformed order id as not found too', async () => {
    renderWithStore(page, { route: '/checkout/complete/not-an-order' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });
});

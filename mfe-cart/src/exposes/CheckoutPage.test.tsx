import { baseApi, formatRand, type Order, ordersApi, Route, Routes } from '@storefront/shared';
import { orderTotals } from '@storefront/shared/domain';
import { cashOnlyTestApiUrl, createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { fillCheckoutForm, openReview, placeCashOrder, productFromTheEnd, THANDI } from '../features/checkout/checkoutTestKit';
import CheckoutPage from './CheckoutPage';
import OrderCompletePage from './OrderCompletePage';
import { cartApi } from '../features/cart/cartApi';

// A whole checkout, typed key by key through both steps against the real api, takes more than jest's 5 seconds on a busy machine.
jest.setTimeout(30_000);

const pages = (
  <Routes>
    <Route path="/checkout" element={<CheckoutPage />} />
    <Route path="/checkout/complete/:id" element={<OrderCompletePage />} />
  </Routes>
);

async function ordersOf(store: ReturnType<typeof createTestStore>): Promise<Order[]> {
  return store.dispatch(ordersApi.endpoints.getOrders.initiate(undefined, { forceRefetch: true })).unwrap();
}

describe('CheckoutPage', () => {
  it('shows a friendly empty state for an empty cart', async () => {
    renderWithStore(pages, { route: '/checkout' });
    expect(await screen.findByText('No products in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review order' })).not.toBeInTheDocument();
  });

  it('says nothing about an empty field the shopper only passes through', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    await user.click(await screen.findByLabelText('First name'));
    await user.tab();
    expect(screen.getByLabelText('Last name')).toHaveFocus();
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
  });

  it('shows each field its own error, focuses the first, and neither reviews nor places anything', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    await user.click(await screen.findByRole('button', { name: 'Review order' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    const errors = screen.getAllByText(/./, { selector: '.sf-field__error' }).map((error) => error.textContent);
    expect(errors).toEqual([
      'First name is required',
      'Last name is required',
      'Email address is required',
      'Phone number is required',
      'Street address is required',
      'Suburb is required',
      'City or town is required',
      'Choose a province',
      'Postal code is required',
    ]);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');

    await user.type(screen.getByLabelText('Postal code'), '80a');
    expect(screen.getByLabelText('Postal code')).toHaveValue('80');
    await user.tab();
    expect(screen.getByText('A postal code is 4 digits')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review your order' })).not.toBeInTheDocument();
    expect(await ordersOf(store)).toEqual([]);
  });

  it('normalises the phone number to +27 as the shopper types, and lists the nine provinces', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    const phone = await screen.findByLabelText('Phone number');
    await user.type(phone, '082 123 45');
    expect(phone).toHaveValue('+278212345');
    await user.tab();
    expect(screen.getByText(/\+27 and 9 digits/)).toBeInTheDocument();
    await user.type(phone, '67');
    expect(phone).toHaveValue('+27821234567');
    expect(screen.queryByText(/\+27 and 9 digits/)).not.toBeInTheDocument();

    const provinces = within(screen.getByLabelText('Province')).getAllByRole('option').slice(1);
    expect(provinces.map((option) => option.textContent)).toEqual([
      'Eastern Cape',
      'Free State',
      'Gauteng',
      'KwaZulu-Natal',
      'Limpopo',
      'Mpumalanga',
      'North West',
      'Northern Cape',
      'Western Cape',
    ]);
  });

  it('collecting in store drops the address and the delivery fee from the summary', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    const total = await screen.findByTestId('order-total');
    expect(total).toHaveTextContent(formatRand(orderTotals([line], 'delivery').total));
    await user.click(screen.getByRole('radio', { name: /Collect in store/ }));
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('Free');
    expect(total).toHaveTextContent(formatRand(orderTotals([line], 'collect').total));
    expect(screen.getByRole('radio', { name: /Cash on collection/ })).toBeInTheDocument();
  });

  it('places one order however often the button is pressed, then shows the confirmation and an empty cart', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    await screen.findByRole('button', { name: 'Review order' });
    await fillCheckoutForm(user);
    expect(screen.getByLabelText('Phone number')).toHaveValue(THANDI.phone);
    await openReview(user);
    const button = screen.getByRole('button', { name: 'Place order' });
    await user.dblClick(button);
    // Pressed a third time from the keyboard: a third click of the mouse, landing after the
    // confirmation had taken focus, would take it away again (the button it aims at is gone).
    await user.keyboard('{Enter}');

    const heading = await screen.findByRole('heading', { level: 1, name: `Thank you, ${THANDI.firstName}! Your order is placed.` });
    await waitFor(() => expect(heading).toHaveFocus());
    const number = screen.getByTestId('order-number').textContent ?? '';
    expect(number).toMatch(/^JAC-\d{4}-\d{6}$/);
    expect(screen.getByTestId('payment-reference')).toHaveTextContent(number);
    expect(screen.getByTestId('bank-details')).toHaveTextContent(`Reference${number}`);
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatRand(orderTotals([line], 'delivery').total));
    expect(screen.getByTestId('order-line')).toHaveTextContent(product.name);

    const orders = await ordersOf(store);
    expect(orders.map((order) => order.number)).toEqual([number]);
    expect(baseApi.endpoints.getCart.select()(store.getState()).data).toEqual([]);
  });

  it('offers cash alone when the shop takes no EFT, and places the order as cash', async () => {
    const store = createTestStore(cashOnlyTestApiUrl());
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    // Every draw of the page, from the first: whether it offered EFT.
    const eftOffered: boolean[] = [];
    const observer = new MutationObserver(() => eftOffered.push(document.querySelector('input[type="radio"][value="eft"]') !== null));
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    const { user } = renderWithStore(pages, { route: '/checkout', store });

    await screen.findByRole('button', { name: 'Review order' });
    const payment = () => screen.getByRole('group', { name: 'How would you like to pay?' });
    // Only cash, chosen; EFT is never offered, not even before the shop has said what it takes.
    await waitFor(() => expect(within(payment()).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['cod']));
    observer.disconnect();
    expect(eftOffered.length).toBeGreaterThan(0);
    expect(eftOffered.filter(Boolean)).toEqual([]);
    expect(within(payment()).getByRole('radio', { name: /Cash on delivery/ })).toBeChecked();
    await fillCheckoutForm(user);
    await openReview(user);
    expect(screen.getByTestId('review-payment')).toHaveTextContent('Cash on delivery');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await screen.findByRole('heading', { level: 1, name: `Thank you, ${THANDI.firstName}! Your order is placed.` });
    expect((await ordersOf(store)).map((order) => order.payment_method)).toEqual(['cod']);
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
  });

  it('refuses a name with characters that turn its text around, before anything is sent', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await screen.findByRole('button', { name: 'Review order' });
    await fillCheckoutForm(user);
    await user.type(screen.getByLabelText('Last name'), '\u202E');
    await user.click(screen.getByRole('button', { name: 'Review order' }));

    expect(await screen.findByText('Last name must not contain characters that change the direction of text')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Review your order' })).not.toBeInTheDocument();
    expect(await ordersOf(store)).toEqual([]);
  });

  it('says why a fourth unpaid order is refused, and places nothing', async () => {
    const store = createTestStore();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 8);
    for (let placed = 0; placed < 3; placed += 1) {
      await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
      await placeCashOrder(store);
    }
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await screen.findByRole('button', { name: 'Review order' });
    await fillCheckoutForm(user);
    await openReview(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const problem = await screen.findByTestId('checkout-problem');
    expect(problem).toHaveTextContent(
      'We could not place your order: You already have 3 unpaid orders, the most we hold for one shopper. Once one is paid you can place this order, or contact us and we will help.',
    );
    await waitFor(() => expect(problem).toHaveFocus());
    expect(await ordersOf(store)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('says which line ran out of stock when another shopper bought it first, and orders nothing', async () => {
    const store = createTestStore();
    // Its own product (a simple one with 5 to 9 in stock, from the end), so no other test moves its stock meanwhile.
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5 && item.available_stock <= 9);
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: product.available_stock })).unwrap();

    const rival = createTestStore();
    await rival.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    await placeCashOrder(rival);

    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await screen.findByRole('button', { name: 'Review order' });
    await user.click(screen.getByRole('radio', { name: /Collect in store/ }));
    await fillCheckoutForm(user, { withAddress: false });
    await openReview(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const problem = await screen.findByTestId('checkout-problem');
    expect(problem).toHaveTextContent(`${product.name}: you asked for ${line.qty}, only ${line.qty - 1} left.`);
    // In a new tab, so the details typed here are still here when the shopper comes back.
    const update = within(problem).getByRole('link', { name: 'Update your cart (opens in a new tab)' });
    expect(update).toHaveAttribute('href', '/cart');
    expect(update).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(problem).toHaveFocus());
    expect(await ordersOf(store)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    // The refreshed cart shows what is left, beside the line.
    expect(await screen.findByText(`Only ${line.qty - 1} left.`)).toBeInTheDocument();
  });
});

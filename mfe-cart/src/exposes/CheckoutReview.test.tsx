import { createStorefrontStore, formatRand, type Order, ordersApi, Route, Routes, useLocation, useNavigate } from '@storefront/shared';
import { orderTotals } from '@storefront/shared/domain';
import { createCookieJarFetch, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fillCheckoutForm, openReview, productFromTheEnd, THANDI } from '../features/checkout/checkoutTestKit';
import CheckoutPage from './CheckoutPage';
import OrderCompletePage from './OrderCompletePage';
import { cartApi } from '../features/cart/cartApi';

// A whole checkout, typed key by key through both steps against the real api, takes more than jest's 5 seconds on a busy machine.
jest.setTimeout(30_000);

/** Where the router is, and Back and Forward as the browser's buttons would press them. */
function History() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
    </div>
  );
}

const pages = (
  <>
    <History />
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/checkout/complete/:id" element={<OrderCompletePage />} />
    </Routes>
  </>
);

interface SentOrder {
  body: Record<string, unknown>;
}

/**
 * One shopper (one cookie) on the real test api, as two tabs (two stores sharing the cookie),
 * with the bodies of the POST /orders the first sends, and a way to hold those requests back.
 */
function shopper() {
  const cookieJar = createCookieJarFetch();
  const sent: SentOrder[] = [];
  let hold: Promise<void> | null = null;
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/orders')) {
      sent.push({ body: (await request.clone().json()) as Record<string, unknown> });
      if (hold) await hold;
    }
    return cookieJar(request);
  };
  const apiBase = testApiUrl();
  const config = { apiBase, assetHost: `${apiBase}/images/` };
  const store = createStorefrontStore({ config, fetchFn });
  const otherTab = createStorefrontStore({ config, fetchFn: cookieJar });
  return {
    store,
    otherTab,
    sent,
    /** Holds POST /orders back until the function it answers is called. */
    holdOrders(): () => void {
      let release: () => void = () => undefined;
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        hold = null;
        release();
      };
    },
  };
}

type ShopperStore = ReturnType<typeof shopper>['store'];

async function ordersOf(store: ShopperStore): Promise<Order[]> {
  return store.dispatch(ordersApi.endpoints.getOrders.initiate(undefined, { forceRefetch: true })).unwrap();
}

const location = () => screen.getByTestId('location').textContent;

async function checkoutWithDetails(user: UserEvent): Promise<void> {
  await screen.findByRole('button', { name: 'Review order' });
  await fillCheckoutForm(user);
}

describe('the checkout review', () => {
  it('shows the whole order: each line with its options, quantity and price, delivery and its cost, the total with its VAT, address, payment and contact', async () => {
    const { store } = shopper();
    const simple = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    const variant = await productFromTheEnd(store, (item) => item.has_variants && item.colours.length > 0 && item.sizes.length > 0 && item.available_stock >= 5);
    const colour = variant.colours[0];
    const size = variant.sizes[0];
    const lines = [
      await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: simple, qty: 2 })).unwrap(),
      await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: variant, colour, size, qty: 1 })).unwrap(),
    ];
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();

    const heading = await openReview(user);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(location()).toBe('/checkout?step=review');
    expect(screen.getByRole('list', { name: 'Checkout steps' })).toHaveTextContent('Review and place order');
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');

    const rows = screen.getAllByTestId('review-line');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(simple.name);
    expect(rows[0]).toHaveTextContent(`Quantity 2 × ${formatRand(lines[0]?.price ?? 0)}`);
    expect(rows[0]).toHaveTextContent(`Line total ${formatRand(orderTotals(lines.slice(0, 1), 'collect').subtotal)}`);
    expect(rows[1]).toHaveTextContent(variant.name);
    expect(rows[1]).toHaveTextContent(`Colour: ${colour?.name ?? ''} · Size: ${(size?.name ?? '').toUpperCase()}`);
    expect(rows[1]).toHaveTextContent(`Quantity 1 × ${formatRand(lines[1]?.price ?? 0)}`);
    // Nothing in the review leads away from the checkout in this tab.
    expect(within(rows[0] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();

    const totals = orderTotals(lines, 'delivery');
    expect(screen.getByTestId('review-delivery')).toHaveTextContent('Deliver to my door: R99.99');
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent(formatRand(totals.subtotal));
    expect(screen.getByTestId('order-delivery')).toHaveTextContent(formatRand(totals.delivery));
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatRand(totals.total));
    expect(screen.getByTestId('order-vat')).toHaveTextContent(formatRand(totals.vat));
    expect(screen.getByText('incl. VAT (15%)')).toBeInTheDocument();
    expect(screen.getByTestId('review-address')).toHaveTextContent(
      `${THANDI.firstName} ${THANDI.lastName}${THANDI.street}${THANDI.suburb}${THANDI.city}, ${THANDI.province}${THANDI.postalCode}`,
    );
    expect(screen.getByTestId('review-payment')).toHaveTextContent('EFT bank transfer');
    expect(screen.getByTestId('review-contact')).toHaveTextContent(`${THANDI.firstName} ${THANDI.lastName}${THANDI.email}${THANDI.phone}`);
    expect(screen.getByTestId('review-marketing')).toHaveTextContent('No news or offers by email.');
    expect(screen.getByTestId('review-commitment')).toHaveTextContent(`pay ${formatRand(totals.total)} (EFT bank transfer)`);

    // The shop's policies and the cart open in new tabs, so nothing typed here is lost.
    for (const [name, href] of [
      ['Returns and refunds policy (opens in a new tab)', '/legal/returns'],
      ['Delivery policy (opens in a new tab)', '/legal/delivery'],
      ['Privacy policy (opens in a new tab)', '/legal/privacy'],
      ['Payment policy (opens in a new tab)', '/legal/payment'],
      ['Change your items in the cart (opens in a new tab)', '/cart'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(await ordersOf(store)).toEqual([]);
  });

  it('Change goes back to the details with the field focused and everything typed kept; the corrected order is placed', async () => {
    const { store } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);
    await openReview(user);

    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    const street = await screen.findByLabelText('Street address');
    await waitFor(() => expect(street).toHaveFocus());
    expect(location()).toBe('/checkout');
    expect(street).toHaveValue(THANDI.street);
    expect(screen.getByLabelText('First name')).toHaveValue(THANDI.firstName);
    expect(screen.getByLabelText('Phone number')).toHaveValue(THANDI.phone);
    expect(screen.getByLabelText('Province')).toHaveValue(THANDI.province);
    expect(screen.getByLabelText('Postal code')).toHaveValue(THANDI.postalCode);
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();

    await user.clear(street);
    await user.type(street, '7 Bree Street');
    await openReview(user);
    expect(screen.getByTestId('review-address')).toHaveTextContent('7 Bree Street');

    for (const [button, focused] of [
      ['Change contact details', () => screen.getByLabelText('First name')],
      ['Change how you get your order', () => screen.getByRole('radio', { name: /Deliver to my door/ })],
      ['Change payment method', () => screen.getByRole('radio', { name: /EFT bank transfer/ })],
      ['Change news and offers by email', () => screen.getByRole('checkbox', { name: /news and offers by email/ })],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(focused()).toHaveFocus());
      expect(screen.getByLabelText('Street address')).toHaveValue('7 Bree Street');
      await openReview(user);
    }
    await user.click(screen.getByRole('button', { name: 'Back to your details' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toHaveFocus());
    await openReview(user);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { level: 1, name: `Thank you, ${THANDI.firstName}! Your order is placed.` });
    const orders = await ordersOf(store);
    expect(orders.map((order) => order.address?.street)).toEqual(['7 Bree Street']);
  });

  it('Back and Forward move between the steps with everything kept; a review asked for with nothing to review shows the details', async () => {
    const { store } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout?delivery=collect&step=review', store });

    // As after a reload: nothing typed is kept, so there is nothing to review and nothing to place.
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    await waitFor(() => expect(location()).toBe('/checkout?delivery=collect'));
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Collect in store/ })).toBeChecked();

    await fillCheckoutForm(user, { withAddress: false });
    const heading = await openReview(user);
    expect(location()).toBe('/checkout?delivery=collect&step=review');
    expect(screen.getByTestId('review-delivery')).toHaveTextContent('Collect in store: free.');
    expect(screen.queryByTestId('review-address')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('Free');
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(location()).toBe('/checkout?delivery=collect');
    expect(screen.getByLabelText('Email address')).toHaveValue(THANDI.email);

    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    expect(screen.getByTestId('review-contact')).toHaveTextContent(THANDI.email);

    // Back (or Forward) to a review of details that no longer pass shows the details instead.
    await user.click(screen.getByRole('button', { name: 'Change contact details' }));
    await user.clear(await screen.findByLabelText('Email address'));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(location()).toBe('/checkout?delivery=collect'));
    expect(screen.queryByRole('heading', { name: 'Review your order' })).not.toBeInTheDocument();
    expect(await ordersOf(store)).toEqual([]);
  });

  it('sends marketingConsent: true only when the shopper ticked the box, which starts unticked', async () => {
    const { store, sent } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);

    const consent = screen.getByRole('checkbox', { name: "Send me Jacaranda's news and offers by email (you can unsubscribe at any time)" });
    expect(consent).not.toBeChecked();
    expect(consent).toHaveAccessibleDescription(/we will first email you to confirm/);
    await user.click(consent);
    await openReview(user);
    expect(screen.getByTestId('review-marketing')).toHaveTextContent('Yes, email me news and offers. We will first email you to confirm.');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ marketingConsent: true, payment_method: 'eft' });
  });

  it('places nothing without the review: the details step has no Place order, and submitting it opens the review', async () => {
    const { store, sent } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);

    // Enter in a field submits the details form: that opens the review and sends nothing.
    await user.type(screen.getByLabelText('Postal code'), '{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    expect(sent).toEqual([]);
    expect(await ordersOf(store)).toEqual([]);
  });

  it('disables Place order with a spinner while placing, then sends no marketingConsent when the box was left unticked', async () => {
    const { store, sent, holdOrders } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);
    await openReview(user);

    const release = holdOrders();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const placing = await screen.findByRole('button', { name: 'Placing your order…' });
    expect(placing).toBeDisabled();
    expect(placing.querySelector('.chk-spinner')).not.toBeNull();
    expect(screen.getByText('Placing your order…', { selector: '[role="status"]' })).toBeInTheDocument();
    release();

    await screen.findByRole('heading', { level: 1, name: `Thank you, ${THANDI.firstName}! Your order is placed.` });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toHaveProperty('marketingConsent');
  });

  it('shows the cart as it is when it changes in another tab, and never places a cart the shopper has not seen', async () => {
    const { store, otherTab } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 6);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);
    await openReview(user);
    expect(screen.getByTestId('review-line')).toHaveTextContent('Quantity 1 ×');

    // Another tab adds one more; coming back to this tab shows it.
    await otherTab.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    fireEvent.focus(window);
    await waitFor(() => expect(screen.getByTestId('review-line')).toHaveTextContent('Quantity 2 ×'));

    // Changed again while this tab kept the focus: Place order finds out, shows it and places nothing.
    await otherTab.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const problem = await screen.findByTestId('checkout-problem');
    expect(problem).toHaveTextContent('Your cart changed while you were reviewing your order, so nothing was ordered.');
    await waitFor(() => expect(problem).toHaveFocus());
    expect(screen.getByTestId('review-line')).toHaveTextContent('Quantity 3 ×');
    expect(await ordersOf(store)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { level: 1, name: `Thank you, ${THANDI.firstName}! Your order is placed.` });
    expect((await ordersOf(store)).map((order) => order.lines.map((line) => line.qty))).toEqual([[3]]);
  });

  it('keeps what was typed while the cart is emptied in another tab, and shows the review again once it has lines', async () => {
    const { store, otherTab } = shopper();
    const product = await productFromTheEnd(store, (item) => !item.has_variants && item.available_stock >= 5);
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const { user } = renderWithStore(pages, { route: '/checkout', store });
    await checkoutWithDetails(user);
    await openReview(user);

    await otherTab.dispatch(cartApi.endpoints.removeFromCart.initiate(line)).unwrap();
    fireEvent.focus(window);
    expect(await screen.findByText('No products in the cart.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();

    await otherTab.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    fireEvent.focus(window);
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    expect(screen.getByTestId('review-contact')).toHaveTextContent(`${THANDI.firstName} ${THANDI.lastName}${THANDI.email}${THANDI.phone}`);
    expect(screen.getByTestId('review-address')).toHaveTextContent(THANDI.street);
    expect(await ordersOf(store)).toEqual([]);
  });
});

import { baseApi, cartLineKey, type PlaceOrderRequest, type Product, randomId } from '@storefront/shared';
import { createCookieJarFetch, createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { render, screen, within } from '@testing-library/react';
import { RatingBreakdown } from './RatingBreakdown';
import { ReviewsPanel } from './ReviewsPanel';

const COLLECTED_CASH_ORDER: PlaceOrderRequest = {
  contact: { first_name: 'Kagiso', last_name: 'Molefe', email: 'kagiso@example.co.za', phone: '+27821234567' },
  delivery: { method: 'collect' },
  payment_method: 'cod',
};

/** One shopper talking to the real test api, as their browser would. */
function apiShopper() {
  const fetchAsShopper = createCookieJarFetch();
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetchAsShopper(`${testApiUrl()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  return {
    register: (first_name: string) =>
      send('POST', '/auth/register', { first_name, last_name: 'Molefe', email: `${randomId(16)}@example.co.za`, password: 'a good long password', phone: '0821234567' }),
    /** Places a cash order to collect in store; its number. */
    order: async (product: Product): Promise<string> => {
      await send('POST', '/cart', { id: cartLineKey(product), qty: 1 });
      const placed = await send('POST', '/orders', COLLECTED_CASH_ORDER, { 'idempotency-key': randomId(32) });
      return ((await placed.json()) as { number: string }).number;
    },
    review: (product: Product, rating: number, body: string) => send('POST', `/products/${encodeURIComponent(product.id)}/reviews`, { rating, body }),
  };
}

/**
 * The shop hands over a cash order and takes the money at the counter, as its command line does
 * (api/src/testing/globalSetup.ts gives the token): the order is paid from then on.
 */
async function collectAtCounter(number: string): Promise<void> {
  const token = process.env.STOREFRONT_TEST_MACHINE_TOKEN;
  if (!token) throw new Error('STOREFRONT_TEST_MACHINE_TOKEN is not set: run web tests through jest, whose globalSetup starts the api');
  for (const to of ['packed', 'ready_for_collection', 'collected']) {
    const moved = await fetch(`${testApiUrl()}/operator/orders/${encodeURIComponent(number)}/moves`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to }),
    });
    if (!moved.ok) throw new Error(`could not move ${number} to ${to}: ${moved.status} ${await moved.text()}`);
  }
}

/**
 * A simple product nobody has reviewed, to buy one of. Not the first unreviewed one: the product
 * page's tests expect that to stay so. Well stocked: the cart and checkout tests, running at the
 * same time, count on the stock of the products with less than 40 they pick.
 */
async function unreviewedProductToBuy(): Promise<Product> {
  const { products } = await createTestStore().dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const laterUnreviewed = products.filter((item) => item.reviews_count === 0).slice(1);
  const product = laterUnreviewed.reverse().find((item) => !item.has_variants && item.available_stock >= 40);
  if (!product) throw new Error('the seed has no well-stocked simple product without reviews but the first');
  return product;
}

describe('ReviewsPanel', () => {
  it('marks the review of a shopper who paid for the product "Verified buyer", and says how many of the reviews are', async () => {
    const product = await unreviewedProductToBuy();
    const buyer = apiShopper();
    await buyer.register('Kagiso');
    const number = await buyer.order(product);
    await buyer.review(product, 5, 'Bought it for my son, he loves it.');
    // Written before the cash came in: marked once the order is collected and paid.
    await collectAtCounter(number);
    const passerBy = apiShopper();
    await passerBy.register('Ruan');
    await passerBy.review(product, 1, 'Looks cheap in the pictures.');

    renderWithStore(<ReviewsPanel product={product} />);

    const [newest, older] = await screen.findAllByTestId('review');
    if (!newest || !older) throw new Error('two reviews were written');
    expect(newest).toHaveTextContent('Ruan M.');
    expect(within(newest).queryByText('Verified buyer')).not.toBeInTheDocument();
    expect(older).toHaveTextContent('Kagiso M. Verified buyer ·');
    expect(within(older).getByText('Verified buyer')).toBeVisible();
    expect(screen.getByTestId('verified-summary')).toHaveTextContent('1 of 2 reviews is from a verified buyer');
    expect(screen.getByText(/from 2 reviews/)).toBeInTheDocument();
  });

  it('says nothing of verified buyers while there are no reviews', async () => {
    const { products } = await createTestStore().dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
    const unreviewed = products.find((item) => item.reviews_count === 0);
    if (!unreviewed) throw new Error('the seed has no product without reviews');

    renderWithStore(<ReviewsPanel product={unreviewed} />);

    expect(await screen.findByText('There are no reviews yet.')).toBeInTheDocument();
    expect(screen.queryByText(/verified/i)).not.toBeInTheDocument();
  });
});

describe('RatingBreakdown', () => {
  it.each([
    [3, 12, '3 of 12 reviews are from verified buyers'],
    [1, 12, '1 of 12 reviews is from a verified buyer'],
    [12, 12, 'All 12 reviews are from verified buyers'],
    [0, 12, 'None of the 12 reviews are from verified buyers'],
    [1, 1, 'The review is from a verified buyer'],
    [0, 1, 'The review is not from a verified buyer'],
  ])('with %i verified of %i reviews says "%s"', (verified, total, sentence) => {
    const counts = [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 4 ? total : 0 }));
    render(<RatingBreakdown average={4} total={total} ratingCounts={counts} verifiedCount={verified} />);
    expect(screen.getByTestId('verified-summary')).toHaveTextContent(sentence);
  });
});

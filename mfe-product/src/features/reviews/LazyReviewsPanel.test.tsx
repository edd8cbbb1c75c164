import { baseApi } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import { LazyReviewsPanel } from './LazyReviewsPanel';

// The reviews tab's chunk fails to arrive once (a dropped connection), then arrives.
let mockChunkFailures = 1;
jest.mock('./ReviewsPanel', () => {
  if (mockChunkFailures > 0) {
    mockChunkFailures -= 1;
    throw new Error('Loading chunk later-reviews failed');
  }
  return jest.requireActual('./ReviewsPanel');
});

describe('LazyReviewsPanel', () => {
  it('says so in the tab when its code cannot be fetched, and Try again fetches it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, store } = renderWithStore(<div />);
    const [product] = (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 1 })).unwrap()).products;
    if (!product) throw new Error('the seed has no products');

    renderWithStore(<LazyReviewsPanel product={product} />, { store });
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the reviews just now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign in to write a review' })).toBeInTheDocument();
  });
});

/**
 * A module one remote's page embeds from another (shared's Embedded, filled by the shell's
 * embedder) that throws while drawn: the slot shows it is unavailable, as before, and the failure
 * is counted for the page view's report and logged with the remote's version, as a region's is.
 */
import { ErrorBoundary } from '@storefront/shared';
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { countedEmbed } from '../federation/embeds';
import { pageHealthReport } from './pageHealth';

function BrokenAddToCart(): never {
  throw new Error('the quantity could not be read');
}

function WorkingAddToCart({ label }: { label: string }) {
  return createElement('button', null, label);
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('an embedded module', () => {
  it('that throws is counted once for its remote and logged, and its slot shows it is unavailable', async () => {
    const Counted = countedEmbed('mfe-cart/AddToCart', BrokenAddToCart);
    render(createElement(ErrorBoundary, { name: 'mfe-cart/AddToCart', fallback: () => 'Add to Cart is not available', children: createElement(Counted) }));
    expect(screen.getByText('Add to Cart is not available')).toBeInTheDocument();
    // Counted once the render is over.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pageHealthReport('token', 'product').remotes).toEqual({ cart: { caughtErrors: 1 } });
    const logged = (console.error as jest.Mock).mock.calls.filter(([line]) => typeof line === 'string' && line.startsWith('[shell] mfe-cart/AddToCart failed (mfe-cart '));
    expect(logged).toHaveLength(1);
  });

  it('that works is drawn as it is, the same wrapped component on every render', () => {
    const Counted = countedEmbed('mfe-cart/AddToCart', WorkingAddToCart);
    expect(countedEmbed('mfe-cart/AddToCart', WorkingAddToCart)).toBe(Counted);
    render(createElement(Counted, { label: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });
});

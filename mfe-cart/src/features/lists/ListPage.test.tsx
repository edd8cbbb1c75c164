import { renderWithStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import { ListLines, ListPage } from './ListPage';

// The cart's and the wishlist's pages (exposes/CartPage.test.tsx, WishlistPage.test.tsx) show
// the empty notice and the lines with the real api; what is left is the frame's own.
describe('ListPage', () => {
  it('shows its heading, busy, while the list loads', () => {
    const { container } = renderWithStore(
      <ListPage title="Saved" lines={undefined} isLoading emptyMessage="Nothing saved.">
        {() => <p>lines</p>}
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(container.querySelector('.crt-page')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Nothing saved.')).not.toBeInTheDocument();
    expect(screen.queryByText('lines')).not.toBeInTheDocument();
  });

  it('hands the page its lines once it has some', () => {
    renderWithStore(
      <ListPage title="Saved" lines={['a', 'b']} isLoading={false} emptyMessage="Nothing saved.">
        {(lines) => (
          <ListLines label="Saved things">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ListLines>
        )}
      </ListPage>,
    );
    expect(screen.getByRole('list', { name: 'Saved things' }).children).toHaveLength(2);
    expect(screen.queryByText('Nothing saved.')).not.toBeInTheDocument();
  });
});

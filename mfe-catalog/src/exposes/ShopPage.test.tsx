import { renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import ShopPage from './ShopPage';

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderShop(route: string) {
  return renderWithStore(
    <Routes>
      <Route
        path="/shop/*"
        element={
          <>
            <ShopPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

describe('ShopPage', () => {
  it('lists products from the api with R prices and the result count', async () => {
    renderShop('/shop');
    const list = await screen.findByRole('list', { name: 'Products' });
    const cards = within(list).getAllByTestId('product-card');
    expect(cards.length).toBe(24);
    expect(screen.getByText(/^\d+ products$/)).toBeInTheDocument();
    for (const card of cards) expect(card).toHaveTextContent(/R\d{1,3}(,\d{3})*\.\d{2}/);
  });

  it('narrows the list to a category (and its children) named in the URL', async () => {
    renderShop('/shop?category=electronics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Products' });
    const count = within(list).getAllByTestId('product-card').length;
    expect(count).toBeGreaterThan(0);
    expect(screen.getByText(new RegExp(`^${count} products?$`))).toBeInTheDocument();
  });

  it('searches by the search parameter and says when nothing matches', async () => {
    renderShop('/shop?search=zzzz-no-such-thing');
    expect(await screen.findByText(/No products match/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “zzzz-no-such-thing”');
  });

  it('keeps the page in the URL and the filters when paging', async () => {
    const { user } = renderShop('/shop');
    await screen.findByRole('list', { name: 'Products' });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/shop?page=2');
    expect(await screen.findByText('2', { selector: '[aria-current="page"]' })).toBeInTheDocument();
  });
});

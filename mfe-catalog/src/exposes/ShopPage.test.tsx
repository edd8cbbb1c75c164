import { baseApi, type ProductQuery, Route, Routes, useLocation, useNavigate } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import ShopPage, { prefetchPageData } from './ShopPage';

function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderShop(route: string, store = createTestStore()) {
  return renderWithStore(
    <Routes>
      <Route
        path="/shop/*"
        element={
          <>
            <ShopPage />
            <Harness />
          </>
        }
      />
    </Routes>,
    { route, store },
  );
}

const location = () => screen.getByLabelText('location').textContent ?? '';

async function totalFor(store: ReturnType<typeof createTestStore>, query: ProductQuery): Promise<number> {
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ ...query, limit: 1 })).unwrap()).total;
}

/** The product listings the store holds, by their query. */
function listingsInStore(store: ReturnType<typeof createTestStore>) {
  return Object.values(store.getState().api.queries)
    .filter((entry) => entry?.endpointName === 'getProducts')
    .map((entry) => entry?.originalArgs);
}

async function cards() {
  const list = await screen.findByRole('list', { name: 'Products' });
  return within(list).getAllByTestId('product-card');
}

describe('ShopPage', () => {
  it('lists a page of products from the api with R prices and the result count', async () => {
    const store = createTestStore();
    renderShop('/shop', store);
    const shown = await cards();
    expect(shown).toHaveLength(12);
    // The count is the total of the answer the page was drawn from: the web tests share one api,
    // where another suite (the operator's products) may add a product meanwhile.
    const answered = Object.values(store.getState().api.queries).find((entry) => entry?.endpointName === 'getProducts' && entry.status === 'fulfilled');
    const total = (answered?.data as { total?: number } | undefined)?.total;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(screen.getByText(`Showing 1–12 of ${total} products`)).toBeInTheDocument();
    for (const card of shown) expect(card).toHaveTextContent(/R\d{1,3}(,\d{3})*\.\d{2}/);
  });

  it('narrows the list to a category (and its children) named in the URL', async () => {
    const store = createTestStore();
    renderShop('/shop?category=electronics', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Electronics' })).toBeInTheDocument();
    const total = await totalFor(store, { category: 'electronics' });
    expect(await screen.findByText(`Showing 1–${Math.min(12, total)} of ${total} products`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Category: Electronics' })).toBeInTheDocument();
  });

  it('writes a colour to the URL, narrows the list, and a chip takes it off again', async () => {
    const store = createTestStore();
    const { user } = renderShop('/shop?page=2', store);
    await cards();
    await user.click(await screen.findByRole('button', { name: /^red \(\d+\)$/ }));
    expect(location()).toBe('/shop?colour=red');
    const reds = await totalFor(store, { colour: ['red'] });
    expect(await screen.findByText(`Showing 1–${Math.min(12, reds)} of ${reds} products`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^red \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove filter Colour: red' }));
    expect(location()).toBe('/shop');
    expect(screen.queryByRole('region', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('shows the URL’s filters as chosen, and Clear all keeps the search, sort and page size', async () => {
    const { user } = renderShop('/shop?search=cotton&size=m&on_sale=true&in_stock=true&sort=price_desc&limit=24');
    await screen.findByRole('heading', { level: 1, name: 'Results for “cotton”' });
    expect(await screen.findByRole('checkbox', { name: 'On sale' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New arrivals' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /^M, medium \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_desc');
    expect(screen.getByLabelText('Show')).toHaveValue('24');
    const chips = within(screen.getByRole('region', { name: 'Active filters' }));
    expect(chips.getAllByRole('button', { name: /^Remove filter/ }).map((chip) => chip.textContent)).toEqual(['Size: M ×', 'On sale ×', 'In stock ×']);

    await user.click(chips.getByRole('button', { name: 'Clear all' }));
    expect(location()).toBe('/shop?search=cotton&sort=price_desc&limit=24');
  });

  it('keeps sort, page size, view and page in the URL, and Back undoes a change', async () => {
    const store = createTestStore();
    const { user } = renderShop('/shop?colour=blue', store);
    await cards();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_asc');
    expect(location()).toBe('/shop?colour=blue&sort=price_asc');
    await user.selectOptions(screen.getByLabelText('Show'), '24');
    expect(location()).toBe('/shop?colour=blue&sort=price_asc&limit=24');
    const blues = await totalFor(store, { colour: ['blue'] });
    await waitFor(async () => expect(await cards()).toHaveLength(Math.min(24, blues)));

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(location()).toBe('/shop?colour=blue&sort=price_asc&limit=24&view=list');
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveAttribute('data-view', 'list');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/shop?colour=blue&sort=price_asc&limit=24');
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveAttribute('data-view', 'grid');
  });

  it('pages keep every other parameter', async () => {
    const { user } = renderShop('/shop?sort=rating');
    await cards();
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(location()).toBe('/shop?sort=rating&page=2');
    expect(await screen.findByText('2', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(screen.getByText(/^Showing 13–24 of \d+ products$/)).toBeInTheDocument();
  });

  it('applies a price range from the form, and says what is wrong with one that is not a price', async () => {
    const { user } = renderShop('/shop');
    await user.type(await screen.findByLabelText('Min price'), 'cheap');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Prices are amounts in Rand');
    expect(location()).toBe('/shop');
    await user.clear(screen.getByLabelText('Min price'));
    await user.type(screen.getByLabelText('Min price'), '300');
    await user.type(screen.getByLabelText('Max price'), '800');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    await waitFor(() => expect(location()).toBe('/shop?min_price=300&max_price=800'));
    expect(await screen.findByRole('button', { name: 'Remove filter Up to R800.00' })).toBeInTheDocument();
  });

  it('says when nothing matches, and a department the shop does not stock gets a way on', async () => {
    renderShop('/shop?search=zzzz-no-such-thing');
    expect(await screen.findByText(/No products match/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “zzzz-no-such-thing”');
  });

  it('says in one line which search it shows when the api corrected a typo, above that search’s products, with nothing saying there are none', async () => {
    renderShop('/shop?search=jakcet');
    const correction = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Showing results for “jacket” — no results for “jakcet”');
    expect(within(correction).getByText('jacket').tagName).toBe('EM');
    // A status, so a screen reader says it when the answer arrives.
    expect(correction.closest('[role="status"]')).not.toBeNull();
    // The heading names the search shown, not the one that found nothing.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “jacket”');
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/“jakcet”/)).toHaveLength(1);
    const shown = await cards();
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) expect(card).toHaveTextContent(/jacket/i);
  });

  it('says nothing of a correction for a search spelt right', async () => {
    renderShop('/shop?search=jacket');
    expect((await cards()).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No results for/)).not.toBeInTheDocument();
  });

  it('a search-box department the shop does not stock offers its parent and every category', async () => {
    renderShop('/shop?category=cameras&search=lens');
    expect(await screen.findByText(/We don’t stock Cameras yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Look in Electronics' })).toHaveAttribute('href', '/shop?category=electronics&search=lens');
    expect(screen.getByRole('link', { name: 'search “lens” in every category' })).toHaveAttribute('href', '/shop?search=lens');
  });
});

describe('shop layouts', () => {
  it('/shop/list shows rows with descriptions', async () => {
    renderShop('/shop/list');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(list).toHaveAttribute('data-view', 'list');
    expect(list.querySelector('.cat-card__description')).not.toBeNull();
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
  });

  it('/shop/off-canvas keeps the filters in a drawer', async () => {
    const { user } = renderShop('/shop/off-canvas');
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveAttribute('data-columns', '4');
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    // The drawer itself has focus, not its first field (the price, which would bring up a phone's keyboard).
    expect(drawer).toHaveFocus();
    expect(await within(drawer).findByLabelText('Min price')).not.toHaveFocus();
    await user.click(await within(drawer).findByRole('button', { name: /^green \(\d+\)$/ }));
    expect(location()).toBe('/shop/off-canvas?colour=green');
  });

  it('/shop/6cols lays six columns; the right-sidebar puts the filters after the list', async () => {
    renderShop('/shop/6cols');
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveAttribute('data-columns', '6');
  });

  it('horizontal-filter-1 toggles the filter panel and the grid between 3 and 4 columns', async () => {
    const { user } = renderShop('/shop/horizontal-filter-1');
    expect(await screen.findByRole('list', { name: 'Products' })).toHaveAttribute('data-columns', '3');
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('data-columns', '4');
  });

  it('horizontal-filter-2 opens one filter dropdown at a time; Esc closes it', async () => {
    const { user } = renderShop('/shop/horizontal-filter-2');
    await user.click(await screen.findByRole('button', { name: /^Size/ }));
    expect(screen.getByRole('region', { name: 'Size' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Colour/ }));
    expect(screen.queryByRole('region', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Colour' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Colour' })).not.toBeInTheDocument();
  });

  it('boxed-slider and boxed-image show their banners', async () => {
    renderShop('/shop/boxed-slider');
    expect(await screen.findByTestId('banner-slider')).toBeInTheDocument();
  });

  it.each([
    ['/shop', '?category=electronics&sort=price-asc', 'Electronics'],
    ['/shop/list', '?limit=24&page=2', 'List'],
    ['/shop/infinite-scroll', '?colour=blue', 'Infinite scroll'],
  ])('prefetchPageData(%s%s) gives the first render its products: no loading state, no second listing', async (pathname, search, title) => {
    const store = createTestStore();
    await prefetchPageData(store, { pathname, search });
    expect(listingsInStore(store)).toHaveLength(1);

    renderShop(`${pathname}${search}`, store);
    // Found at once, not awaited: the very first render draws them.
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByTestId('product-card').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    // The page asked for exactly what was prefetched.
    expect(listingsInStore(store)).toHaveLength(1);
  });

  it('prefetchPageData leaves an unknown layout and other pages alone', async () => {
    const store = createTestStore();
    await prefetchPageData(store, { pathname: '/shop/no-such-layout', search: '' });
    await prefetchPageData(store, { pathname: '/shopping', search: '' });
    await prefetchPageData(store, { pathname: '/cart', search: '' });
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
  });

  it('an unknown layout says so and lists the real ones', async () => {
    renderShop('/shop/9cols');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such shop page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '8 columns' })).toHaveAttribute('href', '/shop/8cols');
  });
});

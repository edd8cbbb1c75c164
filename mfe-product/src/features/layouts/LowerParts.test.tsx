import { baseApi, type Product, Route, Routes } from '@storefront/shared';
import { laterModule, type LaterModule } from '@storefront/shared/later-module';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import ProductPage from '../../exposes/ProductPage';

type LowerPartsChunk = typeof import('./lowerPartsChunk');

// Each test starts with the chunk not loaded yet; `mockFailures` of its loads fail first.
let mockParts: LaterModule<LowerPartsChunk>;
let mockFailures = 0;
let mockLoads = 0;
jest.mock('./productLowerParts', () => {
  const actual = jest.requireActual<typeof import('./productLowerParts')>('./productLowerParts');
  return {
    ...actual,
    get productLowerParts() {
      return mockParts;
    },
  };
});

/** Where the region starts, from the top of the screen (jsdom's screen is 768 px tall). */
let regionTop = 0;

beforeEach(() => {
  mockFailures = 0;
  mockLoads = 0;
  mockParts = laterModule('the test’s lower parts', () => {
    mockLoads += 1;
    if (mockFailures > 0) {
      mockFailures -= 1;
      return Promise.reject(new Error('the chunk server is down'));
    }
    return import('./lowerPartsChunk');
  });
  regionTop = 0;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.hasAttribute('data-product-lower') ? regionTop : 0;
    return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) };
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.scrollY = 0;
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

async function aProduct(): Promise<Product> {
  const { products } = await createTestStore()
    .dispatch(baseApi.endpoints.getProducts.initiate({ limit: 20 }))
    .unwrap();
  const product = products.find((item) => item.reviews_count > 0);
  if (!product) throw new Error('the seed has no product with reviews');
  return product;
}

async function openProduct(route: string, product: Product) {
  const rendered = renderWithStore(
    <Routes>
      <Route path="/product/*" element={<ProductPage />} />
    </Routes>,
    { route },
  );
  await screen.findByRole('heading', { level: 1, name: product.name });
  return rendered;
}

function scrollPage() {
  window.scrollY = 120;
  fireEvent.scroll(window);
}

describe('the product page below its first screen', () => {
  let product: Product;
  beforeAll(async () => {
    product = await aProduct();
  });

  it('draws the tabs and related products only once the page scrolls, with a skeleton until then', async () => {
    regionTop = 2000;
    await openProduct(`/product?id=${product.id}`, product);
    expect(screen.getByRole('status', { name: 'Loading more about this product' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(mockLoads).toBe(0);

    scrollPage();
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('status', { name: 'Loading more about this product' })).not.toBeInTheDocument();
    expect(mockLoads).toBe(1);
  });

  it('keeps the server’s copy of the region in view until its own parts are in; a tap on the copy is made again on them', async () => {
    regionTop = 2000;
    const serverPage = document.createElement('div');
    serverPage.setAttribute('data-server-rendered', '');
    serverPage.innerHTML = `<div data-product-lower="${product.id}"><div role="tablist"><button role="tab">Description, as the server drew it</button><button role="tab">Second tab, as the server drew it</button></div></div>`;
    document.body.append(serverPage);
    const { user } = await openProduct(`/product?id=${product.id}`, product);
    serverPage.remove();

    const copy = screen.getByText('Description, as the server drew it').closest('[data-product-lower]');
    expect(copy).not.toHaveAttribute('inert');
    expect(screen.queryByRole('status', { name: 'Loading more about this product' })).not.toBeInTheDocument();
    expect(mockLoads).toBe(0);

    await user.click(screen.getByText('Second tab, as the server drew it'));
    await waitFor(() => expect(screen.queryByText('Description, as the server drew it')).not.toBeInTheDocument());
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() => expect(tabs[1]).toHaveAttribute('aria-selected', 'true'));
    expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
  });

  it('does not take the server’s copy of another product', async () => {
    regionTop = 2000;
    const serverPage = document.createElement('div');
    serverPage.setAttribute('data-server-rendered', '');
    serverPage.innerHTML = `<div data-product-lower="another-product"><p>Another product’s description</p></div>`;
    document.body.append(serverPage);
    await openProduct(`/product?id=${product.id}`, product);
    serverPage.remove();
    expect(screen.queryByText('Another product’s description')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading more about this product' })).toBeInTheDocument();
  });

  it('loads them on a keyboard shopper’s first key, who would otherwise tab past the copy', async () => {
    regionTop = 2000;
    const { user } = await openProduct(`/product?id=${product.id}`, product);
    expect(mockLoads).toBe(0);
    await user.keyboard('{Tab}');
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
  });

  it('loads them at once when the region starts on the first screen (a tall desktop)', async () => {
    regionTop = 700;
    await openProduct(`/product?id=${product.id}`, product);
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
  });

  it('loads them at once, with that tab open, when the address names a tab', async () => {
    regionTop = 2000;
    await openProduct(`/product?id=${product.id}&tab=reviews`, product);
    expect(await screen.findByRole('tab', { name: `Reviews (${product.reviews_count})` })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads them when the shopper asks for the reviews from the summary', async () => {
    regionTop = 2000;
    const { user } = await openProduct(`/product?id=${product.id}`, product);
    expect(mockLoads).toBe(0);
    await user.click(screen.getByRole('button', { name: `${product.reviews_count} ${product.reviews_count === 1 ? 'review' : 'reviews'}` }));
    expect(await screen.findByRole('tab', { name: `Reviews (${product.reviews_count})` })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when they cannot load, and Try again loads them', async () => {
    mockFailures = 1;
    const { user } = await openProduct(`/product?id=${product.id}`, product);
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('We couldn’t load this product’s details and related products just now.');
    expect(console.error).toHaveBeenCalled();

    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(mockLoads).toBe(2);
  });
});

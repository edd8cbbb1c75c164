import { baseApi, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { act, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import ProductPage from './ProductPage';

async function seededProducts(): Promise<Product[]> {
  const store = createTestStore();
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap()).products;
}

function renderProduct(route: string, store = createTestStore()) {
  return renderWithStore(
    <Routes>
      <Route path="/product/*" element={<ProductPage />} />
    </Routes>,
    { route, store },
  );
}

describe('ProductPage', () => {
  let products: Product[];
  beforeAll(async () => {
    products = await seededProducts();
  });

  const variantProduct = () => {
    const product = products.find((item) => item.has_variants && item.colours.length > 1 && item.sizes.length > 1 && !item.out_of_stock);
    if (!product) throw new Error('the seed has no variant product with colours and sizes');
    return product;
  };
  const simpleProduct = () => {
    const product = products.find((item) => !item.has_variants && item.available_stock > 2 && item.reviews_count > 0);
    if (!product) throw new Error('the seed has no simple product with stock and reviews');
    return product;
  };

  it('shows the product found by ?id=link: name, R price, stock and SKU', async () => {
    const product = simpleProduct();
    renderProduct(`/product?id=${product.link}`);
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.getByText(`${product.available_stock} in stock`)).toBeInTheDocument();
    expect(screen.getByText(product.sku)).toBeInTheDocument();
    expect(screen.getByText(`${product.reviews_count} ${product.reviews_count === 1 ? 'review' : 'reviews'}`)).toBeInTheDocument();
    expect(document.querySelector('.prd-info__price')).toHaveTextContent(/^R/);
  });

  it('finds the product from a layout path /product/{layout}/{slug}', async () => {
    const product = simpleProduct();
    renderProduct(`/product/sticky-cart/${product.link}`);
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
  });

  it('says "There are no reviews yet." when a product has none', async () => {
    const product = products.find((item) => item.reviews_count === 0);
    if (!product) throw new Error('the seed has no product without reviews');
    renderProduct(`/product?id=${product.link}`);
    expect(await screen.findByText('There are no reviews yet.')).toBeInTheDocument();
  });

  it('keeps Add to Cart disabled until colour and size are chosen; a second click clears; Clear resets', async () => {
    const product = variantProduct();
    const [firstColour] = product.colours;
    const [firstSize] = product.sizes;
    if (!firstColour || !firstSize) throw new Error('variant product without options');
    const { user } = renderProduct(`/product?id=${product.link}`);
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(screen.getByText('Choose a colour and a size.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: firstColour.name }));
    expect(screen.getByRole('button', { name: firstColour.name })).toHaveAttribute('aria-pressed', 'true');
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: firstSize.label }));
    expect(add).toBeEnabled();

    await user.click(screen.getByRole('button', { name: firstSize.label }));
    expect(screen.getByRole('button', { name: firstSize.label })).toHaveAttribute('aria-pressed', 'false');
    expect(add).toBeDisabled();

    await user.click(screen.getByRole('button', { name: firstSize.label }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: firstColour.name })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Quantity')).toHaveValue('1');
    expect(add).toBeDisabled();
  });

  it('adds the chosen variant to the cart under its key, with the toast of §8', async () => {
    const product = variantProduct();
    const colour = product.colours[1];
    const size = product.sizes[1];
    if (!colour || !size) throw new Error('variant product without options');
    const store = createTestStore();
    const { user } = renderProduct(`/product?id=${product.link}`, store);
    await user.click(await screen.findByRole('button', { name: colour.name }));
    await user.click(screen.getByRole('button', { name: size.label }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toContainEqual(
      expect.objectContaining({ id: `${product.id}-${colour.name}-${size.name}`.toLowerCase(), colour: colour.name, size: size.name, qty: 1 }),
    );
  });

  it('starts the quantity at what is already in the cart for that product', async () => {
    const product = simpleProduct();
    const store = createTestStore();
    await store.dispatch(baseApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    renderProduct(`/product?id=${product.link}`, store);
    await screen.findByRole('heading', { level: 1, name: product.name });
    expect(screen.getByLabelText('Quantity')).toHaveValue('2');
  });

  it('shows a not-found page with a way back to the shop for an unknown product', async () => {
    renderProduct('/product?id=no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
  });

  describe('wishlist button (§4)', () => {
    afterEach(() => jest.useRealTimers());

    it('shows a loading state for a second, adds, then offers Go to Wishlist which removes', async () => {
      const product = simpleProduct();
      const store = createTestStore();
      renderProduct(`/product?id=${product.link}`, store);
      const add = await screen.findByRole('button', { name: 'Add to Wishlist' });
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      act(() => add.click());
      expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
      await act(async () => {
        jest.advanceTimersByTime(999);
      });
      const wishlistBeforeDelay = await store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap();
      expect(wishlistBeforeDelay).toEqual([]);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      jest.useRealTimers();
      expect(await screen.findByText(`${product.name} has been added to wishlist`)).toBeInTheDocument();
      const goTo = await screen.findByRole('button', { name: 'Go to Wishlist' });
      act(() => goTo.click());
      expect(await screen.findByText(`${product.name} has been removed from wishlist`)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Add to Wishlist' })).toBeEnabled();
    });
  });

  it('links each category to the shop', async () => {
    const product = simpleProduct();
    renderProduct(`/product?id=${product.link}`);
    await screen.findByRole('heading', { level: 1, name: product.name });
    const meta = document.querySelector('.prd-meta') as HTMLElement;
    const [category] = product.categories;
    if (!category) throw new Error('product without category');
    expect(within(meta).getByRole('link', { name: category.name })).toHaveAttribute('href', `/shop?category=${category.id}`);
  });
});

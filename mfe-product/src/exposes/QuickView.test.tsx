import { baseApi, type Product, Route, Routes } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import QuickView from './QuickView';

async function seededProducts(): Promise<Product[]> {
  const store = createTestStore();
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap()).products;
}

/** As the catalog's quick-view dialog hosts it: on some page, with only a productId. */
function renderQuickView(productId: string, store = createTestStore()) {
  return renderWithStore(
    <Routes>
      <Route path="/shop" element={<QuickView productId={productId} />} />
    </Routes>,
    { route: '/shop', store },
  );
}

describe('QuickView', () => {
  let products: Product[];
  beforeAll(async () => {
    products = await seededProducts();
  });
  const variantProduct = () => {
    const product = products.find((item) => item.has_variants && item.colours.length > 1 && item.sizes.length > 1 && item.available_stock > 2);
    if (!product) throw new Error('the seed has no variant product with stock');
    return product;
  };

  it('shows the gallery and the detail panel, without tabs or related products, and links to the full page', async () => {
    const product = variantProduct();
    renderQuickView(product.id);
    expect(await screen.findByRole('heading', { level: 2, name: product.name })).toBeInTheDocument();
    const count = product.large_pictures.length;
    expect(screen.getByRole('button', { name: `Open picture 1 of ${count} full screen` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Show picture ${count} of ${count}` })).toBeInTheDocument();
    expect(screen.getByTestId('product-price')).toHaveTextContent(/^R\d/);
    expect(screen.getByText(`${product.available_stock} in stock`)).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeEnabled();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Related products' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View full details' })).toBeNull();
  });

  it('finds the product by its link too, and applies the variant rules before adding it to the cart', async () => {
    const product = variantProduct();
    const colour = product.colours[0];
    const size = product.sizes[0];
    if (!colour || !size) throw new Error('variant product without options');
    const store = createTestStore();
    const { user } = renderQuickView(product.link, store);
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Choose a colour and a size.');
    await user.click(screen.getByRole('button', { name: colour.name }));
    await user.click(screen.getByRole('button', { name: size.label }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(add);
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: `${product.id}-${colour.name}-${size.name}`.toLowerCase(), qty: 2 })]);
  });

  it('says so when the product does not exist, with a way to the shop', async () => {
    renderQuickView('no-such-product');
    const notice = (await screen.findByRole('heading', { level: 2, name: 'Product not found' })).parentElement as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
  });
});

import { baseApi, type Product, Route, Routes } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import { CART_EMBEDS } from '../testing/cartControlStandIn';
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
    { route: '/shop', store, embeds: CART_EMBEDS },
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
    expect(screen.getByRole('status', { name: 'Cart control (panel)' })).toHaveTextContent(`${product.id} · no colour · no size`);
    expect(screen.getByRole('status', { name: 'Wishlist control (page)' })).toHaveTextContent(product.id);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Related products' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View full details' })).toBeNull();
  });

  it("finds the product by its link too, and gives the cart's control the colour and size chosen", async () => {
    const product = variantProduct();
    const colour = product.colours[0];
    const size = product.sizes[0];
    if (!colour || !size) throw new Error('variant product without options');
    const { user } = renderQuickView(product.link);
    await user.click(await screen.findByRole('button', { name: colour.name }));
    await user.click(screen.getByRole('button', { name: size.label }));
    expect(screen.getByRole('status', { name: 'Cart control (panel)' })).toHaveTextContent(`${product.id} · ${colour.name} · ${size.name}`);
  });

  it('says so when the product does not exist, with a way to the shop', async () => {
    renderQuickView('no-such-product');
    const notice = (await screen.findByRole('heading', { level: 2, name: 'Product not found' })).parentElement as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/shop');
  });
});

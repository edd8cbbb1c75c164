import { baseApi, normaliseProduct } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import { ProductCard } from './ProductCard';

describe('ProductCard', () => {
  it('adds a simple product to the cart, with the toast of §8', async () => {
    const { user, store } = renderWithStore(<div />);
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
    const product = page.products.find((item) => !item.has_variants && !item.out_of_stock);
    if (!product) throw new Error('no simple product in stock in the seed');

    const view = renderWithStore(<ProductCard product={product} />, { store });
    await user.click(view.getByRole('button', { name: `Add ${product.name} to cart` }));
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart.map((line) => line.id)).toContain(product.id.toLowerCase());
  });

  it('sends variant products to their page instead', () => {
    const product = normaliseProduct({ id: 'v1', link: 'tee', name: 'Tee', price: 100, has_variants: true, available_stock: 3, sizes: [{ name: 's' }] });
    renderWithStore(<ProductCard product={product} />);
    expect(screen.getByRole('link', { name: 'Select options' })).toHaveAttribute('href', '/product?id=tee');
    expect(screen.queryByRole('button', { name: /Add .* to cart/ })).not.toBeInTheDocument();
  });

  it('shows the HOT and sale labels, and out of stock without a buy button', () => {
    const product = normaliseProduct({ id: 'o1', name: 'Mug', price: 200, on_sale_price: 150, is_popular: true, out_of_stock: true });
    renderWithStore(<ProductCard product={product} />);
    expect(screen.getByText('HOT')).toBeInTheDocument();
    expect(screen.getByText('-25%')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

import { baseApi, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import AddToCart, { type AddToCartProps } from './AddToCart';
import { cartApi } from '../features/cart/cartApi';

async function seededProducts(): Promise<Product[]> {
  const store = createTestStore();
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap()).products;
}

/** As a product page embeds it: the panel's control, and the sticky bar's beside it when `bar` is given. */
function renderControl(props: Omit<AddToCartProps, 'place'>, { store = createTestStore(), bar }: { store?: ReturnType<typeof createTestStore>; bar?: Partial<AddToCartProps> } = {}) {
  const page = (current: Omit<AddToCartProps, 'place'>) => (
    <>
      <section aria-label="Panel">
        <AddToCart {...current} place="panel" />
      </section>
      {bar && (
        <section aria-label="Bar">
          <AddToCart {...current} {...bar} place="bar" />
        </section>
      )}
    </>
  );
  let chooseNext: (next: Omit<AddToCartProps, 'place'>) => void = () => undefined;
  function Page() {
    const [current, setCurrent] = useState(props);
    chooseNext = setCurrent;
    return page(current);
  }
  const rendered = renderWithStore(<Page />, { store });
  return { ...rendered, choose: (next: Omit<AddToCartProps, 'place'>) => act(() => chooseNext(next)) };
}

describe('AddToCart (the control other remotes embed)', () => {
  let products: Product[];
  beforeAll(async () => {
    products = await seededProducts();
  });
  const find = (what: string, test: (product: Product) => boolean) => {
    const product = products.find(test);
    if (!product) throw new Error(`the seed has no ${what}`);
    return product;
  };
  const variantProduct = () => find('variant product', (item) => item.has_variants && item.colours.length > 1 && item.sizes.length > 1 && item.available_stock > 4);
  const simpleProduct = () => find('simple product in stock', (item) => !item.has_variants && item.available_stock > 4);

  it('stays disabled, saying why, until the colour and size are chosen', async () => {
    const product = variantProduct();
    const [colour] = product.colours;
    const [size] = product.sizes;
    if (!colour || !size) throw new Error('variant product without options');
    const { choose } = renderControl({ product, colour: null, size: null });
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Choose a colour and a size.');
    choose({ product, colour: colour.name, size: null });
    expect(add).toHaveAccessibleDescription('Choose a size.');
    choose({ product, colour: colour.name, size: size.name });
    expect(add).toBeEnabled();
  });

  it('adds the chosen variant under its key, with the quantity shown and the toast', async () => {
    const product = variantProduct();
    const colour = product.colours[1];
    const size = product.sizes[1];
    if (!colour || !size) throw new Error('variant product without options');
    const store = createTestStore();
    const { user } = renderControl({ product, colour: colour.name, size: size.name }, { store });
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: `${product.id}-${colour.name}-${size.name}`.toLowerCase(), colour: colour.name, size: size.name, qty: 2 })]);
    // The line is in the cart now: the control sets it rather than adding it again.
    expect(await screen.findByRole('button', { name: 'Update cart' })).toBeEnabled();
  });

  it('starts at what is already in the cart, and "Update cart" sets the line to the quantity shown rather than adding it again', async () => {
    const product = simpleProduct();
    const store = createTestStore();
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    await store.dispatch(baseApi.endpoints.getCart.initiate()).unwrap();
    const { user } = renderControl({ product, colour: null, size: null }, { store });
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue('2');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update cart' }));
    await screen.findByText(`Your cart already holds 2 × ${product.name}.`);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Update cart' }));
    await screen.findByText(`Your cart now holds 3 × ${product.name}.`);
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: product.id, qty: 3 })]);
  });

  it('clamps a typed quantity to the stock, turns an empty box into 1 and never goes below 1', async () => {
    const product = simpleProduct();
    const { user } = renderControl({ product, colour: null, size: null });
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '999');
    expect(quantity).toHaveValue(String(product.available_stock));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.clear(quantity);
    await user.tab();
    expect(quantity).toHaveValue('1');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('offers nothing to buy for a product out of stock', () => {
    const product = find('product out of stock', (item) => item.out_of_stock);
    renderControl({ product, colour: null, size: null });
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByText('This product is out of stock.')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toBeDisabled();
  });

  it("shares the quantity between the panel's control and the bar's, and the bar sends the shopper to choose options", async () => {
    const product = variantProduct();
    const onChooseOptions = jest.fn();
    const { user } = renderControl({ product, colour: null, size: null }, { bar: { onChooseOptions } });
    const panel = screen.getByRole('region', { name: 'Panel' });
    const bar = screen.getByRole('region', { name: 'Bar' });
    await user.click(panel.querySelector('button[aria-label="Increase quantity"]') as HTMLElement);
    expect(bar.querySelector('input')).toHaveValue('2');
    const choose = screen.getByRole('button', { name: 'Choose options' });
    expect(choose).toHaveAccessibleDescription('Choose a colour and a size.');
    await user.click(choose);
    expect(onChooseOptions).toHaveBeenCalledTimes(1);
  });

  it("adds one of a simple product from a card's button, with the toast, reading nothing of the shopper's", async () => {
    const product = simpleProduct();
    const store = createTestStore();
    const { user } = renderWithStore(<AddToCart product={product} colour={null} size={null} place="card" />, { store });
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Add to Cart: ${product.name}` }));
    expect(await screen.findByText(`${product.name} has been added to cart`)).toBeInTheDocument();
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: product.id.toLowerCase(), qty: 1 })]);
  });
});

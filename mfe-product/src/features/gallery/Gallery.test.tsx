import { baseApi, type Product } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import { Gallery } from './Gallery';

describe('Gallery: the lightbox', () => {
  let product: Product;
  beforeAll(async () => {
    const store = createTestStore();
    const products = (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap()).products;
    const found = products.find((item) => item.large_pictures.length >= 3);
    if (!found) throw new Error('no product with three pictures');
    product = found;
  });

  afterEach(() => jest.restoreAllMocks());

  it('opens the pictures full screen and closes on Esc, giving focus back', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithStore(<Gallery product={product} style="thumbs-below" />);
    const count = product.large_pictures.length;
    const trigger = screen.getByRole('button', { name: `Open picture 1 of ${count} full screen` });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: `Pictures of ${product.name}` });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next picture' })).toBeInTheDocument();
    // Built without LIGHTGALLERY_LICENSE_KEY, lightgallery runs on its open-source key; its notice
    // about that is the shop's to settle (README), not every shopper's console's.
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('license key'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(trigger).toHaveFocus();
  });
});

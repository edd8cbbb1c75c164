import { baseApi, onStorefrontEvent, type Product, type ProductReviewPage, Route, Routes, useLocation } from '@storefront/shared';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { CART_EMBEDS } from '../testing/cartControlStandIn';
import ProductPage from './ProductPage';

async function seededProducts(): Promise<Product[]> {
  const store = createTestStore();
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap()).products;
}

async function reviewsOf(product: Product, limit = 50): Promise<ProductReviewPage> {
  const response = await fetch(`${testApiUrl()}/products/${product.id}/reviews?limit=${limit}`);
  return (await response.json()) as ProductReviewPage;
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const cartControl = () => screen.getByRole('status', { name: 'Cart control (panel)' });

function renderProduct(route: string, store = createTestStore(), embeds: Partial<typeof CART_EMBEDS> = CART_EMBEDS) {
  return renderWithStore(
    <Routes>
      <Route
        path="/product/*"
        element={
          <>
            <ProductPage />
            <LocationProbe />
          </>
        }
      />
      <Route path="/shop" element={<p>The shop</p>} />
    </Routes>,
    { route, store, embeds },
  );
}

const heading = (product: Product) => screen.findByRole('heading', { level: 1, name: product.name });

describe('ProductPage', () => {
  let products: Product[];
  beforeAll(async () => {
    products = await seededProducts();
  });

  const find = (what: string, test: (product: Product) => boolean) => {
    const product = products.find(test);
    if (!product) throw new Error(`the seed has no ${what}`);
    return product;
  };
  const variantProduct = () =>
    find('variant product with colours and sizes', (item) => item.has_variants && item.colours.length > 1 && item.sizes.length > 1 && item.available_stock > 4);
  const simpleProduct = () => find('simple product in stock with reviews', (item) => !item.has_variants && item.available_stock > 4 && item.reviews_count > 0);
  const outOfStockProduct = () => find('product out of stock', (item) => item.out_of_stock);

  describe('pictures and colours', () => {
    it("shows the chosen colour's pictures in the gallery, and all of them again when it is cleared", async () => {
      const product = variantProduct();
      const colour = product.colours[1];
      const own = product.large_pictures.filter((picture) => picture.colour === colour?.name);
      if (!colour || own.length === 0) throw new Error('the variant product has no picture of its second colour');
      const { user } = renderProduct(`/product?id=${product.link}`);
      await heading(product);
      const pictures = () => screen.getAllByRole('button', { name: /^Open picture \d+ of \d+ full screen$/ });
      expect(pictures()[0]?.querySelector('img')?.getAttribute('src')).toContain(product.large_pictures[0]?.url);
      await user.click(screen.getByRole('button', { name: colour.name }));
      await waitFor(() => expect(pictures()[0]?.querySelector('img')?.getAttribute('src')).toContain(own[0]?.url));
      expect(pictures()[0]).toHaveAccessibleName(`Open picture 1 of ${own.length} full screen`);
      await user.click(screen.getByRole('button', { name: colour.name }));
      await waitFor(() => expect(pictures()[0]).toHaveAccessibleName(`Open picture 1 of ${product.large_pictures.length} full screen`));
    });
  });

  describe('the detail panel', () => {
    it('shows the product found by ?id=link: name, R price, stock, SKU, categories and review count', async () => {
      const product = simpleProduct();
      renderProduct(`/product?id=${product.link}`);
      expect(await heading(product)).toBeInTheDocument();
      expect(screen.getByTestId('product-price')).toHaveTextContent(/^R\d/);
      expect(screen.getByText(`${product.available_stock} in stock`)).toBeInTheDocument();
      expect(screen.getByText(product.sku)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `${product.reviews_count} ${product.reviews_count === 1 ? 'review' : 'reviews'}` })).toBeInTheDocument();
      expect(screen.getAllByRole('img', { name: `Rated ${Math.round(product.rating * 10) / 10} out of 5` }).length).toBeGreaterThan(0);
      const details = screen.getByText(product.sku).closest('dl') as HTMLElement;
      for (const category of product.categories) {
        expect(within(details).getByRole('link', { name: category.name })).toHaveAttribute('href', `/shop?category=${category.id}`);
      }
    });

    it('says "There are no reviews yet." when a product has none', async () => {
      const product = find('product without reviews', (item) => item.reviews_count === 0);
      renderProduct(`/product?id=${product.link}`);
      await heading(product);
      expect(screen.getByText('There are no reviews yet.')).toBeInTheDocument();
    });

    it('shows the sale price and the struck-out price with the sale-percent label', async () => {
      const product = find('product on sale', (item) => item.on_sale_price !== null && (item.on_sale_until === null || Date.parse(item.on_sale_until) > Date.now()));
      renderProduct(`/product?id=${product.link}`);
      await heading(product);
      const price = screen.getByTestId('product-price');
      expect(within(price).getByLabelText(/^Sale price R/)).toBeInTheDocument();
      expect(within(price).getByLabelText(/^Was R/)).toBeInTheDocument();
      expect(screen.getByText(/^-\d+%$/)).toBeInTheDocument();
    });

    it('shows an out-of-stock product as such, beside the cart\'s control for it', async () => {
      const product = outOfStockProduct();
      renderProduct(`/product?id=${product.link}`);
      await heading(product);
      expect(screen.getByText('Out of stock')).toBeInTheDocument();
      expect(cartControl()).toHaveTextContent(`${product.id} · no colour · no size`);
    });

    it('still shows the product when the cart cannot be had, with a plain word in the control\'s place and no wishlist button', async () => {
      const product = simpleProduct();
      renderProduct(`/product?id=${product.link}`, createTestStore(), {});
      await heading(product);
      expect(screen.getByText('Adding to the cart is unavailable right now.')).toBeInTheDocument();
      expect(screen.getByTestId('product-price')).toHaveTextContent(/^R\d/);
      expect(screen.queryByRole('button', { name: /Wishlist/ })).not.toBeInTheDocument();
    });
  });

  describe('variant rules', () => {
    it("gives the cart's control the colour and size chosen; a second click clears; Clear resets", async () => {
      const product = variantProduct();
      const [firstColour] = product.colours;
      const [firstSize] = product.sizes;
      if (!firstColour || !firstSize) throw new Error('variant product without options');
      const { user } = renderProduct(`/product?id=${product.link}`);
      await heading(product);
      expect(cartControl()).toHaveTextContent(`${product.id} · no colour · no size`);

      await user.click(screen.getByRole('button', { name: firstColour.name }));
      expect(screen.getByRole('button', { name: firstColour.name })).toHaveAttribute('aria-pressed', 'true');
      expect(cartControl()).toHaveTextContent(`${product.id} · ${firstColour.name} · no size`);
      await user.click(screen.getByRole('button', { name: firstSize.label }));
      expect(cartControl()).toHaveTextContent(`${product.id} · ${firstColour.name} · ${firstSize.name}`);

      await user.click(screen.getByRole('button', { name: firstSize.label }));
      expect(screen.getByRole('button', { name: firstSize.label })).toHaveAttribute('aria-pressed', 'false');
      expect(cartControl()).toHaveTextContent(`${product.id} · ${firstColour.name} · no size`);

      await user.click(screen.getByRole('button', { name: firstSize.label }));
      await user.click(screen.getByRole('button', { name: 'Clear' }));
      expect(screen.getByRole('button', { name: firstColour.name })).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getByRole('button', { name: firstSize.label })).toHaveAttribute('aria-pressed', 'false');
      expect(cartControl()).toHaveTextContent(`${product.id} · no colour · no size`);
    });

    it('resets colour and size when the shopper moves to another product', async () => {
      const product = variantProduct();
      const [colour] = product.colours;
      if (!colour) throw new Error('variant product without colours');
      const { user } = renderProduct(`/product?id=${product.link}`);
      await user.click(await screen.findByRole('button', { name: colour.name }));
      expect(cartControl()).toHaveTextContent(`${product.id} · ${colour.name} · no size`);

      const related = await screen.findAllByTestId('related-product');
      const next = within(related[0] as HTMLElement).getByRole('heading');
      const nextName = next.textContent ?? '';
      await user.click(within(next).getByRole('link'));
      await screen.findByRole('heading', { level: 1, name: nextName });
      expect(cartControl()).toHaveTextContent('· no colour · no size');
      expect(cartControl()).not.toHaveTextContent(product.id);
      for (const button of screen.queryAllByRole('button', { pressed: true })) {
        expect(button).not.toHaveClass('prd-swatch');
        expect(button).not.toHaveClass('prd-size');
      }
    });
  });

  describe('wishlist', () => {
    it("gives the cart's wishlist control the product shown, beside Add to Cart", async () => {
      const product = simpleProduct();
      renderProduct(`/product?id=${product.link}`);
      await heading(product);
      expect(screen.getByRole('status', { name: 'Wishlist control (page)' })).toHaveTextContent(product.id);
    });
  });

  describe('layouts', () => {
    it.each([
      ['custom-tab', 'thumbnails'],
      ['left-sidebar', 'sidebar'],
      ['right-sidebar', 'sidebar'],
      ['sticky-cart', 'thumbnails'],
      ['extended', 'all pictures'],
      ['grid', 'all pictures'],
      ['full-width', 'thumbnails'],
      ['sticky-info', 'all pictures'],
      ['sticky-both', 'all pictures'],
      ['transparent', 'thumbnails'],
      ['center', 'thumbnails'],
    ])('renders the product at /product/%s/{slug}, with %s', async (layout, feature) => {
      const product = find('product with three pictures or more', (item) => item.large_pictures.length >= 3);
      renderProduct(`/product/${layout}/${product.link}`);
      expect(await heading(product)).toBeInTheDocument();
      expect(cartControl()).toHaveTextContent(product.id);
      const count = product.large_pictures.length;
      if (feature === 'all pictures') {
        for (let index = 1; index <= count; index += 1) {
          expect(screen.getByRole('button', { name: `Open picture ${index} of ${count} full screen` })).toBeInTheDocument();
        }
      } else {
        expect(screen.getByRole('button', { name: `Open picture 1 of ${count} full screen` })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: `Show picture ${count} of ${count}` })).toBeInTheDocument();
      }
      const sidebar = screen.queryByRole('complementary', { name: 'Related products and shopping notes' });
      if (feature === 'sidebar') {
        expect(within(sidebar as HTMLElement).getByRole('heading', { name: 'Shop with confidence' })).toBeInTheDocument();
      } else {
        expect(sidebar).toBeNull();
      }
      const tabs = screen.getAllByRole('tab');
      expect(tabs[0]).toHaveTextContent(layout === 'custom-tab' ? 'Delivery & collection' : 'Description');
    });

    it('switches the main picture from the thumbnails', async () => {
      const product = find('product with two pictures or more', (item) => item.large_pictures.length >= 2);
      const { user } = renderProduct(`/product?id=${product.link}`);
      await heading(product);
      const count = product.large_pictures.length;
      expect(screen.getByRole('img', { name: `${product.name}, picture 1 of ${count}` })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: `Show picture 2 of ${count}` }));
      expect(screen.getByRole('button', { name: `Show picture 2 of ${count}` })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('img', { name: `${product.name}, picture 2 of ${count}` })).toHaveAttribute(
        'src',
        expect.stringContaining(product.large_pictures[1]?.url ?? 'missing'),
      );
    });
  });

  describe('not found', () => {
    it.each(['/product?id=no-such-thing', '/product/grid/no-such-thing', '/product/no-such-layout/tee'])(
      'shows a not-found page with a way back to the shop at %s',
      async (route) => {
        const { user } = renderProduct(route);
        expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
        await user.click(screen.getByRole('link', { name: 'Back to the shop' }));
        expect(await screen.findByText('The shop')).toBeInTheDocument();
      },
    );
  });

  describe('tabs', () => {
    it('opens the description first, switches by click and arrow keys, and keeps the tab in the address', async () => {
      const product = variantProduct();
      const { user } = renderProduct(`/product?id=${product.link}`);
      await heading(product);
      const description = screen.getByRole('tab', { name: 'Description' });
      expect(description).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveTextContent(product.description);

      await user.click(screen.getByRole('tab', { name: 'Additional information' }));
      const panel = screen.getByRole('tabpanel', { name: 'Additional information' });
      for (const colour of product.colours) expect(within(panel).getByText(colour.name)).toBeInTheDocument();
      for (const size of product.sizes) expect(within(panel).getByText(`${size.label} (${size.name.toUpperCase()})`)).toBeInTheDocument();
      expect(screen.getByLabelText('address')).toHaveTextContent(`/product?id=${product.link}&tab=additional`);

      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: /^Reviews/ })).toHaveFocus();
      expect(screen.getByRole('tab', { name: /^Reviews/ })).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Home}');
      expect(description).toHaveFocus();
      expect(description).toHaveAttribute('aria-selected', 'true');
    });

    it('opens the reviews tab from the review count in the panel', async () => {
      const product = simpleProduct();
      const { user } = renderProduct(`/product?id=${product.link}`);
      await heading(product);
      await user.click(screen.getByRole('button', { name: `${product.reviews_count} ${product.reviews_count === 1 ? 'review' : 'reviews'}` }));
      expect(screen.getByRole('tab', { name: `Reviews (${product.reviews_count})` })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByLabelText('address')).toHaveTextContent('tab=reviews');
    });
  });

  describe('reviews tab', () => {
    it('lists the newest reviews with rating bars, then five more on "Show more reviews", focusing the first new one', async () => {
      const product = find('product with 6 to 15 reviews', (item) => item.reviews_count > 5 && item.reviews_count <= 15);
      const all = await reviewsOf(product);
      const { user } = renderProduct(`/product?id=${product.link}&tab=reviews`);
      await heading(product);
      const panel = await screen.findByRole('tabpanel', { name: `Reviews (${product.reviews_count})` });

      const bars = await within(panel).findByRole('list', { name: 'Reviews by rating' });
      for (const { rating, count } of all.rating_counts) {
        expect(within(bars).getByText(`${rating} ${rating === 1 ? 'star' : 'stars'}`).parentElement).toHaveTextContent(
          `${count} ${count === 1 ? 'review' : 'reviews'}, (${Math.round((count / all.total) * 100)}%)`,
        );
      }
      expect(within(panel).getByText(all.average.toFixed(1))).toBeInTheDocument();

      let shown = within(panel).getAllByTestId('review');
      expect(shown).toHaveLength(5);
      all.reviews.slice(0, 5).forEach((review, index) => {
        expect(shown[index]).toHaveTextContent(review.body);
        expect(within(shown[index] as HTMLElement).getByRole('img', { name: `Rated ${review.rating} out of 5` })).toBeInTheDocument();
      });
      expect(within(panel).getByText(`Showing 5 of ${all.total} reviews`)).toBeInTheDocument();

      await user.click(within(panel).getByRole('button', { name: 'Show more reviews' }));
      await waitFor(() => expect(within(panel).getAllByTestId('review')).toHaveLength(Math.min(10, all.total)));
      shown = within(panel).getAllByTestId('review');
      expect(shown[5]).toHaveFocus();
      expect(shown.map((item) => item.querySelector('p:last-child')?.textContent)).toEqual(all.reviews.slice(0, shown.length).map((review) => review.body));
      if (all.total <= 10) expect(within(panel).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    });

    it('says "There are no reviews yet." and asks signed-out shoppers to sign in to write one', async () => {
      const product = find('product without reviews', (item) => item.reviews_count === 0);
      const requests: unknown[] = [];
      const stop = onStorefrontEvent('account:login-requested', (detail) => requests.push(detail));
      const { user } = renderProduct(`/product/${product.link}?tab=reviews`);
      await heading(product);
      const panel = screen.getByRole('tabpanel', { name: 'Reviews (0)' });
      expect(await within(panel).findByText('There are no reviews yet.')).toBeInTheDocument();
      expect(within(panel).queryAllByTestId('review')).toEqual([]);
      await user.click(within(panel).getByRole('button', { name: 'Sign in to write a review' }));
      expect(requests).toEqual([{}]);
      stop();
    });
  });

  describe('related products', () => {
    it('shows other products of the same category, never the product itself, keeping the layout', async () => {
      const product = variantProduct();
      const category = product.categories[product.categories.length - 1];
      if (!category) throw new Error('product without category');
      const store = createTestStore();
      const sameCategory = (await store.dispatch(baseApi.endpoints.getProducts.initiate({ category: category.id, limit: 100 })).unwrap()).products;
      renderProduct(`/product/grid/${product.link}`, store);
      await heading(product);
      const section = await screen.findByRole('region', { name: 'Related products' });
      const cards = await within(section).findAllByTestId('related-product');
      expect(cards.length).toBe(Math.min(8, sameCategory.length - 1));
      for (const card of cards) {
        const link = within(card).getByRole('link');
        const related = sameCategory.find((item) => item.name === link.textContent);
        expect(related).toBeDefined();
        expect(related?.id).not.toBe(product.id);
        expect(link).toHaveAttribute('href', `/product/grid/${related?.link}`);
      }
    });
  });
});

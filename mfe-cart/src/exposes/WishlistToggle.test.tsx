import { baseApi, createStorefrontStore, type Product } from '@storefront/shared';
import { createCookieJarFetch, createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import WishlistToggle from './WishlistToggle';
import { WISHLIST_ADD_DELAY_MS } from '../features/wishlist/WishlistToggle';
import { wishlistApi } from '../features/wishlist/wishlistApi';

async function seededProducts(): Promise<Product[]> {
  const store = createTestStore();
  return (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 5 })).unwrap()).products;
}

const wishlistOf = (store: ReturnType<typeof createTestStore>) => store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap();

/**
 * A store for one new shopper whose wishlist, once they have added to it, is read again only when
 * `answerReads` is called: what a control shows while the list is on its way stays on screen.
 */
function storeWithHeldWishlistReads() {
  const jar = createCookieJarFetch();
  let added = false;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const isWishlist = new URL(request.url).pathname.endsWith('/wishlist');
    if (isWishlist && request.method === 'POST') added = true;
    else if (isWishlist && request.method === 'GET' && added) await held;
    return jar(request);
  };
  const apiBase = testApiUrl();
  const store = createStorefrontStore({ config: { apiBase, assetHost: `${apiBase}/images/` }, fetchFn });
  return { store, answerReads: () => release() };
}

/** Records, from now on, what the control's button says in turn (its text, or its name for a heart, and "busy" while it works). */
function recordButtonStates(): { states: string[]; stop: () => void } {
  const states: string[] = [];
  const read = () => {
    const button = document.querySelector('button.crt-wish-heart, button.sf-button');
    if (!button) return 'none';
    return `${button.getAttribute('aria-label') ?? button.textContent ?? ''}${button.getAttribute('aria-busy') === 'true' ? ' (busy)' : ''}`;
  };
  states.push(read());
  const observer = new MutationObserver(() => {
    const state = read();
    if (states.at(-1) !== state) states.push(state);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  return { states, stop: () => observer.disconnect() };
}

describe('WishlistToggle (the wishlist control other remotes embed)', () => {
  let products: Product[];
  beforeAll(async () => {
    products = await seededProducts();
  });
  const nth = (index: number) => {
    const product = products[index];
    if (!product) throw new Error(`the seed has fewer than ${index + 1} products`);
    return product;
  };

  describe("on a product card: the heart", () => {
    it('adds to the wishlist after a second of loading, then a second click removes it', async () => {
      const product = nth(0);
      const store = createTestStore();
      const { user } = renderWithStore(<WishlistToggle product={product} place="card" />, { store });
      const started = Date.now();
      await user.click(screen.getByRole('button', { name: `Add ${product.name} to wishlist` }));
      expect(screen.getByRole('button', { name: `Add ${product.name} to wishlist` })).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('button', { name: `Add ${product.name} to wishlist` })).toBeDisabled();
      const remove = await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` }, { timeout: 4000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(WISHLIST_ADD_DELAY_MS);
      expect(remove).toHaveAttribute('aria-pressed', 'true');
      expect(remove).toHaveClass('crt-wish-heart', 'crt-wish-heart--on');
      expect(await screen.findByText(`${product.name} has been added to wishlist`)).toBeInTheDocument();
      await user.click(remove);
      expect(await screen.findByRole('button', { name: `Add ${product.name} to wishlist` })).toHaveAttribute('aria-pressed', 'false');
      expect(await screen.findByText(`${product.name} has been removed from wishlist`)).toBeInTheDocument();
      expect(await wishlistOf(store)).toEqual([]);
    });

    it('is not drawn again while the wishlist is asked for, only when its own product goes in', async () => {
      const [product, other] = [nth(0), nth(1)];
      const store = createTestStore();
      let draws = 0;
      renderWithStore(
        <Profiler id="heart" onRender={() => (draws += 1)}>
          <WishlistToggle product={product} place="card" />
        </Profiler>,
        { store },
      );
      await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      const before = draws;
      // Asked again (as after a page the server drew hydrates), and another product added: the heart shows nothing new.
      let addStarted = 0;
      await act(async () => {
        await wishlistOf(store);
        addStarted = Date.now();
        await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(other)).unwrap();
      });
      // The read the add set off has answered: one sent before the next add and answered after it
      // would take that product out again for a moment (a race of two adds, not this heart's).
      await waitFor(() => {
        const read = baseApi.endpoints.getWishlist.select()(store.getState());
        expect(read.status === 'fulfilled' && (read.startedTimeStamp ?? 0) >= addStarted && read.data?.some((item) => item.id === other.id)).toBe(true);
      });
      expect(draws).toBe(before);
      expect(screen.getByRole('button', { name: `Add ${product.name} to wishlist` })).toHaveAttribute('aria-pressed', 'false');
      await act(async () => {
        await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
      });
      expect(await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
      expect(draws).toBeGreaterThan(before);
    });

    it('turns from busy straight to pressed once added, while the wishlist is still being read again', async () => {
      const product = nth(4);
      const { store, answerReads } = storeWithHeldWishlistReads();
      const { user } = renderWithStore(<WishlistToggle product={product} place="card" />, { store });
      await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true));
      const recorded = recordButtonStates();
      await user.click(screen.getByRole('button', { name: `Add ${product.name} to wishlist` }));
      expect(await screen.findByRole('button', { name: `Remove ${product.name} from wishlist` }, { timeout: 4000 })).toHaveAttribute('aria-pressed', 'true');
      answerReads();
      await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).status).toBe('fulfilled'));
      await screen.findByText(`${product.name} has been added to wishlist`);
      recorded.stop();
      expect(recorded.states).toEqual([`Add ${product.name} to wishlist`, `Add ${product.name} to wishlist (busy)`, `Remove ${product.name} from wishlist`]);
    });
  });

  describe('on the product page: the button', () => {
    afterEach(() => jest.useRealTimers());

    it('goes from "Adding…" straight to Go to Wishlist once added, while the wishlist is still being read again', async () => {
      const product = nth(4);
      const { store, answerReads } = storeWithHeldWishlistReads();
      const { user } = renderWithStore(<WishlistToggle product={product} place="page" />, { store });
      await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).isSuccess).toBe(true));
      const recorded = recordButtonStates();
      await user.click(screen.getByRole('button', { name: 'Add to Wishlist' }));
      expect(await screen.findByRole('button', { name: 'Go to Wishlist' }, { timeout: 4000 })).toBeEnabled();
      answerReads();
      await waitFor(() => expect(baseApi.endpoints.getWishlist.select()(store.getState()).status).toBe('fulfilled'));
      await screen.findByText(`${product.name} has been added to wishlist`);
      recorded.stop();
      expect(recorded.states).toEqual(['Add to Wishlist', 'Adding… (busy)', 'Go to Wishlist']);
    });

    it('shows "Adding…" for a second, adds, then offers Go to Wishlist, which removes', async () => {
      const product = nth(2);
      const store = createTestStore();
      renderWithStore(<WishlistToggle product={product} place="page" />, { store });
      const add = screen.getByRole('button', { name: 'Add to Wishlist' });
      expect(add).toHaveClass('sf-button', 'sf-button--ghost');
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      act(() => add.click());
      expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Adding…' })).toHaveAttribute('aria-busy', 'true');
      await act(async () => {
        jest.advanceTimersByTime(WISHLIST_ADD_DELAY_MS - 1);
      });
      expect(await wishlistOf(store)).toEqual([]);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      jest.useRealTimers();
      expect(await screen.findByText(`${product.name} has been added to wishlist`)).toBeInTheDocument();
      const goTo = await screen.findByRole('button', { name: 'Go to Wishlist' });
      act(() => goTo.click());
      expect(await screen.findByText(`${product.name} has been removed from wishlist`)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Add to Wishlist' })).toBeEnabled();
      expect(await wishlistOf(store)).toEqual([]);
    });

    it('starts at Go to Wishlist when the wishlist already holds the product', async () => {
      const product = nth(3);
      const store = createTestStore();
      await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
      renderWithStore(<WishlistToggle product={product} place="page" />, { store });
      expect(await screen.findByRole('button', { name: 'Go to Wishlist' })).toBeEnabled();
    });
  });
});

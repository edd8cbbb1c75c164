/**
 * A remote's server render (regionRenderer): its module's first data from the real api, at the
 * page's address, for the shopper whose cookie came with the page.
 */
import { useParams } from 'react-router-dom';
import { authApi } from '../api/authApi';
import { baseApi, useGetCartQuery, useGetCategoriesQuery, useGetProductsQuery, useGetWishlistQuery } from '../api/baseApi';
import { cartLineKey, effectivePrice } from '../domain';
import type { AppStore } from '../store/createStore';
import { testApiUrl } from '../testing';
import type { Product } from '../types';
import { Embedded } from '../federation/Embedded';
import type { RegionRenderRequest } from './contract';
import { useNotFoundStatus } from './pageStatus';
import { productsInAnswers, regionRenderer, shopperListAnswers } from './server';

function Categories() {
  const { '*': rest } = useParams();
  const { data } = useGetCategoriesQuery();
  const { data: cart } = useGetCartQuery();
  return (
    <p>
      {rest}: {data ? data.map((category) => category.name).join(', ') : 'loading'}; cart {cart ? cart.reduce((sum, line) => sum + line.qty, 0) : 'unknown'}
    </p>
  );
}

async function prefetch(store: AppStore) {
  const requests = [store.dispatch(baseApi.endpoints.getCategories.initiate()), store.dispatch(baseApi.endpoints.getCart.initiate())];
  await Promise.all(requests.map((request) => request.unwrap().catch(() => undefined)));
  for (const request of requests) request.unsubscribe();
}

const renderRegion = regionRenderer({ Categories: { path: '/shop/*', Component: Categories, prefetchPageData: prefetch } });

function ask(overrides: Partial<RegionRenderRequest> = {}): RegionRenderRequest {
  return { module: 'Categories', pathname: '/shop/list', search: '', config: { apiBase: testApiUrl() }, viewportWidth: 412, ...overrides };
}

/**
 * Counts the long timers (a minute or more: RTK Query's cache timers are ten minutes) set and
 * not cleared while `run` runs. Short ones, such as a socket's, come and go with the machine's
 * load and would make a count of every active timer flaky.
 */
async function longTimersLeftBy(run: () => Promise<unknown>): Promise<number> {
  const open = new Set<unknown>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const set = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, delay?: number) => {
    const timer = realSet(() => {
      open.delete(timer);
      callback();
    }, delay);
    if ((delay ?? 0) >= 60_000) open.add(timer);
    return timer;
  }) as typeof setTimeout);
  const clear = jest.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer: Parameters<typeof clearTimeout>[0]) => {
    open.delete(timer);
    realClear(timer);
  }) as typeof clearTimeout);
  try {
    await run();
    return open.size;
  } finally {
    set.mockRestore();
    clear.mockRestore();
  }
}

/** A new shopper with a simple product in stock in their wishlist, and their cookie. */
async function shopperWishingForAProduct(): Promise<{ product: Product; cookie: string }> {
  const products = (await (await fetch(`${testApiUrl()}/products?limit=50`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants && !candidate.out_of_stock);
  if (!product) throw new Error('the seeded catalogue has no simple product in stock');
  const added = await fetch(`${testApiUrl()}/wishlist`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: product.id }) });
  expect(added.status).toBe(201);
  return { product, cookie: added.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ') };
}

function Missing() {
  useNotFoundStatus();
  return <p>No such page</p>;
}

describe('regionRenderer', () => {
  it('answers 404 for a page that draws its not-found screen, and no status for one that does not', async () => {
    const render = regionRenderer({ Missing: { path: '/shop/*', Component: Missing }, Categories: { path: '/shop/*', Component: Categories } });
    expect(await render(ask({ module: 'Missing' }))).toMatchObject({ html: '<p>No such page</p>', status: 404 });
    expect(await render(ask())).not.toHaveProperty('status');
  });

  it('renders the module with the data its prefetch asked the api for, at the route it is shown at', async () => {
    const categories = (await (await fetch(`${testApiUrl()}/categories`)).json()) as { name: string }[];
    const rendered = await renderRegion(ask());
    expect(rendered?.html).toBe(`<p>list<!-- -->: <!-- -->${categories.map((category) => category.name).join(', ')}<!-- -->; cart <!-- -->0</p>`);
  });

  it('gives the answers it drew with, for the browser’s store to start with', async () => {
    const categories: unknown = await (await fetch(`${testApiUrl()}/categories`)).json();
    const rendered = await renderRegion(ask());
    const byEndpoint = new Map(rendered?.queries?.map((entry) => [entry.endpointName, entry]));
    // The wishlist too, which the module did not ask for: the header around every region counts it.
    expect([...byEndpoint.keys()].sort()).toEqual(['getCart', 'getCategories', 'getWishlist']);
    expect(byEndpoint.get('getCategories')).toEqual({ endpointName: 'getCategories', arg: undefined, value: categories });
    expect(byEndpoint.get('getCart')?.value).toEqual([]);
    expect(byEndpoint.get('getWishlist')?.value).toEqual([]);
  });

  it('draws nothing when the api failed and sample data stood in: the browser draws that page, with its banner', async () => {
    // Nothing listens here: the reads fail and sample data answers them.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const rendered = await renderRegion(ask({ config: { apiBase: 'http://127.0.0.1:9' } }));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('getCategories failed; showing sample data'), expect.anything());
      expect(rendered).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it('asks the api as the shopper whose cookie came with the page: their cart', async () => {
    const products = (await (await fetch(`${testApiUrl()}/products?limit=50`)).json()) as Product[];
    const product = products.find((candidate) => !candidate.has_variants && !candidate.out_of_stock && candidate.available_stock >= 3);
    if (!product) throw new Error('the seeded catalogue has no simple product in stock');
    const added = await fetch(`${testApiUrl()}/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: cartLineKey(product), name: product.name, price: effectivePrice(product), has_variants: false, small_pictures: product.small_pictures, qty: 3 }),
    });
    expect(added.status).toBe(201);
    const cookie = added.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    expect((await renderRegion(ask({ cookie })))?.html).toContain('cart <!-- -->3');
    // Nobody else's: without the cookie the cart is a new shopper's.
    expect((await renderRegion(ask()))?.html).toContain('cart <!-- -->0');
  });

  it('says a region is the same for a shopper whose lists are empty when it read only those beside the catalogue', async () => {
    function CategoriesAlone() {
      const { data } = useGetCategoriesQuery();
      return <p>{data ? data.length : 'loading'} categories</p>;
    }
    const catalogueOnly = regionRenderer({
      CategoriesAlone: { path: '/shop/*', Component: CategoriesAlone, prefetchPageData: (store) => store.dispatch(baseApi.endpoints.getCategories.initiate()).unwrap() },
    });
    // Every region reads the shopper's cart and wishlist, for the header's counts, asked even when
    // they came back empty: the page is the guests' only for a shopper whose lists are empty.
    for (const rendered of [await catalogueOnly(ask({ module: 'CategoriesAlone' })), await renderRegion(ask())]) {
      expect(rendered).not.toHaveProperty('forAnyone');
      expect(rendered).toMatchObject({ forEmptyLists: ['cart', 'wishlist'] });
    }
    // A read that failed counts as much as one answered: a guest's 401 is a signed-in shopper's account.
    const withAccount = regionRenderer({
      WithAccount: {
        path: '/shop/*',
        Component: Categories,
        prefetchPageData: async (store) => {
          await prefetch(store);
          await store.dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
        },
      },
    });
    const rendered = await withAccount(ask({ module: 'WithAccount' }));
    expect(rendered?.html).toContain('cart');
    expect(rendered).not.toHaveProperty('forAnyone');
    expect(rendered).not.toHaveProperty('forEmptyLists');
  });

  it('draws the header’s counts of the shopper’s cart and wishlist into every region’s answers, theirs alone', async () => {
    const { product, cookie } = await shopperWishingForAProduct();
    const wishlistOf = async (request: RegionRenderRequest) => (await renderRegion(request))?.queries?.find((entry) => entry.endpointName === 'getWishlist')?.value as Product[] | undefined;
    expect((await wishlistOf(ask({ cookie })))?.map((item) => item.id)).toEqual([product.id]);
    expect(await wishlistOf(ask())).toEqual([]);
  });

  it('says which of the shopper’s lists its HTML was drawn from, not those it only asked for the header', async () => {
    function CategoriesAlone() {
      const { data } = useGetCategoriesQuery();
      return <p>{data ? data.length : 'loading'} categories</p>;
    }
    function Hearts() {
      const { data } = useGetWishlistQuery();
      return <p>{data ? data.length : 'none'} hearts</p>;
    }
    const regions = regionRenderer({
      CategoriesAlone: { path: '/shop/*', Component: CategoriesAlone, prefetchPageData: (store) => store.dispatch(baseApi.endpoints.getCategories.initiate()).unwrap() },
      // Asks for the cart (as a product page does), shows only the wishlist.
      Hearts: { path: '/shop/*', Component: Hearts, prefetchPageData: prefetch },
    });
    expect(await regions(ask({ module: 'CategoriesAlone' }))).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: [] });
    expect(await regions(ask({ module: 'Hearts' }))).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: ['wishlist'] });
    expect(await renderRegion(ask())).toMatchObject({ showsLists: ['cart'] });
  });

  it('says which products’ cart lines are all its HTML shows of the cart, when its module names them', async () => {
    const regions = regionRenderer({
      // As the product page: only the cart's lines of the product it names.
      OneLine: { path: '/shop/*', Component: Categories, prefetchPageData: prefetch, cartLinesShown: (_store, { pathname }) => [pathname.split('/').pop() ?? ''] },
      // Names them, but its HTML does not show the cart at all.
      NoCart: { path: '/shop/*', Component: () => <p>nothing of theirs</p>, prefetchPageData: prefetch, cartLinesShown: () => ['red-tee'] },
    });
    const oneLine = await regions(ask({ module: 'OneLine', pathname: '/shop/red-tee' }));
    expect(oneLine).toMatchObject({ showsLists: ['cart'], cartLinesOf: ['red-tee'] });
    const noCart = await regions(ask({ module: 'NoCart' }));
    expect(noCart).toMatchObject({ showsLists: [] });
    expect(noCart).not.toHaveProperty('cartLinesOf');
    expect(await renderRegion(ask())).not.toHaveProperty('cartLinesOf');
  });

  it('says which products’ places in the wishlist are all its HTML shows of it: for cards, the products its answers hold', async () => {
    function Cards() {
      const { data } = useGetProductsQuery({ limit: 3 });
      const { data: wishlist } = useGetWishlistQuery();
      return <ul>{data?.products.map((product) => <li key={product.id}>{product.name}{wishlist?.some((item) => item.id === product.id) ? ' ♥' : ''}</li>)}</ul>;
    }
    const prefetchCards = (store: AppStore) => store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 3 })).unwrap();
    const regions = regionRenderer({
      Cards: { path: '/shop/*', Component: Cards, prefetchPageData: prefetchCards, wishlistItemsShown: productsInAnswers },
      // Names them, but its HTML does not show the wishlist at all.
      NoHearts: { path: '/shop/*', Component: Categories, prefetchPageData: prefetch, wishlistItemsShown: productsInAnswers },
    });
    const listed = (await (await fetch(`${testApiUrl()}/products?limit=3`)).json()) as Product[];
    const cards = await regions(ask({ module: 'Cards' }));
    expect(cards).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: ['wishlist'] });
    expect([...(cards?.wishlistItemsOf ?? [])].sort()).toEqual(listed.map((product) => product.id.toLowerCase()).sort());
    expect(await regions(ask({ module: 'NoHearts' }))).not.toHaveProperty('wishlistItemsOf');
  });

  it('reads the shopper’s cart and wishlist for the header, theirs alone, or says it could not', async () => {
    const { product, cookie } = await shopperWishingForAProduct();
    const theirs = await shopperListAnswers({ config: { apiBase: testApiUrl() }, cookie });
    expect(theirs?.map((entry) => entry.endpointName).sort()).toEqual(['getCart', 'getWishlist']);
    expect((theirs?.find((entry) => entry.endpointName === 'getWishlist')?.value as Product[]).map((item) => item.id)).toEqual([product.id]);
    expect(theirs?.find((entry) => entry.endpointName === 'getCart')?.value).toEqual([]);
    const guests = await shopperListAnswers({ config: { apiBase: testApiUrl() } });
    expect(guests?.map((entry) => entry.value)).toEqual([[], []]);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await shopperListAnswers({ config: { apiBase: 'http://127.0.0.1:9' }, cookie })).toBeNull();
      // Answers the edge has are drawn from unasked (nothing listens there), through the api slice's own reading.
      const known = await shopperListAnswers({ config: { apiBase: 'http://127.0.0.1:9' }, cookie, known: { cart: '[{"id":"red-tee","qty":2}]', wishlist: '[]' } });
      expect(known?.map((entry) => [entry.endpointName, entry.value])).toEqual([
        ['getCart', [{ id: 'red-tee', qty: 2 }]],
        ['getWishlist', []],
      ]);
      expect(await shopperListAnswers({ config: { apiBase: 'http://127.0.0.1:9' }, cookie, known: { wishlist: '[]' } })).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it("draws another remote's module the page embeds, as the host lends it, with its stylesheet; a plain word when the host has none", async () => {
    function Buy({ label }: { label: string }) {
      return <button type="button">{label}</button>;
    }
    function WithEmbed() {
      return <Embedded remote="mfe-cart" module="AddToCart" props={{ label: 'Add to Cart' }} unavailable={<p>Adding to the cart is unavailable right now.</p>} />;
    }
    const render = regionRenderer({ Page: { path: '/shop/*', Component: WithEmbed, embeds: [{ remote: 'mfe-cart', module: 'AddToCart' }] } });
    const asked: string[] = [];
    const lent = await render(
      ask({
        module: 'Page',
        embedded: async ({ remote, module }) => {
          asked.push(`${remote}/${module}`);
          return { Component: Buy, css: '.buy{color:teal}' };
        },
      }),
    );
    expect(asked).toEqual(['mfe-cart/AddToCart']);
    expect(lent?.html).toContain('<button type="button">Add to Cart</button>');
    expect(lent?.html).toContain('data-embed="mfe-cart/AddToCart"');
    expect(lent?.css).toContain('.buy{color:teal}');

    const failing = await render(ask({ module: 'Page', embedded: () => Promise.reject(new Error('the cart is away')) }));
    expect(failing?.html).toContain('Adding to the cart is unavailable right now.');
    expect(failing?.html).not.toContain('<button');
    const none = await render(ask({ module: 'Page' }));
    expect(none?.html).toContain('Adding to the cart is unavailable right now.');
  });

  it('renders nothing for a module it does not list, or at an address its route does not match', async () => {
    expect(await renderRegion(ask({ module: 'ShopPage' }))).toBeNull();
    expect(await renderRegion(ask({ pathname: '/cart' }))).toBeNull();
  });

  it('leaves no cache timers behind: a server renders many pages', async () => {
    const left = await longTimersLeftBy(async () => {
      await renderRegion(ask());
      await renderRegion(ask({ pathname: '/shop/6cols' }));
    });
    expect(left).toBe(0);
  });
});

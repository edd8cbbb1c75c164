import { baseApi, createStorefrontStore, Provider, useGetCategoriesQuery, type Category } from '@storefront/shared';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { upsertAnswers } from './serverQueries';
import { partHydrated, readServerPage, rememberServerState, serverRegionFor, serverRegionSettled, serverStateNow } from './hydration';

const CATEGORIES: Category[] = [{ id: 'fashion', name: 'Fashion', parent: null }];

function serverPage(root: string): void {
  document.head.innerHTML = '<style data-server-rendered>.a{}</style>';
  document.body.innerHTML = root;
}

afterEach(() => {
  serverRegionSettled();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the page the server rendered', () => {
  it('is read before anything renders: the width it was drawn for, and its region with the HTML as sent', () => {
    serverPage(
      '<div id="root" data-server-rendered data-await-hydration data-viewport-width="412"><header>Jacaranda</header><div class="shell-remote" data-remote="mfe-catalog" data-remote-module="ShopPage" data-remote-version="1.2.0" data-await-hydration><h1>Shop</h1></div></div>',
    );
    const page = readServerPage(document);
    expect(page?.viewportWidth).toBe(412);
    expect(page?.region).toEqual({ remote: 'mfe-catalog', module: 'ShopPage', version: '1.2.0', html: '<h1>Shop</h1>' });
    expect(serverRegionFor('mfe-catalog', 'ShopPage')?.version).toBe('1.2.0');
    expect(serverRegionFor('mfe-catalog', 'HomePage')).toBeNull();
  });

  it('is none when #root is the empty one the browser draws into', () => {
    serverPage('<div id="root"></div>');
    expect(readServerPage(document)).toBeNull();
    expect(serverRegionFor('mfe-catalog', 'ShopPage')).toBeNull();
  });

  it('keeps the server’s styles until every part is hydrated', () => {
    serverPage('<div id="root" data-server-rendered data-await-hydration data-viewport-width="1280"><div data-remote="mfe-cart" data-remote-module="CartPage" data-remote-version="1.0.0" data-await-hydration></div></div>');
    readServerPage(document);
    const root = document.getElementById('root')!;
    partHydrated(root);
    expect(root.hasAttribute('data-await-hydration')).toBe(false);
    expect(document.querySelectorAll('style[data-server-rendered]')).toHaveLength(1);
    const region = document.querySelector('[data-remote]')!;
    serverRegionSettled();
    partHydrated(region);
    expect(document.querySelectorAll('style[data-server-rendered]')).toHaveLength(0);
    expect(root.hasAttribute('data-server-rendered')).toBe(false);
  });
});

describe('the state hydration draws with', () => {
  it('is the server’s answers alone, whatever the browser’s store holds by then, with the slices it injected', () => {
    rememberServerState({ apiBase: 'http://api.test' }, [{ endpointName: 'getCategories', arg: undefined, value: CATEGORIES }]);
    const store = createStorefrontStore({ config: { apiBase: 'http://api.test' } });
    store.dispatch(baseApi.util.upsertQueryEntries([{ endpointName: 'getCategories', arg: undefined, value: [...CATEGORIES, { id: 'toys', name: 'Toys', parent: null }] }]));
    const state = serverStateNow(store);
    expect(baseApi.endpoints.getCategories.select()(state!).data).toEqual(CATEGORIES);
    expect(baseApi.endpoints.getCategories.select()(store.getState()).data).toHaveLength(2);
  });

  it('is the live store’s own entry for an answer both hold, so a part drawn from it is drawn once: hydrated, not again', async () => {
    const answers = [{ endpointName: 'getCategories', arg: undefined, value: CATEGORIES }];
    const store = createStorefrontStore({ config: { apiBase: 'http://api.test' } });
    // As bootstrap.tsx does: the live store starts with the server's answers, then the hydration's state is made.
    upsertAnswers(store, answers);
    rememberServerState({ apiBase: 'http://api.test' }, answers, store);
    const live = store.getState()[baseApi.reducerPath].queries['getCategories(undefined)'];
    expect(serverStateNow(store)![baseApi.reducerPath].queries['getCategories(undefined)']).toBe(live);

    let draws = 0;
    function Categories() {
      const { data } = useGetCategoriesQuery();
      draws += 1;
      return <ul>{data?.map((category) => <li key={category.id}>{category.name}</li>)}</ul>;
    }
    const container = document.createElement('div');
    container.innerHTML = '<ul><li>Fashion</li></ul>';
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await act(async () => {
        hydrateRoot(
          container,
          <Provider store={store} serverState={serverStateNow(store)}>
            <Categories />
          </Provider>,
        );
      });
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect(container.innerHTML).toBe('<ul><li>Fashion</li></ul>');
    // A state of its own (a second store's entry with the same answer) had it drawn a second time, at once, after hydrating.
    expect(draws).toBe(1);
  });
});

import { baseApi, createStorefrontStore, SERVER_QUERIES_ELEMENT_ID, type Category, type ServerQueryEntry } from '@storefront/shared';
import { rememberServerState, serverStateNow } from './hydration';
import { readServerQueries, startWithServerQueries, takeUpWaitingAnswers } from './serverQueries';

const CATEGORIES: Category[] = [{ id: 'fashion', name: 'Fashion', parent: null }];

function pageWith(text: string | null): Document {
  const page = document.implementation.createHTMLDocument('shop');
  if (text !== null) {
    const script = page.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_QUERIES_ELEMENT_ID;
    script.textContent = text;
    page.body.append(script);
  }
  return page;
}

/** A store whose every request is recorded and fails: what it draws must come from the page. */
function storeAskingNobody() {
  const asked: string[] = [];
  const fetchFn = ((input: RequestInfo | URL) => {
    asked.push(input instanceof Request ? input.url : String(input));
    return Promise.reject(new TypeError('offline'));
  }) as typeof fetch;
  return { store: createStorefrontStore({ config: { apiBase: 'http://api.test' }, fetchFn }), asked };
}

afterEach(() => jest.restoreAllMocks());

describe('the answers a server-rendered page came with', () => {
  it('are in the store before anything asks: the page’s queries are answered without a request', async () => {
    const entries: ServerQueryEntry[] = [
      { endpointName: 'getCategories', arg: undefined, value: CATEGORIES },
      { endpointName: 'getProducts', arg: { on_sale: true, limit: 8 }, value: { products: [], total: 0 } },
    ];
    const { store, asked } = storeAskingNobody();
    expect(startWithServerQueries(store, readServerQueries(pageWith(JSON.stringify(entries))))).toBe(2);
    const categories = store.dispatch(baseApi.endpoints.getCategories.initiate());
    const onSale = store.dispatch(baseApi.endpoints.getProducts.initiate({ on_sale: true, limit: 8 }));
    await expect(categories.unwrap()).resolves.toEqual(CATEGORIES);
    await expect(onSale.unwrap()).resolves.toEqual({ products: [], total: 0 });
    expect(asked).toEqual([]);
    // Another argument is another question: that one goes to the api (which fails here, and
    // sample data answers it).
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const newest = store.dispatch(baseApi.endpoints.getProducts.initiate({ is_new: true, limit: 8 }));
    await newest.unwrap().catch(() => undefined);
    expect(asked).toEqual(['http://api.test/products?is_new=true&limit=8']);
    for (const request of [categories, onSale, newest]) request.unsubscribe();
  });

  it('are none when the page has none, or they cannot be read', () => {
    expect(readServerQueries(pageWith(null))).toEqual([]);
    expect(readServerQueries(pageWith(''))).toEqual([]);
    expect(readServerQueries(pageWith('{"endpointName":'))).toEqual([]);
    expect(readServerQueries(pageWith('{"endpointName":"getCategories","value":[]}'))).toEqual([]);
    expect(readServerQueries(pageWith('[1, null, {"endpointName": 2, "value": []}, {"endpointName": "getCategories"}]'))).toEqual([]);
  });

  it('skip an endpoint this api slice does not have, and those the entry asked for early', () => {
    const { store } = storeAskingNobody();
    const entries: ServerQueryEntry[] = [
      { endpointName: 'getTomorrowsDeals', arg: undefined, value: [] },
      { endpointName: 'getCart', arg: undefined, value: [] },
      { endpointName: 'getProduct', arg: 'p1', value: { id: 'p1' } },
      { endpointName: 'getCategories', arg: undefined, value: CATEGORIES },
    ];
    expect(startWithServerQueries(store, entries)).toBe(1);
    const queries = Object.values(store.getState()[baseApi.reducerPath].queries);
    expect(queries.map((entry) => entry?.endpointName)).toEqual(['getCategories']);
  });

  it('keep the answers of an endpoint a remote has not injected yet until its module does: then it is answered without a request, and hydrates as the server drew', async () => {
    const { store, asked } = storeAskingNobody();
    const deals = { endpointName: 'getServerQueriesTestDeals', arg: 'today', value: ['half-price socks'] };
    const entries: ServerQueryEntry[] = [deals, { endpointName: 'getCategories', arg: undefined, value: CATEGORIES }];
    expect(startWithServerQueries(store, entries)).toBe(1);
    rememberServerState({ apiBase: 'http://api.test' }, entries, store);
    expect(takeUpWaitingAnswers()).toBe(0);
    // The remote's module is evaluated: it injects its endpoint into the shared api slice.
    const remoteApi = baseApi.injectEndpoints({
      endpoints: (build) => ({ getServerQueriesTestDeals: build.query<string[], string>({ query: (day) => `deals/${day}` }) }),
      overrideExisting: 'throw',
    });
    // Into the live store and the store the page hydrates with.
    expect(takeUpWaitingAnswers()).toBe(2);
    expect(remoteApi.endpoints.getServerQueriesTestDeals.select('today')(serverStateNow(store) as never).data).toEqual(['half-price socks']);
    const read = store.dispatch(remoteApi.endpoints.getServerQueriesTestDeals.initiate('today'));
    await expect(read.unwrap()).resolves.toEqual(['half-price socks']);
    expect(asked).toEqual([]);
    read.unsubscribe();
    // Taken up once: nothing waits any more.
    expect(takeUpWaitingAnswers()).toBe(0);
  });
});

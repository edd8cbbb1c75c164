import {
  authApi,
  baseApi,
  cartLineKey,
  createStorefrontStore,
  randomId,
  type AppStore,
  type OperatorOrder,
  type Order,
  type OrderMoveRequest,
  type PlaceOrderRequest,
  type User,
} from '@storefront/shared';
import { createCookieJarFetch, testApiUrl } from '@storefront/shared/testing';

/** A request the page sent, as the api received it. */
export interface SentRequest {
  method: string;
  url: URL;
  body: string;
}

/** One shopper's store on the real test api, keeping every request it sends (what the page asked). */
export interface RecordedShopper {
  store: AppStore;
  fetch: typeof fetch;
  sent: SentRequest[];
}

export function recordedShopper(): RecordedShopper {
  const jar = createCookieJarFetch();
  const sent: SentRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url), body: request.body ? await request.clone().text() : '' });
    return jar(request);
  };
  const apiBase = testApiUrl();
  return { store: createStorefrontStore({ config: { apiBase, assetHost: `${apiBase}/images/` }, fetchFn: recording }), fetch: recording, sent };
}

/** A unique address on every call: the test api's database is shared by every test file. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${randomId(8).toLowerCase()}@example.co.za`;
}

export async function registerShopper(store: AppStore, first_name = 'Naledi'): Promise<User> {
  const email = uniqueEmail(first_name.toLowerCase());
  return store.dispatch(authApi.endpoints.register.initiate({ first_name, last_name: 'Mthembu', email, password: 'a good long password', phone: '0827654321' })).unwrap();
}

/** What the shop's command line may do while the api runs (api/src/testing/globalSetup.ts gives the token). */
async function asCommandLine(path: string, body: unknown): Promise<Response> {
  const token = process.env.STOREFRONT_TEST_MACHINE_TOKEN;
  if (!token) throw new Error('STOREFRONT_TEST_MACHINE_TOKEN is not set: run web tests through jest, whose globalSetup starts the api');
  return fetch(`${testApiUrl()}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * A signed-in operator: an account made an operator as `npm run operators -- add` does (with
 * `catalogue`, `--catalogue`: one who also edits the catalogue), and the store told.
 */
export async function signedInOperator(
  shopper: RecordedShopper = recordedShopper(),
  { catalogue = false, firstName = 'Ayanda' }: { catalogue?: boolean; firstName?: string } = {},
): Promise<RecordedShopper & { user: User }> {
  const registered = await registerShopper(shopper.store, firstName);
  const granted = await asCommandLine('operator/operators', { email: registered.email, ...(catalogue ? { catalogue } : {}) });
  if (!granted.ok) throw new Error(`could not make ${registered.email} an operator: ${granted.status} ${await granted.text()}`);
  const user = await shopper.store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true })).unwrap();
  shopper.sent.length = 0;
  return { ...shopper, user };
}

/** Moves an order as the shop's command line would (another operator, say, while the page is open). */
export async function moveAsCommandLine(number: string, move: OrderMoveRequest): Promise<OperatorOrder> {
  const answer = await asCommandLine(`operator/orders/${encodeURIComponent(number)}/moves`, move);
  if (!answer.ok) throw new Error(`could not move ${number} to ${move.to}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as OperatorOrder;
}

type OrderShape = Omit<PlaceOrderRequest, 'contact'> & { contact?: Partial<PlaceOrderRequest['contact']> };

/**
 * Places an order of one unit as `shopper` through the api, as the checkout does: a simple
 * product from the middle of the catalogue (other suites count the stock of those at its start
 * and end), a different one each time so that many orders do not empty one product.
 */
export async function placeOrder(shopper: RecordedShopper, { contact, ...shape }: OrderShape): Promise<Order> {
  const page = await shopper.store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const candidates = page.products.filter((item) => !item.has_variants && item.available_stock >= 5);
  const middle = candidates.slice(Math.floor(candidates.length / 3), Math.ceil((candidates.length * 2) / 3));
  const product = middle[Math.floor(Math.random() * middle.length)];
  if (!product) throw new Error('the seed has no simple product in stock');
  // Into the cart through the api, as the cart's Add to Cart sends it (the cart team's code, not this remote's).
  const added = await shopper.fetch(`${testApiUrl()}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: cartLineKey(product), qty: 1 }),
  });
  if (!added.ok) throw new Error(`could not add ${product.id} to the cart: ${added.status} ${await added.text()}`);
  const request: PlaceOrderRequest = {
    contact: { first_name: 'Lerato', last_name: 'Mokoena', email: uniqueEmail('lerato'), phone: '+27721234567', ...contact },
    ...shape,
  };
  const answer = await shopper.fetch(`${testApiUrl()}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomId(32) },
    body: JSON.stringify(request),
  });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`could not place an order: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Order;
}

/**
 * A PostgreSQL server that stops answering (a network dropping every packet, between the api and
 * the server) must not hang the api: requests are answered 503 within the statement timeout and a
 * moment, /health within a second, the api recovers when the network does, and SIGTERM stops the
 * process within 15 s. Real api processes, at their default timeouts, talk to a real server
 * through a TCP proxy that stops forwarding (testing/stallingProxy.ts).
 */
import type { Product } from '@storefront/shared/types';
import { startApiProcess, type ApiProcess } from '../testing/apiProcess';
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratchDatabase';
import { startStallingProxy, type StallingProxy } from '../testing/stallingProxy';
import { until } from '../testing/until';

/** The deadlines the api keeps while the server is silent, at the default timeouts (db/database.ts, settings.ts). */
const REQUEST_DEADLINE_MS = 11_000;
const HEALTH_DEADLINE_MS = 1_000;
const SHUTDOWN_DEADLINE_MS = 15_000;
/** A loaded test machine is a little late to hear an answer that was on time. */
const SLACK_MS = 400;

let scratch: ScratchDatabase;
let proxy: StallingProxy;
let api: ApiProcess | undefined;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const server = new URL(scratch.url);
  proxy = await startStallingProxy({ host: server.hostname, port: Number(server.port || 5432) });
}, 60_000);

afterEach(() => api?.kill());

afterAll(async () => {
  await proxy?.close();
  await scratch?.drop();
}, 60_000);

/** The scratch database's URL through the proxy. */
function throughProxy(): string {
  const url = new URL(scratch.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

interface Timed {
  status: number;
  body: { error?: string; message?: string };
  ms: number;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const body = (await response.json()) as Timed['body'];
  return { status: response.status, body, ms: Date.now() - started };
}

async function simpleProduct(url: string): Promise<Product> {
  const products = (await (await fetch(`${url}/products?limit=40`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants && candidate.stock > 5);
  if (!product) throw new Error('the seed has no product without variants in stock');
  return product;
}

/** One cart add: the shopper row, the rate limit and the cart line are all in the database. */
function addToCart(url: string, productId: string, cookie?: string): Promise<Timed> {
  return timed(`${url}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ id: productId, qty: 1 }),
  });
}

test('while the database stalls every request is answered 503 in time, /health within a second; the api recovers with it', async () => {
  // Checked every 2 s (rather than 30), so the LISTEN connection lost in the stall is noticed soon.
  api = startApiProcess({ DATABASE_URL: throughProxy(), DATABASE_KEEPALIVE_MS: '2000' });
  const url = await api.listening;
  const product = await simpleProduct(url);
  const first = await fetch(`${url}/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: product.id, qty: 1 }),
  });
  expect(first.status).toBe(201);
  const cookie = first.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  expect(cookie).not.toBe('');

  proxy.stall();
  // More requests than the pool has connections (10): some wait for a connection, some for an answer.
  const [health, ...writes] = await Promise.all([
    timed(`${url}/health`),
    ...Array.from({ length: 14 }, (_, index) => addToCart(url, product.id, index % 2 === 0 ? cookie : undefined)),
  ]);
  expect(health).toMatchObject({ status: 503, body: { error: 'database_unavailable' } });
  expect(health.ms).toBeLessThan(HEALTH_DEADLINE_MS + SLACK_MS);
  for (const write of writes) {
    expect(write).toMatchObject({ status: 503, body: { error: 'database_unavailable', message: expect.stringMatching(/try again/) } });
    expect(write.ms).toBeLessThan(REQUEST_DEADLINE_MS + SLACK_MS);
  }
  // Asked again mid-stall, /health is still quick: the stuck connections do not hold it up.
  const again = await timed(`${url}/health`);
  expect(again.status).toBe(503);
  expect(again.ms).toBeLessThan(HEALTH_DEADLINE_MS + SLACK_MS);

  proxy.resume();
  await until(async () => (await fetch(`${url}/health`)).status === 200, '/health answers 200 again', { timeoutMs: 30_000, everyMs: 200 });
  // The shopper's cart survived: the first add is there, and adding works again.
  const added = await addToCart(url, product.id, cookie);
  expect(added.status).toBe(201);
  const cart = (await (await fetch(`${url}/cart`, { headers: { cookie } })).json()) as { id: string; qty: number }[];
  expect(cart).toEqual([expect.objectContaining({ id: product.id, qty: 2 })]);

  // The catalogue's change notifications flow again: a change made in the database shows.
  await scratch.query('UPDATE products SET stock = 3 WHERE id = $1', [product.id]);
  await until(async () => ((await (await fetch(`${url}/products/${product.id}`)).json()) as Product).stock === 3, 'the product shows the new stock', { timeoutMs: 30_000, everyMs: 200 });

  // Nothing in the stall was a fault of the api's: warnings, not errors, in its log.
  expect(api.lines.filter((line) => line.level >= 50)).toEqual([]);
}, 120_000);

test('SIGTERM stops the process within 15 s while the database drops every packet', async () => {
  api = startApiProcess({ DATABASE_URL: throughProxy() });
  const url = await api.listening;
  const product = await simpleProduct(url);
  proxy.stall();
  try {
    // Requests in flight, each waiting on the silent database, when the signal comes.
    const inFlight = Array.from({ length: 4 }, () => addToCart(url, product.id).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    api.child.kill('SIGTERM');
    const code = await api.exited;
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(code).not.toBeNull();
    await Promise.all(inFlight);
  } finally {
    proxy.resume();
  }
}, 60_000);

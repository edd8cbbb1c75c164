/**
 * What a shop does when one machine is not enough: two api processes on one PostgreSQL behind the
 * edge's /api proxy (API_PROCESSES). Sessions, sign-in throttling, orders and stock, and the
 * catalogue's change notifications must hold across them, the edge must spread requests over
 * both, and carry on with one when the other goes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Product } from '@storefront/shared/types';
import { startApiProcess, type ApiProcess } from '@storefront/api/testing/api-process';
import { createScratchDatabase, type ScratchDatabase } from '@storefront/api/testing/scratch-database';
import { until } from '@storefront/api/testing/until';
import { registerApiProxy } from './proxy';
import { ApiUpstreams } from './upstreams';

/** Room for the orders this suite places from one address (127.0.0.1). */
const ROOMY = { UNPAID_ORDERS_PLACED_PER_ADDRESS: '1000/1h', LOG_LEVEL: 'info' };

let scratch: ScratchDatabase;
const apis: ApiProcess[] = [];
let urls: string[] = [];
let upstreams: ApiUpstreams;
let edge: FastifyInstance;
let edgeUrl: string;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  // Started at the same moment on an empty database: one migrates and seeds, the other waits.
  apis.push(startApiProcess({ DATABASE_URL: scratch.url, ...ROOMY }), startApiProcess({ DATABASE_URL: scratch.url, ...ROOMY }));
  urls = await Promise.all(apis.map((api) => api.listening));
  upstreams = new ApiUpstreams(urls, { checkIntervalMs: 60_000 });
  edge = Fastify();
  await registerApiProxy(edge, { prefix: '/api', target: upstreams });
  edgeUrl = await edge.listen({ port: 0, host: '127.0.0.1' });
}, 90_000);

afterAll(async () => {
  await edge?.close();
  for (const api of apis) api.kill();
  await Promise.all(apis.map((api) => api.exited));
  await scratch?.drop();
}, 60_000);

/** A shopper's cookies, as a browser keeps them, for requests to any of the processes. */
class Shopper {
  private readonly cookies = new Map<string, string>();

  /** Another client holding the same cookies (a copy someone kept). */
  copy(): Shopper {
    const copy = new Shopper();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: unknown }> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
}

async function productOn(url: string, id: string): Promise<Product> {
  return (await (await fetch(`${url}/products/${id}`)).json()) as Product;
}

const newEmail = (what: string) => `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.co.za`;
const PASSWORD = 'correct horse battery';
const registration = (email: string) => ({ first_name: 'Thandi', last_name: 'Mokoena', email, password: PASSWORD, phone: '082 123 4567' });

test('the edge spreads requests over both processes', async () => {
  const probes = Array.from({ length: 6 }, (_, index) => `/spread-probe-${index}`);
  for (const probe of probes) expect((await fetch(`${edgeUrl}/api${probe}`)).status).toBe(404);
  const heardBy = () => apis.map((api) => api.lines.filter((line) => /^\/spread-probe-/.test((line as { req?: { url?: string } }).req?.url ?? '')).length);
  // A process's log line reaches this one through a pipe, after its answer has: wait for all six.
  await until(() => heardBy().reduce((sum, count) => sum + count, 0) >= probes.length, 'both processes have logged the probes they answered');
  expect(heardBy()).toEqual([3, 3]);
});

test('a session begun on one process is known to the other, and ended on the other it is ended everywhere', async () => {
  const [first, second] = urls as [string, string];
  const shopper = new Shopper();
  const email = newEmail('session');
  expect((await shopper.request(`${first}/auth/register`, { method: 'POST', body: registration(email) })).status).toBe(201);
  expect(await shopper.request(`${second}/auth/me`)).toMatchObject({ status: 200, body: { user: { email } } });
  for (let index = 0; index < 4; index += 1) expect((await shopper.request(`${edgeUrl}/api/auth/me`)).status).toBe(200);

  const outsider = new Shopper();
  expect((await outsider.request(`${second}/auth/me`)).status).toBe(401);

  const kept = shopper.copy();
  expect((await shopper.request(`${second}/auth/logout`, { method: 'POST', body: {} })).status).toBeLessThan(300);
  expect((await shopper.request(`${first}/auth/me`)).status).toBe(401);
  // A copy of the cookie kept from before the sign-out opens nothing on either process.
  expect((await kept.request(`${first}/auth/me`)).status).toBe(401);
  expect((await kept.request(`${second}/auth/me`)).status).toBe(401);
});

test('wrong passwords are counted across processes: the sixth in a row asks for a mailed code whichever process hears it', async () => {
  const email = newEmail('guessing');
  expect((await new Shopper().request(`${urls[0]}/auth/register`, { method: 'POST', body: registration(email) })).status).toBe(201);
  const attempt = (url: string, password: string) => new Shopper().request(`${url}/auth/login`, { method: 'POST', body: { email, password } });
  for (let index = 0; index < 5; index += 1) {
    expect((await attempt(urls[index % 2] as string, `wrong guess ${index}`)).status).toBe(401);
  }
  // One process alone has heard only two or three: the count is the database's, not the process's.
  expect(await attempt(urls[1] as string, 'wrong guess 5')).toMatchObject({ status: 401, body: { error: 'code_required' } });
  expect(await attempt(urls[0] as string, PASSWORD)).toMatchObject({ status: 401, body: { error: 'code_required' } });
  // Eight password hashes, each deliberately slow: more than jest's 5 s on a busy 2-core machine.
}, 30_000);

test('shoppers on both processes race for the last units: exactly that many orders, and both show the stock that is left', async () => {
  const [first, second] = urls as [string, string];
  const products = (await (await fetch(`${first}/products?limit=40`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants && candidate.stock > 0);
  if (!product) throw new Error('the seed has no product without variants in stock');
  await scratch.query('UPDATE products SET stock = 50 WHERE id = $1', [product.id]);
  // Both processes hold the product in memory, so a missed notification would show as old stock.
  await until(async () => (await productOn(first, product.id)).stock === 50 && (await productOn(second, product.id)).stock === 50, 'both show stock 50');

  const shoppers = Array.from({ length: 12 }, () => new Shopper());
  for (const [index, shopper] of shoppers.entries()) {
    expect((await shopper.request(`${urls[index % 2]}/cart`, { method: 'POST', body: { id: product.id, qty: 1 } })).status).toBe(201);
  }
  await scratch.query('UPDATE products SET stock = 5 WHERE id = $1', [product.id]);
  await until(async () => (await productOn(first, product.id)).stock === 5 && (await productOn(second, product.id)).stock === 5, 'both show stock 5');

  const order = {
    contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
    delivery: { method: 'collect' },
    payment_method: 'cod',
  };
  const answers = await Promise.all(
    shoppers.map((shopper, index) =>
      // Each shopper checks out on the process that did not hold their cart.
      shopper.request(`${urls[(index + 1) % 2]}/orders`, { method: 'POST', body: order, headers: { 'idempotency-key': crypto.randomUUID() } }),
    ),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
  expect(await scratch.query('SELECT stock FROM products WHERE id = $1', [product.id])).toEqual([{ stock: 0 }]);
  const [{ orders }] = (await scratch.query<{ orders: number }>('SELECT count(DISTINCT order_id)::int AS orders FROM order_lines WHERE product_id = $1', [
    product.id,
  ])) as [{ orders: number }];
  expect(orders).toBe(5);
  // Each process has heard the other's orders: neither shows stock that is gone.
  await until(async () => (await productOn(first, product.id)).stock === 0 && (await productOn(second, product.id)).stock === 0, 'both show stock 0');
  for (const url of urls) {
    const listed = ((await (await fetch(`${url}/products?limit=40`)).json()) as Product[]).find((candidate) => candidate.id === product.id);
    expect(listed?.stock ?? 0).toBe(0);
  }
});

test('when one process stops, the edge passes it over and shoppers carry on; when it is back, it is used again', async () => {
  const [first, second] = urls as [string, string];
  const products = (await (await fetch(`${first}/products?limit=40`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants && candidate.stock > 3) as Product;
  const stopped = apis[1] as ApiProcess;
  stopped.kill();
  await stopped.exited;

  // Reads are answered (a refused one is asked of the other process), and the stopped one is passed over.
  for (let index = 0; index < 6; index += 1) {
    expect((await fetch(`${edgeUrl}/api/products/${product.id}`)).status).toBe(200);
  }
  expect(upstreams.isDown(second)).toBe(true);
  const shopper = new Shopper();
  for (let index = 0; index < 4; index += 1) {
    expect((await shopper.request(`${edgeUrl}/api/cart`, { method: 'POST', body: { id: product.id, qty: 1 } })).status).toBe(201);
  }
  expect(await shopper.request(`${edgeUrl}/api/cart`)).toMatchObject({ status: 200, body: [expect.objectContaining({ id: product.id, qty: 4 })] });

  // Started again on its port: the next health check takes it back.
  const restarted = startApiProcess({ DATABASE_URL: scratch.url, ...ROOMY, API_PORT: new URL(second).port });
  apis[1] = restarted;
  await restarted.listening;
  await upstreams.checkAll();
  expect(upstreams.isDown(second)).toBe(false);
  expect(await shopper.request(`${edgeUrl}/api/cart`)).toMatchObject({ status: 200 });
  expect(await shopper.request(`${edgeUrl}/api/cart`)).toMatchObject({ status: 200, body: [expect.objectContaining({ qty: 4 })] });
}, 60_000);

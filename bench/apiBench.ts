/**
 * Section 3: the api under autocannon, beside a bare node:http server answering the same bytes
 * (the ceiling) and json-server serving the same catalogue, on PGlite and on PostgreSQL. All four
 * run at once and each request is measured on each in turn (lib/sideBySide.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT } from '@storefront/edge/packages';
import { portBase, startApi, stopChild, waitForUrl, type ApiProcess } from './lib/servers';
import { measureSideBySide, type LoadFigures, type SideBySideTarget } from './lib/sideBySide';

export const CONNECTIONS = 50;
/**
 * Cart writes come from this many shoppers, each with a line of their own, one request each in
 * turn: a shop's load. One shopper's one line from every connection measures a queue on one row.
 */
export const CART_SHOPPERS = 1000;
/** Between loads: the server measured before finishes what it had in hand (lib/sideBySide.ts). */
const SETTLE_MS = 250;

export interface Endpoint {
  name: string;
  method: 'GET' | 'PATCH';
  path: string;
  body?: string;
  /** The shopper cookie, for the cart. */
  cookie?: string;
  /** Sent in turn instead of `path`, `body` and `cookie`, one after another: many shoppers' requests. */
  each?: ShopperRequest[];
}

export interface ShopperRequest {
  path: string;
  body?: string;
  cookie?: string;
}

export type { LoadFigures };

export type Target = 'api (PGlite)' | 'api (PostgreSQL)' | 'bare node:http' | 'json-server';

export interface ApiFigures {
  endpoints: { name: string; request: string }[];
  /** target → endpoint name → medians of the runs */
  results: Partial<Record<Target, Record<string, LoadFigures>>>;
  postgres: string;
}

interface ProductRow {
  id: string;
  link: string;
  name: string;
  has_variants: boolean;
  available_stock: number;
  categories: { id: string; name: string }[];
}

async function json<T>(url: string, init?: RequestInit): Promise<{ body: T; response: Response }> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return { body: (await response.json()) as T, response };
}

async function allProducts(apiUrl: string): Promise<ProductRow[]> {
  const products: ProductRow[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await json<ProductRow[]>(`${apiUrl}/products?limit=100&page=${page}`);
    products.push(...body);
    if (body.length < 100) return products;
  }
}

/** Products a shopper can put in a cart at once: no size or colour to choose, and stock for a few. */
function simpleInStock(products: ProductRow[]): ProductRow[] {
  return products.filter((candidate) => !candidate.has_variants && candidate.available_stock >= 5);
}

/** Many shoppers' cart lines: each a new shopper (a cookie of their own) with one line of a product in stock. */
async function cartShoppers(apiUrl: string, products: ProductRow[], count: number): Promise<{ cookie: string; line: string }[]> {
  const inStock = simpleInStock(products);
  if (inStock.length === 0) throw new Error('no product without variants and with stock to put in a cart');
  const shoppers: { cookie: string; line: string }[] = [];
  // A few at a time: the api is the one measured, not the one flooded while setting up.
  let next = 0;
  const addOne = async () => {
    for (let index = next++; index < count; index = next++) {
      const product = inStock[index % inStock.length] as ProductRow;
      const added = await fetch(`${apiUrl}/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: product.id, qty: 1 }) });
      if (added.status !== 201) throw new Error(`adding to the cart answered ${added.status}: ${await added.text()}`);
      const cookie = (added.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      shoppers[index] = { cookie, line: ((await added.json()) as { id: string }).id };
    }
  };
  await Promise.all(Array.from({ length: 8 }, addOne));
  return shoppers;
}

/** The four requests, on real data: a category with products, a product, a search word, and many shoppers' cart lines. */
async function chooseEndpoints(apiUrl: string, products: ProductRow[]): Promise<Endpoint[]> {
  const [product] = simpleInStock(products);
  if (!product) throw new Error('no product without variants and with stock to put in a cart');
  const category = product.categories[0]?.id ?? 'fashion';
  const word = product.name.split(/\s+/).find((part) => part.length >= 4)?.toLowerCase() ?? product.name.slice(0, 4).toLowerCase();
  const shoppers = await cartShoppers(apiUrl, products, CART_SHOPPERS);
  // Each shopper sets their line's quantity to 1, 2 or 3: every request writes.
  const each = shoppers.map(({ cookie, line }, index) => ({ path: `/cart/${encodeURIComponent(line)}`, body: JSON.stringify({ id: line, qty: 1 + (index % 3) }), cookie }));
  return [
    { name: 'listing', method: 'GET', path: `/products?category=${encodeURIComponent(category)}` },
    { name: 'product', method: 'GET', path: `/products/${encodeURIComponent(product.link)}` },
    { name: 'suggest', method: 'GET', path: `/search/suggest?q=${encodeURIComponent(word)}` },
    { name: 'cart PATCH', method: 'PATCH', path: each[0]?.path ?? '/cart', each },
  ];
}

/** The same requests as json-server understands them (its own query language, same data). */
function jsonServerEndpoints(endpoints: Endpoint[], product: ProductRow, category: string, word: string): Endpoint[] {
  return endpoints.map((endpoint) => {
    switch (endpoint.name) {
      case 'listing':
        return { ...endpoint, path: `/products?category=${encodeURIComponent(category)}` };
      case 'product':
        return { ...endpoint, path: `/products/${encodeURIComponent(product.id)}` };
      case 'suggest':
        return { ...endpoint, path: `/products?q=${encodeURIComponent(word)}&_limit=8` };
      default:
        // Its cart records are numbered, one per shopper.
        return { ...endpoint, path: '/cart/0', each: endpoint.each?.map((request, index) => ({ path: `/cart/${index}`, ...(request.body ? { body: request.body } : {}) })) };
    }
  });
}

function headersOf(request: { body?: string; cookie?: string }): Record<string, string> {
  return { ...(request.body ? { 'content-type': 'application/json' } : {}), ...(request.cookie ? { cookie: request.cookie } : {}) };
}

async function load(baseUrl: string, endpoint: Endpoint, seconds: number): Promise<LoadFigures> {
  const { each } = endpoint;
  let sent = 0;
  const result = await autocannon({
    url: `${baseUrl}${endpoint.path}`,
    method: endpoint.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: headersOf(endpoint),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(each && each.length > 0
      ? {
          requests: [
            {
              method: endpoint.method,
              setupRequest: (request) => {
                const next = each[sent++ % each.length] as ShopperRequest;
                return { ...request, path: next.path, headers: headersOf(next), ...(next.body ? { body: next.body } : {}) };
              },
            },
          ],
        }
      : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

/** An endpoint on one server. */
type AddressedEndpoint = Endpoint & { baseUrl: string };

function target(name: Target, baseUrl: string, endpoints: Endpoint[]): SideBySideTarget<AddressedEndpoint> {
  return { name, requests: Object.fromEntries(endpoints.map((endpoint) => [endpoint.name, { ...endpoint, baseUrl }])) };
}

async function startChild(command: string, args: string[], readyUrl: string) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForUrl(readyUrl, child, 30_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

/** A database of its own on the PostgreSQL server, created for the run and dropped after it. */
export async function withPostgresDatabase<T>(serverUrl: string, run: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await run(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export async function benchApi(options: { runs: number; seconds: number; postgresUrl: string | null; log: (line: string) => void }): Promise<ApiFigures> {
  const { runs, seconds, postgresUrl, log } = options;
  const base = portBase() + 30;
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-api-'));
  const figures: ApiFigures = { endpoints: [], results: {}, postgres: postgresUrl ? 'measured' : 'skipped: BENCH_DATABASE_URL is empty' };
  let api: ApiProcess | undefined;
  const children: ChildProcess[] = [];
  try {
    api = await startApi(base, { dataDir: path.join(work, 'pglite') });
    const products = await allProducts(api.url);
    const endpoints = await chooseEndpoints(api.url, products);
    figures.endpoints = endpoints.map((endpoint) => ({ name: endpoint.name, request: endpoint.each ? `${endpoint.method} ${endpoint.path.replace(/\/cart\/.*/, '/cart/{line}')} × ${endpoint.each.length} shoppers` : `${endpoint.method} ${endpoint.path}` }));

    // The exact bytes the api answers, for the bare server.
    const recorded = [];
    for (const endpoint of endpoints) {
      for (const request of endpoint.each ?? [endpoint]) {
        const response = await fetch(`${api.url}${request.path}`, { method: endpoint.method, headers: headersOf(request), ...(request.body ? { body: request.body } : {}) });
        recorded.push({ method: endpoint.method, path: request.path, status: response.status, type: response.headers.get('content-type') ?? 'application/json', body: await response.text() });
      }
    }
    const recordedFile = path.join(work, 'recorded.json');
    await writeFile(recordedFile, JSON.stringify(recorded));

    // The same catalogue for json-server, with the category flattened onto each product so it can filter.
    const product = products.find((candidate) => endpoints[1]?.path.endsWith(encodeURIComponent(candidate.link))) as ProductRow;
    const category = product.categories[0]?.id ?? 'fashion';
    const word = decodeURIComponent(endpoints[2]?.path.split('q=')[1] ?? '');
    const cartLines = endpoints[3]?.each ?? [];
    const dbFile = path.join(work, 'db.json');
    await writeFile(
      dbFile,
      JSON.stringify({ products: products.map((item) => ({ ...item, category: item.categories.map((c) => c.id) })), cart: cartLines.map((_line, index) => ({ id: String(index), product_id: product.id, qty: 1 })) }),
    );

    const bare = await startChild(process.execPath, ['-r', 'sucrase/register/ts', path.join(__dirname, 'servers/bareServer.ts'), recordedFile, String(base + 1)], `http://127.0.0.1:${base + 1}/health`);
    children.push(bare);
    const jsonServer = await startChild(
      path.join(ROOT, 'node_modules/.bin/json-server'),
      ['--port', String(base + 2), '--host', '127.0.0.1', '--quiet', dbFile],
      `http://127.0.0.1:${base + 2}/cart`,
    );
    children.push(jsonServer);
    const targets: SideBySideTarget<AddressedEndpoint>[] = [
      target('api (PGlite)', api.url, endpoints),
      target('bare node:http', `http://127.0.0.1:${base + 1}`, endpoints),
      target('json-server', `http://127.0.0.1:${base + 2}`, jsonServerEndpoints(endpoints, product, category, word)),
    ];
    const names = endpoints.map((endpoint) => endpoint.name);
    const logFigures = (name: string, request: string, { rps, p50, p99, errors }: LoadFigures) =>
      log(`${name.padEnd(17)} ${request.padEnd(11)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50} ms  p99 ${p99} ms${errors ? `  (${errors} errors)` : ''}`);
    const run = (all: SideBySideTarget<AddressedEndpoint>[]) =>
      measureSideBySide(all, names, runs, (_on, endpoint, warmUp) => load(endpoint.baseUrl, endpoint, warmUp ? 1 : seconds), { pauseMs: SETTLE_MS, log: logFigures });

    if (postgresUrl) {
      await withPostgresDatabase(postgresUrl, async (databaseUrl) => {
        const onPostgres = await startApi(base + 3, { databaseUrl });
        try {
          const pgEndpoints = await chooseEndpoints(onPostgres.url, await allProducts(onPostgres.url));
          figures.results = await run([...targets, target('api (PostgreSQL)', onPostgres.url, pgEndpoints)]);
        } finally {
          await onPostgres.stop();
        }
      });
    } else {
      figures.results = await run(targets);
    }
    return figures;
  } finally {
    for (const child of children) await stopChild(child);
    await api?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

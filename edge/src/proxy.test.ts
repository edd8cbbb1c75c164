/**
 * The /api proxy against a small real upstream on a loopback port: it stands in for the api's
 * network behaviour (echoes what it was asked, never answers one route, sets cookies on another).
 * Requests are sent with node:http so oddly spelled paths reach the edge exactly as written.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerApiProxy } from './proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const TIMEOUT_MS = 300;

/** Every request the upstream received, in order. */
const seen: Seen[] = [];
/** Resolves once the edge has let go of the connection on which /slow is waiting. */
let slowReleased: Promise<void> = Promise.resolve();
let upstream: http.Server;
let upstreamUrl: string;

function portOf(server: http.Server | FastifyInstance['server']): number {
  return (server.address() as AddressInfo).port;
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function startEdge(trustProxy: FastifyServerOptions['trustProxy'], target = upstreamUrl): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy, logger: false });
  await registerApiProxy(app, { prefix: '/api', target, privatePaths: ['/dev'], timeoutMs: TIMEOUT_MS });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** One request on a fresh connection, the path sent byte for byte as given. */
function send(app: FastifyInstance, rawPath: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: portOf(app.server), path: rawPath, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function echoed(answer: Answer): Seen {
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Seen;
}

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: Seen = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(received);
      if (received.url.startsWith('/slow')) {
        slowReleased = new Promise((resolve) => request.socket.once('close', () => resolve()));
        return; // never answers
      }
      if (received.url.startsWith('/basket/coupon')) {
        response.writeHead(422, { 'Content-Type': 'application/json; charset=utf-8', 'Set-Cookie': ['cart=abc; Path=/; HttpOnly', 'seen=1; Path=/'] });
        response.end(JSON.stringify({ error: 'unprocessable', message: 'That coupon has expired' }));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Upstream': 'echo' });
      response.end(JSON.stringify(received));
    });
  });
  await listen(upstream);
  upstreamUrl = `http://127.0.0.1:${portOf(upstream)}`;
});

afterAll(() => close(upstream));

beforeEach(() => {
  seen.length = 0;
});

describe('an edge that trusts nothing in front of it', () => {
  let edge: FastifyInstance;
  beforeAll(async () => {
    edge = await startEdge(false);
  });
  afterAll(() => edge.close());

  it('forwards the method, the path without the prefix and the query, and returns the answer as given', async () => {
    const answer = await send(edge, '/api/products?q=shirt&page=2', { method: 'DELETE' });
    expect(answer.headers['x-upstream']).toBe('echo');
    const received = echoed(answer);
    expect(received.method).toBe('DELETE');
    expect(received.url).toBe('/products?q=shirt&page=2');
    expect(received.headers.host).toBe(`127.0.0.1:${portOf(upstream)}`);
  });

  it('forwards the bare prefix as the root, with its query', async () => {
    expect(echoed(await send(edge, '/api')).url).toBe('/');
    expect(echoed(await send(edge, '/api?page=2')).url).toBe('/?page=2');
  });

  it('passes a JSON body on byte for byte, unparsed', async () => {
    const body = '{ "sku":  "TEE-M",\n  "quantity": 2 }';
    const received = echoed(await send(edge, '/api/basket/items', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body }));
    expect(received).toMatchObject({ method: 'POST', url: '/basket/items', body });
    expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('passes other bodies on untouched, plain text included', async () => {
    for (const [type, body] of [
      ['text/plain; charset=utf-8', 'Ngiyabonga — thank you'],
      ['application/x-www-form-urlencoded', 'email=a%40b.co&remember=1'],
    ] as const) {
      const received = echoed(await send(edge, '/api/messages', { method: 'PUT', headers: { 'Content-Type': type }, body }));
      expect([received.headers['content-type'], received.body]).toEqual([type, body]);
    }
  });

  it("returns the api's own errors unchanged, cookies included", async () => {
    const answer = await send(edge, '/api/basket/coupon', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"code":"OLD"}' });
    expect(answer.status).toBe(422);
    expect(answer.headers['set-cookie']).toEqual(['cart=abc; Path=/; HttpOnly', 'seen=1; Path=/']);
    expect(JSON.parse(answer.body)).toEqual({ error: 'unprocessable', message: 'That coupon has expired' });
  });

  it('answers 504 once the api has taken longer than the timeout, and lets go of the connection', async () => {
    const started = Date.now();
    const answer = await send(edge, '/api/slow');
    const took = Date.now() - started;
    expect(answer.status).toBe(504);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: 'gateway_timeout', message: "The store's server took too long to answer. Please try again." });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 500);
    // A connection left open per slow answer would pile up on the api.
    await expect(Promise.race([slowReleased.then(() => 'closed'), new Promise((resolve) => setTimeout(resolve, 200, 'still open'))])).resolves.toBe('closed');
  });

  it('never forwards a private path, however it is spelled', async () => {
    const spellings = [
      '/api/dev/outbox',
      '/api/DEV/outbox',
      '/api/%64ev/outbox',
      '/api/%2564ev/outbox',
      '/api//dev/outbox',
      '/api/x/../dev/outbox',
      '/api/./dev/outbox',
      '/api/dev%2Foutbox',
      '/api/dev%2foutbox?recipient=a%40b.co',
      '/api\\dev\\outbox',
      '/api/\\dev\\outbox',
      '/api/dev',
      '/api/dev/',
      '/api/dev/?a=1',
      '/%61pi/dev/outbox',
      '/api/%2e%2e/api/dev/outbox',
    ];
    const statuses: [string, number][] = [];
    for (const spelling of spellings) statuses.push([spelling, (await send(edge, spelling, { method: 'POST', body: '{}' })).status]);
    expect(statuses.filter(([, status]) => status !== 404 && status !== 400)).toEqual([]);
    expect(seen.map((request) => request.url)).toEqual([]);

    const answer = await send(edge, '/api/dev/outbox?recipient=a%40b.co');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: 'not_found', message: 'No route GET /api/dev/outbox' });
  });

  it('forwards paths that only look like a private one', async () => {
    for (const spelling of ['/api/devices', '/api/products/dev', '/api/search?q=/dev/outbox']) {
      expect(echoed(await send(edge, spelling)).method).toBe('GET');
    }
    expect(seen.map((request) => request.url)).toEqual(['/devices', '/products/dev', '/search?q=/dev/outbox']);
  });

  it("drops the shopper's own X-Forwarded-For and -Proto: the api gets the address that connected, over http", async () => {
    const received = echoed(await send(edge, '/api/me', { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', Host: 'shop.example' } }));
    expect(received.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(received.headers['x-forwarded-proto']).toBe('http');
    expect(received.headers['x-forwarded-host']).toBe('shop.example');
  });
});

describe('an edge behind a trusted load balancer (the test client, on loopback)', () => {
  let edge: FastifyInstance;
  beforeAll(async () => {
    edge = await startEdge('127.0.0.1');
  });
  afterAll(() => edge.close());

  it("keeps the balancer's client address and https, and adds the balancer's own address", async () => {
    const received = echoed(await send(edge, '/api/me', { headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' } }));
    expect(received.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(received.headers['x-forwarded-proto']).toBe('https');
  });

  it('drops what lies beyond the first address it does not trust, where a shopper could write anything', async () => {
    const received = echoed(await send(edge, '/api/me', { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9' } }));
    expect(received.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(received.headers['x-forwarded-proto']).toBe('http');
  });

  it('passes on no other claim about the client', async () => {
    const received = echoed(
      await send(edge, '/api/me', {
        headers: { Forwarded: 'for=198.51.100.1;proto=https', 'X-Real-IP': '198.51.100.1', 'X-Forwarded-Port': '8443', 'X-Forwarded-Prefix': '/admin', 'X-Forwarded-Host': 'shop.example' },
      }),
    );
    expect(received.headers).not.toHaveProperty('forwarded');
    expect(received.headers).not.toHaveProperty('x-real-ip');
    expect(Object.keys(received.headers).filter((name) => name.startsWith('x-forwarded-')).sort()).toEqual(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']);
    // The balancer is trusted, so the host it reports is the one the shopper asked for.
    expect(received.headers['x-forwarded-host']).toBe('shop.example');
  });
});

describe('an edge whose api is down', () => {
  let edge: FastifyInstance;
  beforeAll(async () => {
    const gone = http.createServer();
    await listen(gone);
    const closedPort = portOf(gone);
    await close(gone);
    edge = await startEdge(false, `http://127.0.0.1:${closedPort}`);
  });
  afterAll(() => edge.close());

  it('answers 502 at once with a readable message', async () => {
    const started = Date.now();
    const answer = await send(edge, '/api/products');
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: 'bad_gateway', message: "The store's server is not reachable. Please try again shortly." });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });
});

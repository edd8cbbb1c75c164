/**
 * The edge as an attacker and a browser's security checks meet it: the headers every page
 * carries, a Content-Security-Policy that lets the store run (and follows the composition:
 * composedIn.spec.ts), nothing private served, and the client's address and protocol reaching
 * the api only through proxies the edge was told to trust; and an edge run on its own (`npm run
 * edge`), which is never given the keys.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildShellEdge } from '@storefront/edge/app';
import { REPLAY_SCRIPT_HASH } from '@storefront/edge/event-replay';
import { packageVersion, REMOTES, ROOT, workingVersions } from '@storefront/edge/packages';
import { DEFAULT_KNOWN_GOOD_AFTER_MS } from '@storefront/edge/settings';
import { apiUrl, simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { compositionFile, e2ePorts } from '../support/composition';
import { directives, remoteOrigins, watchViolations } from '../support/policy';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a page of the store', () => {
  it('carries the headers a shop sends, and a policy that allows scripts from the shell and the composed remotes only', async () => {
    const response = await fetch(shellUrl('/shop'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // Plain http here: no HSTS (a browser ignores it on http anyway).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // The one inline script: the server-rendered page's event replay, allowed by its hash.
    expect([...(policy.get('script-src') ?? [])].sort()).toEqual(["'self'", REPLAY_SCRIPT_HASH, ...remoteOrigins()].sort());
    // No other inline script runs and nothing is evaluated from text.
    for (const name of ['script-src', 'default-src']) {
      expect(policy.get(name)).not.toContain("'unsafe-inline'");
      expect(policy.get(name)).not.toContain("'unsafe-eval'");
    }
  });

  it('runs under that policy: a shopper browses, opens a product full screen and adds it to the cart without one violation', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    const violations = await watchViolations(page);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    await page.goto(shellUrl('/shop'));
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    // The lightbox is lightgallery's code and stylesheet, loaded when reached for.
    await page.getByRole('button', { name: /^Open picture 1 of \d+ full screen$/ }).click();
    await page.locator('.lg-counter').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    // In the cart before the shopper goes to it: a page left mid-request would take the add with it.
    await page.getByText(`${product.name} has been added to cart`).first().waitFor();
    await page.goto(shellUrl('/cart'));
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByText(product.name).first().waitFor();
    expect(await violations()).toEqual([]);
    expect(errors.filter((error) => /Content Security Policy|EvalError|unsafe-eval/i.test(error))).toEqual([]);
    await context.close();
  });

});

describe('nothing private in public', () => {
  async function someFile(folder: string, pattern: RegExp): Promise<string> {
    const found = (await fs.readdir(folder)).find((name) => pattern.test(name));
    if (!found) throw new Error(`${folder} has no file like ${pattern}: build it first`);
    return found;
  }

  it('the shell serves no source map and no server bundle, however asked; its scripts name no map', async () => {
    const dist = path.join(ROOT, 'shell/dist');
    const map = await someFile(dist, /^main\..*\.js\.map$/);
    const script = map.replace(/\.map$/, '');
    const served = await fetch(shellUrl(`/${script}`));
    expect(served.status).toBe(200);
    expect(await served.text()).not.toContain('sourceMappingURL');
    for (const asked of [`/${map}`, `/${map.toUpperCase()}`, '/server/render.js', '/%73erver/render.js', '/server%2Frender.js', '/./server/render.js']) {
      const answer = await fetch(shellUrl(asked));
      expect([asked, answer.status]).toEqual([asked, 404]);
    }
  });

  it('every remote serves its server container, for the shell’s server, and no source map, from its working build or a release folder', async () => {
    for (const remote of REMOTES) {
      const version = packageVersion(remote);
      const map = await someFile(path.join(ROOT, remote, 'dist', version), /\.js\.map$/);
      const origin = new URL(remoteUrls()[remote] ?? '').origin;
      expect((await fetch(`${origin}/${version}/remoteEntry.js`)).status).toBe(200);
      expect((await fetch(`${origin}/${version}/server/remoteEntry.js`)).status).toBe(200);
      for (const asked of [`/${version}/${map}`, `/${version}/server/${map}`, `/${version}/%73erver/${map}`, `/releases/${version}/server/${map}`]) {
        const answer = await fetch(`${origin}${asked}`);
        expect([remote, asked, answer.status]).toEqual([remote, asked, 404]);
      }
    }
  });
});

describe('the proxy chain', () => {
  /** The same edge with a load balancer on loopback in front of it (TRUST_PROXY=127.0.0.1). */
  let behindBalancer: FastifyInstance;
  let balancerUrl: string;

  beforeAll(async () => {
    const ports = e2ePorts();
    behindBalancer = await buildShellEdge({
      dist: path.join(ROOT, 'shell/dist'),
      apiUrl: apiUrl('/').replace(/\/$/, ''),
      composition: {
        ports,
        publicHost: 'localhost',
        file: compositionFile(),
        // The versions the store the suite started serves.
        workingVersions: workingVersions(),
        shellManifest: path.join(ROOT, 'shell/dist/mf-manifest.json'),
        knownGoodAfterMs: DEFAULT_KNOWN_GOOD_AFTER_MS,
      },
      trustProxy: '127.0.0.1',
    });
    await behindBalancer.listen({ port: 0, host: '127.0.0.1' });
    const address = behindBalancer.server.address();
    if (!address || typeof address === 'string') throw new Error('the edge is not listening on a port');
    balancerUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await behindBalancer?.close();
  });

  const shopper = () => ({
    first_name: 'Thabo',
    last_name: 'Mokoena',
    email: `thabo.chain.${Date.now()}.${Math.random().toString(36).slice(2)}@example.co.za`,
    password: 'a long and secret phrase',
    phone: '0825550199',
  });

  async function register(base: string, headers: Record<string, string>): Promise<Response> {
    return fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(shopper()) });
  }

  it('https at the balancer reaches the api: the session cookie is Secure and the page sends HSTS; a client claiming https itself gets neither', async () => {
    const trusted = await register(balancerUrl, { 'x-forwarded-proto': 'https' });
    expect(trusted.status).toBe(201);
    expect(trusted.headers.getSetCookie().join('\n')).toMatch(/;\s*Secure/i);
    const page = await fetch(`${balancerUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(directives(page.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);

    const claimed = await register(shellUrl('/').replace(/\/$/, ''), { 'x-forwarded-proto': 'https' });
    expect(claimed.status).toBe(201);
    expect(claimed.headers.getSetCookie().join('\n')).not.toMatch(/;\s*Secure/i);
    expect((await fetch(shellUrl('/'), { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('the api counts a client by the address the trusted chain names, and not by one a client claims', async () => {
    const client = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
    const message = (n: number) => ({ name: 'Lindiwe Dube', email: 'lindiwe@example.co.za', subject: `Order question ${n}`, message: 'When will my parcel reach Durban, please?' });
    const send = (base: string, forwardedFor: string, n: number) =>
      fetch(`${base}/api/contact-messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify(message(n)) });
    // The api takes ten messages from one client in ten minutes.
    for (let n = 1; n <= 10; n += 1) expect((await send(balancerUrl, client, n)).status).toBe(201);
    expect((await send(balancerUrl, client, 11)).status).toBe(429);
    // Another client behind the same balancer is not held back…
    expect((await send(balancerUrl, '203.0.113.250', 12)).status).toBe(201);
    // …and a client of the store's own edge (which trusts no proxy) claiming to be that client is counted as itself.
    expect((await send(shellUrl('/').replace(/\/$/, ''), client, 13)).status).toBe(201);
  });
});

describe('npm run edge: an edge process on its own', () => {
  /** Starts scripts/edge.ts as a shop starts one of its edges; resolves with its output once it serves, or rejects with it. */
  function startEdgeProcess(extra: NodeJS.ProcessEnv): { child: ChildProcess; serving: Promise<string> } {
    const ports = e2ePorts();
    const { DATABASE_URL: _none, ...environment } = process.env;
    const child = spawn(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', path.join(ROOT, 'scripts', 'edge.ts')], {
      cwd: ROOT,
      env: {
        ...environment,
        SHELL_PORT: String(ports.shell + 40),
        CATALOG_PORT: String(ports.remotes['mfe-catalog']),
        PRODUCT_PORT: String(ports.remotes['mfe-product']),
        CART_PORT: String(ports.remotes['mfe-cart']),
        ACCOUNT_PORT: String(ports.remotes['mfe-account']),
        API_URLS: apiUrl('/').replace(/\/$/, ''),
        COMPOSITION_FILE: compositionFile(),
        ...extra,
      },
    });
    let output = '';
    const serving = new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('The edge serves')) resolve(output);
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    return { child, serving };
  }

  it('serves the shop from the composition, forwarding /api to the api it is given', async () => {
    const edge = startEdgeProcess({});
    try {
      expect(await edge.serving).toContain(`The edge serves production at http://localhost:${e2ePorts().shell + 40}`);
      const base = `http://127.0.0.1:${e2ePorts().shell + 40}`;
      const [own, store] = await Promise.all([fetch(`${base}/composition.json`), fetch(shellUrl('/composition.json'))]);
      const versions = (answer: { remotes: Record<string, { version: string }> }) => Object.fromEntries(Object.entries(answer.remotes).map(([remote, entry]) => [remote, entry.version]));
      expect(versions((await own.json()) as never)).toEqual(versions((await store.json()) as never));
      const page = await fetch(`${base}/shop`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('data-remote="mfe-catalog"');
      expect((await fetch(`${base}/api/products?limit=1`)).status).toBe(200);
    } finally {
      edge.child.kill('SIGTERM');
    }
  }, 120_000);

  it('refuses to start with a DATABASE_URL: remote code runs in it', async () => {
    const edge = startEdgeProcess({ DATABASE_URL: 'postgres://owner:hunter2@127.0.0.1:5432/shop' });
    await expect(edge.serving).rejects.toThrow(/exited with 1: \[edge\] an edge is given no DATABASE_URL/);
  });
});

/**
 * Render threads with a stand-in for the shell's server bundle (a real one needs the builds): it
 * draws in the thread, the edge's own event loop stays free meanwhile, a thread that dies costs
 * only its pages' server render until it is started again, and a thread holds none of the edge's
 * keys: not its environment's secrets, not the composition store.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import type { CompositionDocument } from '@storefront/release-state';
import { renderThreadEnvironment, RenderThreads, type RenderThreadsOptions } from './renderThreads';
import type { PageRequest } from './serverRender';

/**
 * Draws `<p>drawn in thread N</p>`, or on /shop/count `<p>page K of thread N</p>` (K counts the
 * thread's pages); /shop/slow holds its thread for 300 ms; /shop/exit ends it; /shop/env shows
 * the names in the thread's environment and whether it has DATABASE_URL; /shop/loaded the server
 * entries it has loaded.
 */
const STAND_IN = `
const { threadId } = require('node:worker_threads');
let drawn = 0;
const loaded = [];
const shell = {
  renderShellPage: ({ region }) => ({ html: '<main>' + (region ? region.html : '') + '</main>', css: '' }),
  loadServerRemote: ({ entry }) => { loaded.push(entry); return Promise.resolve({
    renderRegion: async ({ pathname }) => {
      if (pathname === '/shop/exit') process.exit(3);
      if (pathname === '/shop/env') return { html: JSON.stringify({ names: Object.keys(process.env), databaseUrl: process.env.DATABASE_URL !== undefined }), css: '' };
      if (pathname === '/shop/loaded') return { html: JSON.stringify(loaded), css: '' };
      if (pathname === '/shop/slow') { const until = Date.now() + 300; while (Date.now() < until); }
      drawn += 1;
      if (pathname === '/shop/count') return { html: '<p>page ' + drawn + ' of thread ' + threadId + '</p>', css: '' };
      return { html: '<p>drawn in thread ' + threadId + '</p>', css: '' };
    },
  }); },
  dropServerRemote: () => undefined,
};
module.exports = Promise.resolve(shell);
`;

let work: string;
let origin: http.Server;
let threads: RenderThreads;
let source: Omit<RenderThreadsOptions, 'threads'>;
const log = jest.fn();

/** A version of a remote on the test's origin. */
function versionOf(version: string): { version: string; manifest: string } {
  const { port } = origin.address() as AddressInfo;
  return { version, manifest: `http://127.0.0.1:${port}/${version}/mf-manifest.json` };
}

function request(pathname: string): PageRequest {
  return { pathname, search: '', viewportWidth: 1280, remotes: { 'mfe-catalog': versionOf('1.0.0') }, config: { apiBase: 'http://127.0.0.1:9' } };
}

/**
 * Sets variables (deleted: undefined) in this test file's process.env, jest's copy, which the
 * edge's code reads, and in the process's own, which a thread started without `env` is given:
 * through a thread that shares it.
 */
async function setEnvironment(values: Record<string, string | undefined>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const setter = new Worker(
    "for (const [name, value] of Object.entries(require('node:worker_threads').workerData)) { if (value === null) delete process.env[name]; else process.env[name] = value; }",
    { eval: true, env: SHARE_ENV, workerData: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value ?? null])) },
  );
  await once(setter, 'exit');
}

/** What the page's region drew: the JSON /shop/env and /shop/loaded answer with. */
function regionOf(html: string | undefined): unknown {
  return JSON.parse(/^<main>(.*)<\/main>$/.exec(html ?? '')?.[1] ?? 'null');
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'render-threads-'));
  await writeFile(path.join(work, 'render.js'), STAND_IN);
  // The remote's origin: its server entry is there (the thread asks before loading it).
  origin = http.createServer((_request, response) => response.writeHead(200).end());
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const remotes: CompositionDocument['remotes'] = { 'mfe-catalog': versionOf('1.0.0'), 'mfe-product': versionOf('1.0.0'), 'mfe-cart': versionOf('1.0.0'), 'mfe-account': versionOf('1.0.0') };
  source = { shellBundle: path.join(work, 'render.js'), live: async () => ({ ...remotes }), timeoutMs: 2000 };
  threads = await RenderThreads.start({ ...source, threads: 1, log });
}, 30_000);

afterAll(async () => {
  await threads?.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

describe('render threads', () => {
  it('draw a page in a thread of their own', async () => {
    expect(threads.readyThreads()).toBe(1);
    const page = await threads.render(request('/'));
    expect(page?.html).toMatch(/^<main><p>drawn in thread [1-9]\d*<\/p><\/main>$/);
  });

  it('leave the edge’s event loop free while a page is drawn', async () => {
    let longestGap = 0;
    let last = Date.now();
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 5);
    const page = await threads.render(request('/shop/slow'));
    clearInterval(ticker);
    expect(page?.html).toContain('drawn in thread');
    // The render held its thread for 300 ms; this one ticked on.
    expect(longestGap).toBeLessThan(100);
  });

  it('send the page to the browser when a thread dies, and start it again', async () => {
    expect(await threads.render(request('/shop/exit'))).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('render thread 0 stopped (exit 3): started again in 1 s'));
    // Until it is back, pages go to the browser at once.
    expect(threads.readyThreads()).toBe(0);
    expect(await threads.render(request('/'))).toBeNull();
    for (const deadline = Date.now() + 20_000; threads.readyThreads() === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await threads.render(request('/')))?.html).toContain('drawn in thread');
  }, 30_000);

  it('keep a page waiting its turn when every thread has its fill in hand, a skeleton ahead of the pages asked before it', async () => {
    const busy = await RenderThreads.start({ ...source, threads: 1, maxPending: 1, log });
    try {
      const order: string[] = [];
      const drawn = (name: string) => (page: Awaited<ReturnType<typeof busy.render>>) => {
        order.push(name);
        return page;
      };
      const slow = busy.render(request('/shop/slow')).then(drawn('slow'));
      const next = busy.render(request('/')).then(drawn('next'));
      const skeleton = busy.render({ ...request('/'), skeleton: true }).then(drawn('skeleton'));
      expect((await next)?.html).toContain('drawn in thread');
      expect((await slow)?.html).toContain('drawn in thread');
      // The frame alone, the region's skeleton in its place.
      expect((await skeleton)?.html).toBe('<main></main>');
      expect((await skeleton)?.skeleton).toBe(true);
      expect(order).toEqual(['slow', 'skeleton', 'next']);
    } finally {
      await busy.close();
    }
  }, 30_000);

  it('try a thread whose server code fails to load again less and less often, drawing nothing meanwhile', async () => {
    await writeFile(path.join(work, 'broken.js'), "throw new Error('the build is broken');");
    const failing = jest.fn();
    const broken = await RenderThreads.start({ ...source, shellBundle: path.join(work, 'broken.js'), threads: 1, log: failing });
    try {
      expect(broken.readyThreads()).toBe(0);
      expect(await broken.render(request('/'))).toBeNull();
      for (const deadline = Date.now() + 10_000; failing.mock.calls.filter(([line]) => String(line).includes('stopped')).length < 2 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const waits = failing.mock.calls.flatMap(([line]) => /started again in (\d+) s/.exec(String(line))?.[1] ?? []);
      expect(waits.slice(0, 2)).toEqual(['1', '2']);
    } finally {
      await broken.close();
    }
  }, 30_000);

  it('give up a page not drawn in its time, waiting included, and count its render as the thread’s work until it is done', async () => {
    const late = await RenderThreads.start({ ...source, timeoutMs: 100, threads: 1, maxPending: 1, log });
    try {
      const started = Date.now();
      expect(await late.render(request('/shop/slow'))).toBeNull();
      expect(Date.now() - started).toBeLessThan(250);
      // The thread is still drawing it: the next page waits its turn, and is given up unsent at its time.
      expect(await late.render(request('/'))).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await late.render(request('/')))?.html).toContain('drawn in thread');
    } finally {
      await late.close();
    }
  }, 30_000);

  it('warm every thread up on the pages they are given before shoppers’ pages, and a thread started again too', async () => {
    const pool = await RenderThreads.start({ ...source, threads: 2, log });
    try {
      // Each thread draws the page once, however long it takes; the page comes back, for the guests' last good render.
      const warmed = await pool.warm([request('/shop/slow')]);
      expect(warmed.map((page) => page?.html.includes('drawn in thread'))).toEqual([true]);
      const firstPages = await Promise.all([pool.render(request('/shop/count')), pool.render(request('/shop/count'))]);
      const shown = firstPages.map((page) => /page (\d+) of thread (\d+)/.exec(page?.html ?? '')?.slice(1));
      expect(shown.map((parts) => parts?.[0])).toEqual(['2', '2']);
      expect(new Set(shown.map((parts) => parts?.[1])).size).toBe(2);
      // A thread that stops is started again, and draws the warm-up page before it takes pages.
      const ended = pool.render(request('/shop/exit'));
      expect(await ended).toBeNull();
      for (const deadline = Date.now() + 20_000; pool.readyThreads() < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.readyThreads()).toBe(2);
      const after = await Promise.all([pool.render(request('/shop/count')), pool.render(request('/shop/count'))]);
      const counts = after.map((page) => /page (\d+) of/.exec(page?.html ?? '')?.[1]).sort();
      // The thread kept from before is on its third page; the new one on its second, after the warm-up.
      expect(counts).toEqual(['2', '3']);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('start a thread with none of the edge’s environment but the harmless variables', () => {
    const harmless = {
      NODE_ENV: 'production',
      TZ: 'UTC',
      LANG: 'en_GB.UTF-8',
      LC_ALL: 'en_GB.UTF-8',
      LIGHTGALLERY_LICENSE_KEY: '1234-5678-901-2345',
      PATH: '/usr/bin',
      HOME: '/home/edge',
      TMPDIR: '/tmp',
    };
    const env = {
      ...harmless,
      DATABASE_URL: 'postgres://owner:hunter2@db/shop',
      COMPOSITION_READER_URL: 'postgres://reader:secret@db/shop',
      TELEMETRY_SECRET: 'x'.repeat(40),
      SESSION_SECRET: 'y'.repeat(40),
      GITHUB_TOKEN: 'ghp_x',
      PGPASSWORD: 'hunter2',
      LANGUAGE: undefined,
    };
    expect(renderThreadEnvironment(env)).toEqual(harmless);
  });

  it('a render thread cannot see DATABASE_URL or the secrets', async () => {
    const before = { DATABASE_URL: process.env.DATABASE_URL, TELEMETRY_SECRET: process.env.TELEMETRY_SECRET };
    await setEnvironment({ DATABASE_URL: 'postgres://owner:hunter2@db/shop', TELEMETRY_SECRET: 'x'.repeat(40) });
    let pool: RenderThreads | undefined;
    try {
      pool = await RenderThreads.start({ ...source, threads: 1, log });
      const page = await pool.render(request('/shop/env'));
      const seen = regionOf(page?.html) as { names: string[]; databaseUrl: boolean };
      expect(seen.databaseUrl).toBe(false);
      expect(seen.names).not.toContain('DATABASE_URL');
      expect(seen.names).not.toContain('TELEMETRY_SECRET');
      if (process.env.NODE_ENV !== undefined) expect(seen.names).toContain('NODE_ENV');
    } finally {
      await pool?.close();
      await setEnvironment(before);
    }
  }, 30_000);

  it('the live remotes come from the edge’s thread', async () => {
    let catalog = versionOf('1.0.0');
    const pool = await RenderThreads.start({ ...source, live: async () => ({ 'mfe-catalog': catalog }), threads: 1, log });
    try {
      const entryOf = (version: string) => new URL(`/${version}/server/remoteEntry.js`, versionOf(version).manifest).href;
      const loaded = async () => regionOf((await pool.render(request('/shop/loaded')))?.html) as string[];
      expect(await loaded()).toEqual([entryOf('1.0.0')]);
      catalog = versionOf('1.0.1');
      const changed = Date.now();
      // No page names 1.0.1: the edge's thread tells the thread it is live, and it loads it.
      while (!(await loaded()).includes(entryOf('1.0.1')) && Date.now() - changed < 2_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await loaded()).toEqual([entryOf('1.0.0'), entryOf('1.0.1')]);
    } finally {
      await pool.close();
    }
  }, 30_000);
});

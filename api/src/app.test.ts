/**
 * The api is assembled from folders, not from a list: every shared plugin (plugins/) and every
 * module (modules/<area>/routes.ts) is autoloaded. A folder that autoload skipped would take its
 * routes with it silently; these tests name what must be there.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from './testing/testDatabases';

const modulesDir = path.join(__dirname, 'modules');
const MODULES = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_PLUGINS = ['errors', 'cross-site', 'personal-answers', 'text-input', 'openapi', 'cookies', 'database', 'limits', 'rate-limits', 'mail', 'password-hashing', 'expiry', 'shopper', 'product-changes'];

describe.each(testDatabases())('the api’s assembly ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx?.close());

  it('has each module’s one entry file, routes.ts', () => {
    expect(MODULES.length).toBeGreaterThanOrEqual(15);
    expect(MODULES.filter((module) => !existsSync(path.join(modulesDir, module, 'routes.ts')))).toEqual([]);
  });

  it('registers every shared plugin and every module, each under its own name', () => {
    const tree = ctx.app.printPlugins();
    const registered = (name: string) => new RegExp(`^[│ ]*[└├]─[─┬] ${name} `, 'm').test(tree);
    expect(SHARED_PLUGINS.filter((name) => !registered(name))).toEqual([]);
    expect(MODULES.filter((name) => !registered(name))).toEqual([]);
  });

  it('serves a route of each area through the modules', async () => {
    const paths = ['/health', '/products?limit=1', '/categories', '/search/suggest?q=tee', '/cart', '/wishlist', '/shop/disclosures', '/docs/openapi.json'];
    const answers = await Promise.all(paths.map((url) => ctx.app.inject({ url })));
    expect(answers.map((answer) => `${answer.statusCode} ${paths[answers.indexOf(answer)]}`)).toEqual(paths.map((url) => `200 ${url}`));
  });

  it('gives a shopper a cookie on their own routes, and none on the public, cached ones', async () => {
    const cart = await ctx.app.inject({ url: '/cart' });
    expect(String(cart.headers['set-cookie'])).toMatch(/sf_shopper=/);
    for (const url of ['/shop/disclosures', '/products/1']) {
      expect((await ctx.app.inject({ url })).headers['set-cookie']).toBeUndefined();
    }
  });
});

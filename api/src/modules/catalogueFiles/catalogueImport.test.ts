/**
 * Importing a shop's Shopify product CSV into a store with its sample catalogue, through the api
 * as the command line does: all or nothing, idempotent, updates by handle and SKU, the store
 * showing the change, pictures made in the background, and the file written back out the same.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Order, Product } from '@storefront/shared/types';
import { newMachineToken } from '../../identity/machineCredential';
import { registration } from '../../testing/accounts';
import { addLine, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import type { ImportOutcome } from './applyImport';
import { PUBLIC_FETCH_LIMITS } from '../../net/publicFetch';
import { makeNextPicture } from './pictureStore';

jest.setTimeout(120_000);

const FIXTURES = path.join(__dirname, 'fixtures');
const FIXTURE_CSV = fs.readFileSync(path.join(FIXTURES, 'shop.csv'), 'utf8');

type ImportAnswer = Omit<ImportOutcome, 'picturesWaiting' | 'dryRun'> & { pictures_waiting: number; dry_run: boolean };

describe.each(testDatabases())('importing a shop’s catalogue file ($name)', (target) => {
  let ctx: TestApp;
  const machine = newMachineToken();
  const auth = { authorization: `Bearer ${machine.token}` };
  const files: Record<string, { digest: string }> = {};

  beforeAll(async () => {
    ctx = await startTestApp(target, { machineTokenHash: machine.hash, makePictures: false, unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS, limits: ROOMY_RATE_LIMITS });
    // The pictures beside the file, sent as the command line sends them.
    for (const name of ['pictures/dress-navy.jpg', 'pictures/dress-red.png', 'pictures/mug.webp']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/operator/catalogue/pictures', headers: { ...auth, 'content-type': 'application/octet-stream' }, payload: fs.readFileSync(path.join(FIXTURES, name)) });
      expect(response.statusCode).toBe(200);
      files[name] = response.json<{ digest: string }>();
    }
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function importCsv(csv: string, options: { dry_run?: boolean; remove_missing?: boolean; files?: object } = {}): Promise<ImportAnswer> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/operator/catalogue/import',
      headers: auth,
      payload: { csv, files: options.files ?? files, dry_run: options.dry_run ?? false, remove_missing: options.remove_missing ?? false },
    });
    expect(response.statusCode).toBe(200);
    // What a running store shows next: the write has been heard by its caches.
    await ctx.app.productDetailCache.sync();
    return response.json<ImportAnswer>();
  }

  const product = async (link: string) => ctx.app.inject({ url: `/products/${link}` });
  const search = async (words: string) => (await ctx.app.inject({ url: `/products?search=${encodeURIComponent(words)}` })).json<Product[]>();
  const exportCsv = async () => (await ctx.app.inject({ url: '/operator/catalogue/export.csv', headers: auth })).body;
  const makeAllPictures = async () => {
    while (await makeNextPicture(ctx.database));
    await ctx.app.productDetailCache.sync();
  };

  it('brings the file’s products into the store: search, listing, facets and the product page, with variants, sale and stock', async () => {
    const outcome = await importCsv(FIXTURE_CSV);
    expect(outcome).toMatchObject({ ok: true, problems: [], rows: 5, created: 2, updated: 0, unchanged: 0, pictures_waiting: 3 });

    expect((await search('karoo linen')).map((found) => found.link)).toEqual(['karoo-linen-dress']);
    const dress = (await product('karoo-linen-dress')).json<Product>();
    expect(dress).toMatchObject({
      name: 'Karoo Linen Dress',
      price: 1099,
      on_sale_price: 899,
      description: 'A loose linen dress for hot Karoo days.\n\n• 100% linen\n\n• Hand wash',
      short_description: 'A loose linen dress for hot Karoo days.',
      has_variants: true,
      stock: 13,
      colours: [expect.objectContaining({ name: 'navy', code: '#000080' }), expect.objectContaining({ name: 'red' })],
      sizes: [expect.objectContaining({ name: 's' }), expect.objectContaining({ name: 'm' })],
      categories: [expect.objectContaining({ name: 'Clothing' }), expect.objectContaining({ name: 'Dresses' })],
      // Until its pictures are made, the product shows the store's placeholder.
      small_pictures: [],
      large_pictures: [],
    });
    // The new category is a listing of its own, and a facet.
    const dresses = (await ctx.app.inject({ url: `/products?category=${dress.categories[1]?.id}` })).json<Product[]>();
    expect(dresses.map((found) => found.link)).toEqual(['karoo-linen-dress']);
    const mug = (await product('enamel-camp-mug')).json<Product>();
    expect(mug).toMatchObject({ price: 149, on_sale_price: null, has_variants: false, stock: 25, sku: 'VG-MUG-01', colours: [], sizes: [] });
  });

  it('makes the pictures in the store’s two sizes as WebP, each colour’s picture marked, and serves them', async () => {
    await makeAllPictures();
    const dress = (await product('karoo-linen-dress')).json<Product>();
    expect(dress.large_pictures).toEqual([
      { url: expect.stringMatching(/^catalogue\/[0-9a-z]+\/[0-9a-f]{64}-large\.webp$/), width: 800, height: 800, colour: 'navy' },
      { url: expect.stringMatching(/-large\.webp$/), width: 800, height: 800, colour: 'red' },
    ]);
    expect(dress.small_pictures.map(({ width, height }) => ({ width, height }))).toEqual([
      { width: 400, height: 400 },
      { width: 400, height: 400 },
    ]);
    const served = await ctx.app.inject({ url: `/images/${dress.small_pictures[0]?.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // A picture is served only under the product that shows it.
    const elsewhere = (dress.small_pictures[0]?.url ?? '').replace(dress.id, 'someoneelse');
    expect((await ctx.app.inject({ url: `/images/${elsewhere}` })).statusCode).toBe(404);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await ctx.database.query<{ snapshot: string }>(
      `SELECT json_agg(row_to_json(p) ORDER BY p.seq)::text AS snapshot FROM (SELECT * FROM products WHERE link IN ('karoo-linen-dress', 'enamel-camp-mug')) p`,
    );
    const pictures = await ctx.database.query<{ snapshot: string }>('SELECT json_agg(row_to_json(s) ORDER BY product_id, position)::text AS snapshot FROM picture_sources s');
    expect(await importCsv(FIXTURE_CSV)).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 2, pictures_waiting: 0 });
    const after = await ctx.database.query<{ snapshot: string }>(
      `SELECT json_agg(row_to_json(p) ORDER BY p.seq)::text AS snapshot FROM (SELECT * FROM products WHERE link IN ('karoo-linen-dress', 'enamel-camp-mug')) p`,
    );
    expect(after.rows[0]?.snapshot).toBe(before.rows[0]?.snapshot);
    expect((await ctx.database.query<{ snapshot: string }>('SELECT json_agg(row_to_json(s) ORDER BY product_id, position)::text AS snapshot FROM picture_sources s')).rows[0]?.snapshot).toBe(
      pictures.rows[0]?.snapshot,
    );
  });

  it('writes the catalogue back as the same format, and importing that export changes nothing', async () => {
    const exported = await exportCsv();
    expect(exported.startsWith('\ufeffHandle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name')).toBe(true);
    expect(exported).toContain('karoo-linen-dress,Karoo Linen Dress,<p>A loose linen dress for hot Karoo days.</p><p>• 100% linen</p><p>• Hand wash</p>,Jacaranda Studio,Apparel & Accessories > Clothing > Dresses,Dresses,"summer, linen",TRUE,Colour,Navy,Size,S,,,KLD-NAV-S,4,899.00,1099.00,pictures/dress-navy.jpg,1,Karoo Linen Dress in navy,pictures/dress-navy.jpg,active');
    // The sample catalogue's products the first time: their variants are recorded then.
    await importCsv(exported);
    const again = await exportCsv();
    const outcome = await importCsv(again);
    expect(outcome).toMatchObject({ ok: true, created: 0, updated: 0 });
    expect(outcome.unchanged).toBeGreaterThan(2);
    expect(await exportCsv()).toBe(again);
  });

  it('updates products by handle and variants by SKU from a changed file: price, stock, a new variant', async () => {
    const changed = FIXTURE_CSV.replace('KLD-NAV-S,4,899.00,1 099.00', 'KLD-NAV-S,9,849.00,1 099.00')
      .replace(/KLD-NAV-M,6,899.00/, 'KLD-NAV-M,6,849.00')
      .replace(/KLD-RED-S,0,899.00/, 'KLD-RED-S,0,849.00')
      .replace(/KLD-RED-M,3,899.00,1 099.00,,,,pictures\/dress-red.png,/, 'KLD-RED-M,3,849.00,1 099.00,,,,pictures/dress-red.png,\nkaroo-linen-dress,,,,,,,,,Red,,L,,,KLD-RED-L,2,849.00,1 099.00,,,,,');
    expect(await importCsv(changed)).toMatchObject({ ok: true, created: 0, updated: 1, unchanged: 1 });
    const dress = (await product('karoo-linen-dress')).json<Product>();
    expect(dress).toMatchObject({ on_sale_price: 849, stock: 20, sizes: [expect.objectContaining({ name: 's' }), expect.objectContaining({ name: 'm' }), expect.objectContaining({ name: 'l' })] });
    const variants = await ctx.database.query<{ sku: string; stock: number }>(`SELECT sku, stock FROM product_variants WHERE sku LIKE 'KLD-%' ORDER BY position`);
    expect(variants.rows).toEqual([
      { sku: 'KLD-NAV-S', stock: 9 },
      { sku: 'KLD-NAV-M', stock: 6 },
      { sku: 'KLD-RED-S', stock: 0 },
      { sku: 'KLD-RED-M', stock: 3 },
      { sku: 'KLD-RED-L', stock: 2 },
    ]);
    // Its pictures were not touched: still made.
    expect(dress.large_pictures).toHaveLength(2);
  });

  it('sells each colour and size from its own count, and a later price never changes a placed order', async () => {
    const dress = (await product('karoo-linen-dress')).json<Product>();
    const shopper = shopperSession(ctx.app);
    await shopper.request({ method: 'POST', url: '/auth/register', payload: registration(`catalogue.${process.pid}.${target.name}@example.co.za`) });
    // Red in S has none, though the dress has 20 in all: it cannot be added.
    const redS = await shopper.request({ method: 'POST', url: '/cart', payload: { id: `${dress.id}-red-s`, qty: 1, colour: 'red', size: 's' } });
    expect([redS.statusCode, redS.json<{ error: string }>().error]).toEqual([409, 'out_of_stock']);
    // A line is capped at its own colour and size's count (9), not the dress's (20).
    expect((await addLine(shopper, dress, 50, 'navy', 's')).qty).toBe(9);
    // Should the count fall after the add, checkout refuses the line, naming what is left.
    await ctx.database.query(`UPDATE product_variants SET stock = 1 WHERE sku = 'KLD-NAV-S'`);
    const short = await postOrder(shopper, deliveryOrder());
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ error: 'insufficient_stock', lines: [expect.objectContaining({ requested: 9, available: 1 })] });
    await ctx.database.query(`UPDATE product_variants SET stock = 9 WHERE sku = 'KLD-NAV-S'`);
    const key = `${dress.id}-navy-s`;
    expect((await shopper.request({ method: 'PATCH', url: `/cart/${encodeURIComponent(key)}`, payload: { id: key, qty: 2, colour: 'navy', size: 's' } })).statusCode).toBe(200);
    const placed = await postOrder(shopper, deliveryOrder());
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    const navy = await ctx.database.query<{ stock: number }>(`SELECT stock FROM product_variants WHERE sku = 'KLD-NAV-S'`);
    expect(navy.rows[0]?.stock).toBe(7);
    expect((await product('karoo-linen-dress')).json<Product>().stock).toBe(18);

    await importCsv(FIXTURE_CSV.replace(/899\.00/g, '999.00'));
    expect((await product('karoo-linen-dress')).json<Product>().on_sale_price).toBe(999);
    const kept = (await shopper.request({ url: `/orders/${order.id}` })).json<Order>();
    expect(kept.lines[0]).toMatchObject({ price: 849, qty: 2 });
  });

  it('imports nothing from a file with a bad row, and lists every problem with its line', async () => {
    const bad = `${FIXTURE_CSV.trimEnd()}\nnew-scarf,Silk Scarf,,,,,,TRUE,Title,Default Title,,,,,SCARF-1,3,"R 1 299,00",,,,,,active\nbroken,,,,,,,TRUE,Title,Default Title,,,,,BRK-1,3,-5,,,,,,active\n`;
    const outcome = await importCsv(bad);
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toEqual([
      { line: 8, column: '"Title" (B)', message: 'the product has no title' },
      { line: 8, column: '"Variant Price" (Q)', message: 'the price is negative ("-5")' },
    ]);
    expect((await product('new-scarf')).statusCode).toBe(404);
  });

  it('refuses a SKU another product has, and a picture the command line could not read, with their lines', async () => {
    const onlyDress = FIXTURE_CSV.split('\n').filter((line) => !line.startsWith('enamel-camp-mug')).join('\n');
    const taken = `${onlyDress.trimEnd()}\nnew-scarf,Silk Scarf,,,,,,TRUE,Title,Default Title,,,,,VG-MUG-01,3,100,,pictures/missing.jpg,1,,,active\n`;
    const outcome = await importCsv(taken, { files: { ...files, 'pictures/missing.jpg': { missing: 'no file /shop/pictures/missing.jpg' } } });
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toEqual([
      { line: 6, column: '"Variant SKU"', message: 'the SKU "VG-MUG-01" belongs to another product of the shop ("enamel-camp-mug")' },
      { line: 6, column: '"Image Src"', message: 'cannot read the picture "pictures/missing.jpg": no file /shop/pictures/missing.jpg' },
    ]);
    expect((await product('new-scarf')).statusCode).toBe(404);
  });

  it('checks without writing on a dry run, and unpublishes the products a file no longer has with --remove-missing', async () => {
    const onlyDress = FIXTURE_CSV.split('\n').filter((line) => !line.startsWith('enamel-camp-mug')).join('\n');
    const dry = await importCsv(onlyDress, { dry_run: true, remove_missing: true });
    expect(dry).toMatchObject({ ok: true, dry_run: true });
    expect(dry.unpublished).toBeGreaterThan(1);
    expect((await product('enamel-camp-mug')).statusCode).toBe(200);

    const done = await importCsv(onlyDress, { remove_missing: true });
    expect(done.unpublished).toBe(dry.unpublished);
    expect((await product('enamel-camp-mug')).statusCode).toBe(404);
    expect(await search('enamel mug')).toEqual([]);
    expect((await ctx.app.inject({ url: '/products?limit=100' })).json<Product[]>().map((found) => found.link)).toEqual(['karoo-linen-dress']);
    // Published again by a file that has it.
    await importCsv(FIXTURE_CSV);
    expect((await product('enamel-camp-mug')).statusCode).toBe(200);
  });

  it('keeps a formula-looking title as text, guarded in the export and unguarded again on import', async () => {
    const csv = `${HEADER_OF(FIXTURE_CSV)}\nformula-mug,"=HYPERLINK(""http://x"")",,,,,,TRUE,Title,Default Title,,,,,FX-1,1,10,,,,,,active\n`;
    expect(await importCsv(csv)).toMatchObject({ ok: true, created: 1 });
    expect((await product('formula-mug')).json<Product>().name).toBe('=HYPERLINK("http://x")');
    const exported = await exportCsv();
    expect(exported).toContain(`formula-mug,"'=HYPERLINK(""http://x"")"`);
    const line = exported.split('\r\n').find((row) => row.startsWith('formula-mug')) as string;
    expect(await importCsv(`${HEADER_OF(exported.slice(1))}\n${line}\n`)).toMatchObject({ ok: true, unchanged: 1 });
  });

  it('lets only the command line on the api’s machine import: a shopper, an operator in the browser and a stranger are refused', async () => {
    const payload = { csv: FIXTURE_CSV, files, dry_run: false, remove_missing: false };
    expect((await ctx.app.inject({ method: 'POST', url: '/operator/catalogue/import', payload })).statusCode).toBe(401);
    const shopper = shopperSession(ctx.app);
    await shopper.request({ method: 'POST', url: '/auth/register', payload: registration(`not.staff.${process.pid}.${target.name}@example.co.za`) });
    expect((await shopper.request({ method: 'POST', url: '/operator/catalogue/import', payload })).statusCode).toBe(403);
    await ctx.database.query(`UPDATE users SET role = 'operator' WHERE email = $1`, [`not.staff.${process.pid}.${target.name}@example.co.za`]);
    const asOperator = await shopper.request({ method: 'POST', url: '/operator/catalogue/import', payload });
    expect(asOperator.statusCode).toBe(403);
    expect(asOperator.json()).toMatchObject({ message: expect.stringContaining('npm run catalogue') });
    expect((await shopper.request({ url: '/operator/catalogue/export.csv' })).statusCode).toBe(403);
  });

  it('judges a picture by its bytes: SVG, text named .jpg and an empty body are refused', async () => {
    const send = (payload: Buffer) => ctx.app.inject({ method: 'POST', url: '/operator/catalogue/pictures', headers: { ...auth, 'content-type': 'application/octet-stream' }, payload });
    const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject({ message: 'body: SVG files are not taken: send a JPEG, PNG or WebP' });
    expect((await send(Buffer.from('just some text pretending to be a jpeg'))).json()).toMatchObject({ message: 'body: the file is not a picture the store can read' });
    expect((await send(Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('marks a picture whose address is not public as failed, and says why', async () => {
    const csv = `${HEADER_OF(FIXTURE_CSV)}\ninside-job,Inside Job,,,,,,TRUE,Title,Default Title,,,,,IJ-1,1,10,,http://169.254.169.254/latest/meta-data,1,,,active\n`;
    expect(await importCsv(csv)).toMatchObject({ ok: true, created: 1, pictures_waiting: 1 });
    await makeAllPictures();
    const report = (await ctx.app.inject({ url: '/operator/catalogue/pictures', headers: auth })).json<{ failed: { link: string; problem: string }[] }>();
    expect(report.failed).toEqual([{ link: 'inside-job', source: 'http://169.254.169.254/latest/meta-data', problem: '169.254.169.254 is not a public address' }]);
    expect((await product('inside-job')).json<Product>().small_pictures).toEqual([]);
  });
});

describe.each(testDatabases())('making a picture whose server is busy ($name)', (target) => {
  let ctx: TestApp;
  let server: http.Server;
  let port = 0;
  let answers = 0;
  const machine = newMachineToken();

  beforeAll(async () => {
    ctx = await startTestApp(target, { machineTokenHash: machine.hash, makePictures: false });
    server = http.createServer((_request, response) => {
      answers += 1;
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  }, DATABASE_TIMEOUT_MS);

  it('tries again 30 s and then 60 s later, and then marks it failed with why', async () => {
    const csv = `${HEADER_OF(FIXTURE_CSV)}\nbusy-server,Busy Server,,,,,,TRUE,Title,Default Title,,,,,BUSY-1,1,10,,http://127.0.0.1:${port}/picture.jpg,1,,,active\n`;
    const imported = await ctx.app.inject({ method: 'POST', url: '/operator/catalogue/import', headers: { authorization: `Bearer ${machine.token}` }, payload: { csv, files: {}, dry_run: false, remove_missing: false } });
    expect(imported.json()).toMatchObject({ ok: true, pictures_waiting: 1 });
    // This test's own server stands in for a public one.
    const options = { fetchLimits: { ...PUBLIC_FETCH_LIMITS, isAllowedAddress: (address: string) => address === '127.0.0.1' } };
    const state = async () => (await ctx.database.query<{ state: string; attempts: number; problem: string | null }>(`SELECT state, attempts, problem FROM picture_sources s JOIN products p ON p.id = s.product_id WHERE p.link = 'busy-server'`)).rows[0];
    expect(await makeNextPicture(ctx.database, options)).toBe(true);
    expect(await state()).toEqual({ state: 'waiting', attempts: 1, problem: 'the server answered 503' });
    // Not due yet.
    expect(await makeNextPicture(ctx.database, options)).toBe(false);
    expect(answers).toBe(1);
    const later = (seconds: number) => ctx.database.query(`UPDATE picture_sources SET changed_at = changed_at - make_interval(secs => $1)`, [seconds]);
    await later(31);
    expect(await makeNextPicture(ctx.database, options)).toBe(true);
    expect(await state()).toMatchObject({ state: 'waiting', attempts: 2 });
    await later(61);
    expect(await makeNextPicture(ctx.database, options)).toBe(true);
    expect(await state()).toEqual({ state: 'failed', attempts: 3, problem: 'the server answered 503' });
    expect(answers).toBe(3);
  });
});

function HEADER_OF(csv: string): string {
  return csv.split(/\r?\n/)[0] as string;
}

/**
 * The shop's staff editing products (/operator/products): who may, creating and saving products
 * (a stale save refused with what changed), pictures, and stock with its history, where a count
 * never frees nor counts twice the units open orders hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Order, Product } from '@storefront/shared/types';
import type { OperatorProductSchema, Static } from '@storefront/contracts';
import { newMachineToken } from '../../identity/machineCredential';
import { registration } from '../../testing/accounts';
import { addLine, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { startScheduledSales } from './editing';

jest.setTimeout(120_000);

type OperatorProduct = Static<typeof OperatorProductSchema>;

const PICTURE = fs.readFileSync(path.join(__dirname, '../catalogueFiles/fixtures/pictures/dress-navy.jpg'));

const form = (overrides: Partial<OperatorProduct['product']> = {}): OperatorProduct['product'] => ({
  name: 'Sedgefield Linen Shirt',
  description: 'A linen shirt for the coast.\n\nWash cold.',
  categories: ['fashion'],
  colours: ['navy', 'sand'],
  sizes: ['s', 'm'],
  price: 499,
  sale: null,
  published: true,
  ...overrides,
});

let counter = 0;

describe.each(testDatabases())('staff editing products ($name)', (target) => {
  let ctx: TestApp;
  let editor: ShopperSession;
  let editorEmail: string;
  const machine = newMachineToken();

  async function account(catalogue: boolean | null): Promise<{ session: ShopperSession; email: string }> {
    counter += 1;
    const email = `staff.${process.pid}.${target.name}.${counter}@example.co.za`;
    const session = shopperSession(ctx.app);
    expect((await session.request({ method: 'POST', url: '/auth/register', payload: registration(email) })).statusCode).toBe(201);
    if (catalogue !== null) {
      const granted = await ctx.app.inject({ method: 'POST', url: '/operator/operators', headers: { authorization: `Bearer ${machine.token}` }, payload: { email, catalogue } });
      expect(granted.statusCode).toBe(200);
    }
    return { session, email };
  }

  beforeAll(async () => {
    ctx = await startTestApp(target, { machineTokenHash: machine.hash, unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS, limits: ROOMY_RATE_LIMITS });
    ({ session: editor, email: editorEmail } = await account(true));
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const create = async (product = form()) => {
    const response = await editor.request({ method: 'POST', url: '/operator/products', payload: { product } });
    expect(response.statusCode).toBe(201);
    return response.json<OperatorProduct>();
  };
  const save = (id: string, base: OperatorProduct['product'], next: OperatorProduct['product']) => editor.request({ method: 'PUT', url: `/operator/products/${id}`, payload: { base, next } });
  const stock = (id: string, body: object) => editor.request({ method: 'POST', url: `/operator/products/${id}/stock`, payload: body });
  const storePage = async (link: string) => ctx.app.inject({ url: `/products/${link}` });

  it('lets only operators with the catalogue role in: a guest, a shopper and an operator who runs orders are refused', async () => {
    expect((await ctx.app.inject({ url: '/operator/products' })).statusCode).toBe(401);
    const shopper = await account(null);
    expect((await shopper.session.request({ url: '/operator/products' })).statusCode).toBe(403);
    const ordersOnly = await account(false);
    const refused = await ordersOnly.session.request({ method: 'POST', url: '/operator/products', payload: { product: form() } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'no_catalogue_role', message: expect.stringContaining('npm run operators -- add <email> --catalogue') });
    expect((await ordersOnly.session.request({ url: '/operator/orders' })).statusCode).toBe(200);
    expect((await editor.request({ url: '/operator/products' })).statusCode).toBe(200);
  });

  it('creates a product in two colours and two sizes that shoppers find at once, with no stock until it is counted', async () => {
    const made = await create();
    expect(made.link).toBe('sedgefield-linen-shirt');
    expect(made.variants.map(({ colour, size, stock }) => ({ colour, size, stock }))).toEqual([
      { colour: 'navy', size: 's', stock: 0 },
      { colour: 'navy', size: 'm', stock: 0 },
      { colour: 'sand', size: 's', stock: 0 },
      { colour: 'sand', size: 'm', stock: 0 },
    ]);
    const found = (await ctx.app.inject({ url: '/products?search=sedgefield' })).json<Product[]>();
    expect(found.map((product) => product.link)).toEqual(['sedgefield-linen-shirt']);
    expect(found[0]).toMatchObject({ price: 499, out_of_stock: true, colours: [expect.objectContaining({ name: 'navy', code: '#000080' }), expect.objectContaining({ name: 'sand' })] });
    // The same name again gets an address of its own.
    expect((await create()).link).toBe('sedgefield-linen-shirt-2');
    const list = (await editor.request({ url: '/operator/products?q=sedgefield' })).json<{ products: { link: string }[]; total: number }>();
    expect(list.total).toBe(2);
  });

  it('refuses bad input by field and writes nothing', async () => {
    for (const [product, field] of [
      [form({ price: -1 }), 'price'],
      [form({ name: '   ' }), 'name'],
      [form({ sale: { price: 600, starts_at: null, ends_at: null } }), 'sale.price'],
      [form({ categories: ['no-such-category'] }), 'categories'],
      [form({ sale: { price: 100, starts_at: '2030-01-02T00:00:00.000Z', ends_at: '2030-01-01T00:00:00.000Z' } }), 'sale.ends_at'],
    ] as const) {
      const response = await editor.request({ method: 'POST', url: '/operator/products', payload: { product } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    expect((await editor.request({ url: '/operator/products?q=sedgefield' })).json<{ total: number }>().total).toBe(2);
  });

  it('records every stock change with who, when, how many and why; a count leaves the units open orders hold with them', async () => {
    const product = await create(form({ name: 'Knysna Fleece' }));
    const navyS = product.variants[0]?.sku as string;
    expect((await stock(product.id, { sku: navyS, reason: 'counted', quantity: 5, note: 'opening count' })).json<OperatorProduct>().variants[0]).toMatchObject({ stock: 5, held: 0 });
    expect((await stock(product.id, { sku: navyS, reason: 'received', quantity: 3 })).json<OperatorProduct>().variants[0]?.stock).toBe(8);
    const tooMany = await stock(product.id, { sku: navyS, reason: 'damaged', quantity: 9 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json<{ message: string }>().message).toBe('quantity: only 8 in stock to take 9 from');

    // A shopper orders 2: they leave the sellable stock and are held by the order.
    const shopper = shopperSession(ctx.app);
    const page = (await storePage(product.link)).json<Product>();
    await addLine(shopper, page, 2, 'navy', 's');
    expect((await postOrder(shopper, deliveryOrder())).statusCode).toBe(201);
    const afterOrder = (await editor.request({ url: `/operator/products/${product.id}` })).json<OperatorProduct>();
    expect(afterOrder.variants[0]).toMatchObject({ stock: 6, held: 2 });

    // Counting the 8 units in the shop (the 2 set aside included) changes nothing; counting 1 is refused.
    const counted = (await stock(product.id, { sku: navyS, reason: 'counted', quantity: 8 })).json<OperatorProduct>();
    expect(counted.variants[0]).toMatchObject({ stock: 6, held: 2 });
    const below = await stock(product.id, { sku: navyS, reason: 'counted', quantity: 1 });
    expect(below.statusCode).toBe(409);
    expect(below.json<{ message: string }>().message).toContain('open orders hold 2');
    const damaged = (await stock(product.id, { sku: navyS, reason: 'damaged', quantity: 1, note: 'torn seam' })).json<OperatorProduct>();
    expect(damaged.variants[0]?.stock).toBe(5);
    expect((await storePage(product.link)).json<Product>().stock).toBe(5);
    expect(damaged.history.map(({ by, reason, quantity, change, stock_after, note }) => ({ by, reason, quantity, change, stock_after, note }))).toEqual([
      { by: editorEmail, reason: 'damaged', quantity: 1, change: -1, stock_after: 5, note: 'torn seam' },
      { by: editorEmail, reason: 'counted', quantity: 8, change: 0, stock_after: 6, note: '' },
      { by: editorEmail, reason: 'received', quantity: 3, change: 3, stock_after: 8, note: '' },
      { by: editorEmail, reason: 'counted', quantity: 5, change: 5, stock_after: 5, note: 'opening count' },
    ]);
    expect((await stock(product.id, { sku: 'NOT-ITS-SKU', reason: 'received', quantity: 1 })).statusCode).toBe(400);
  });

  it('saves a form over the product, and refuses a second save from a stale form with what changed', async () => {
    const product = await create(form({ name: 'Hermanus Hoodie', price: 650 }));
    const loadedByA = product.product;
    const loadedByB = product.product;
    const first = await save(product.id, loadedByA, { ...loadedByA, price: 599, description: '<p>Warm &amp; <b>soft</b>.</p><script>alert(1)</script>' });
    expect(first.statusCode).toBe(200);
    expect(first.json<OperatorProduct>().product).toMatchObject({ price: 599, description: 'Warm & soft.' });
    const second = await save(product.id, loadedByB, { ...loadedByB, name: 'Hermanus Hoodie (blue)' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'edit_conflict', changed: ['description', 'price'], current: { price: 599, name: 'Hermanus Hoodie' } });
    expect((await storePage(product.link)).json<Product>()).toMatchObject({ name: 'Hermanus Hoodie', price: 599 });
  });

  it('keeps a placed order’s price when the price changes, and hides an unpublished product', async () => {
    const product = await create(form({ name: 'Paternoster Cap', colours: [], sizes: [], price: 120 }));
    expect(product.variants).toEqual([{ sku: product.sku, colour: null, size: null, stock: 0, held: 0 }]);
    await stock(product.id, { sku: product.sku, reason: 'received', quantity: 4 });
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, (await storePage(product.link)).json<Product>(), 1);
    const order = (await postOrder(shopper, deliveryOrder())).json<Order>();
    await save(product.id, product.product, { ...product.product, price: 150 });
    expect((await storePage(product.link)).json<Product>().price).toBe(150);
    expect((await shopper.request({ url: `/orders/${order.id}` })).json<Order>().lines[0]?.price).toBe(120);
    await save(product.id, { ...product.product, price: 150 }, { ...product.product, price: 150, published: false });
    expect((await storePage(product.link)).statusCode).toBe(404);
  });

  it('starts a sale set for later when its time comes', async () => {
    const product = await create(form({ name: 'Langebaan Sarong', colours: [], sizes: [], price: 300, sale: { price: 240, starts_at: new Date(Date.now() + 3_600_000).toISOString(), ends_at: null } }));
    expect((await storePage(product.link)).json<Product>().on_sale_price).toBeNull();
    expect(product.product.sale).toMatchObject({ price: 240, starts_at: expect.any(String) });
    await ctx.database.query(`UPDATE products SET sale_starts_at = now() - interval '1 minute' WHERE id = $1`, [product.id]);
    expect(await startScheduledSales(ctx.database)).toBe(1);
    expect((await storePage(product.link)).json<Product>().on_sale_price).toBe(240);
  });

  it('takes pictures by their bytes, made at once, shown by colour and in the order staff set', async () => {
    const product = await create(form({ name: 'Wilderness Wrap' }));
    const upload = (bytes: Buffer) =>
      editor.request({ method: 'POST', url: `/operator/products/${product.id}/pictures`, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(400);
    expect((await upload(PICTURE)).statusCode).toBe(200);
    const two = (await upload(fs.readFileSync(path.join(__dirname, '../catalogueFiles/fixtures/pictures/dress-red.png')))).json<OperatorProduct>();
    expect(two.pictures.map(({ position, state }) => ({ position, state }))).toEqual([
      { position: 1, state: 'ready' },
      { position: 2, state: 'ready' },
    ]);
    const arranged = await editor.request({
      method: 'PUT',
      url: `/operator/products/${product.id}/pictures`,
      payload: { pictures: [{ position: 2, colour: 'sand', alt: 'In sand' }, { position: 1, colour: 'navy', alt: 'In navy' }] },
    });
    expect(arranged.statusCode).toBe(200);
    const shown = (await storePage(product.link)).json<Product>();
    expect(shown.large_pictures.map((picture) => picture.colour)).toEqual(['sand', 'navy']);
    expect((await ctx.app.inject({ url: `/images/${shown.small_pictures[0]?.url}` })).headers['content-type']).toBe('image/webp');
    expect((await upload(PICTURE)).json()).toMatchObject({ error: 'same_picture', message: 'body: this picture is already the product’s picture 2' });
    // "All colours" is null, as the form sends it.
    const allColours = await editor.request({
      method: 'PUT',
      url: `/operator/products/${product.id}/pictures`,
      payload: { pictures: [{ position: 1, colour: null, alt: '' }, { position: 2, colour: 'navy', alt: 'In navy' }] },
    });
    expect(allColours.json<OperatorProduct>().pictures.map((picture) => picture.colour)).toEqual([null, 'navy']);
    const wrongColour = await editor.request({ method: 'PUT', url: `/operator/products/${product.id}/pictures`, payload: { pictures: [{ position: 1, colour: 'purple', alt: '' }] } });
    expect(wrongColour.statusCode).toBe(400);
  });

  it('will not drop a colour whose variants still hold stock', async () => {
    const product = await create(form({ name: 'Clarens Beanie' }));
    await stock(product.id, { sku: product.variants[2]?.sku, reason: 'received', quantity: 2 });
    const refused = await save(product.id, product.product, { ...product.product, colours: ['navy'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('still has 2 in stock');
    const fine = await save(product.id, product.product, { ...product.product, colours: ['navy', 'sand', 'olive'] });
    expect(fine.json<OperatorProduct>().variants.map((variant) => `${variant.colour}/${variant.size}:${variant.stock}`)).toEqual([
      'navy/s:0',
      'navy/m:0',
      'sand/s:2',
      'sand/m:0',
      'olive/s:0',
      'olive/m:0',
    ]);
  });
});

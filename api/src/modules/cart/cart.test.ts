import { cartLineKey, effectivePrice } from '@storefront/shared/domain';
import type { CartItem, CartItemPayload, Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

const CART_ITEM_KEYS = [
  'available_stock',
  'colour',
  'colour_code',
  'has_variants',
  'id',
  'link',
  'name',
  'price',
  'product_id',
  'qty',
  'size',
  'small_pictures',
].sort();

/** What the storefront sends (docs/behaviour.md#calls-and-fallbacks): the key plus what it shows, which the api must not trust. */
function payloadFor(product: Product, qty: number, colour?: string, size?: string): CartItemPayload {
  return {
    id: cartLineKey(product, colour, size),
    name: product.name,
    price: product.price,
    has_variants: product.has_variants,
    small_pictures: product.small_pictures,
    qty,
    ...(colour ? { colour } : {}),
    ...(size ? { size } : {}),
    ...(colour ? { colour_code: product.colours.find((c) => c.name === colour)?.code ?? '' } : {}),
  };
}

describe.each(testDatabases())('cart ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];
  let variantProduct: Product;
  let simpleProduct: Product;
  let soldOut: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
    variantProduct = pickProduct(
      catalogue,
      (p) => p.has_variants && p.colours.length > 1 && p.sizes.length > 1 && p.stock >= 10,
      'variant product with stock',
    );
    simpleProduct = pickProduct(catalogue, (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
    soldOut = pickProduct(catalogue, (p) => p.stock === 0, 'sold-out product');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** Gives a product exactly `stock` units, so caps can be checked against a known number. */
  async function setStock(product: Product, stock: number): Promise<void> {
    await ctx.database.query('UPDATE products SET stock = $2 WHERE id = $1', [product.id, stock]);
  }

  async function shopperRows(session: ShopperSession): Promise<number> {
    const id = session.cookie?.split('=')[1] ?? '';
    const rows = await ctx.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM shoppers WHERE id = $1)::int + (SELECT count(*) FROM cart_lines WHERE shopper_id = $1)::int AS n`,
      [id],
    );
    return rows.rows[0]?.n ?? -1;
  }

  const colourOf = (product: Product, index = 0) => product.colours[index]?.name ?? '';
  const sizeOf = (product: Product, index = 0) => product.sizes[index]?.name ?? '';

  test('a line’s life: GET 404 while absent → POST → GET → PATCH → DELETE', async () => {
    const shopper = shopperSession(ctx.app);
    const colour = colourOf(variantProduct, 1);
    const size = sizeOf(variantProduct, 1);
    const key = cartLineKey(variantProduct, colour, size);

    const missing = await shopper.request({ url: `/cart/${key}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: `No cart line "${key}"` });

    const created = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(variantProduct, 2, colour, size) });
    expect(created.statusCode).toBe(201);
    const item = created.json<CartItem>();
    expect(variantProduct.small_pictures.some((picture) => picture.colour === colour)).toBe(true);
    expect(item.small_pictures[0]?.colour).toBe(colour);
    expect(Object.keys(item).sort()).toEqual(CART_ITEM_KEYS);
    expect(item).toEqual({
      id: key,
      product_id: variantProduct.id,
      link: variantProduct.link,
      name: variantProduct.name,
      price: effectivePrice(variantProduct),
      has_variants: true,
      // Its own colour's pictures first, so the cart shows the colour chosen.
      small_pictures: [
        ...variantProduct.small_pictures.filter((picture) => picture.colour === colour),
        ...variantProduct.small_pictures.filter((picture) => picture.colour !== colour),
      ],
      qty: 2,
      size,
      colour,
      colour_code: variantProduct.colours[1]?.code,
      available_stock: variantProduct.available_stock,
    });

    const read = await shopper.request({ url: `/cart/${key.toUpperCase()}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(item);

    const updated = await shopper.request({
      method: 'PATCH',
      url: `/cart/${key}`,
      payload: payloadFor(variantProduct, 5, colour, size),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<CartItem>().qty).toBe(5);

    const list = await shopper.request({ url: '/cart' });
    expect(list.json<CartItem[]>()).toEqual([{ ...item, qty: 5 }]);

    const removed = await shopper.request({ method: 'DELETE', url: `/cart/${key}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ...item, qty: 5 });
    expect((await shopper.request({ url: '/cart' })).json()).toEqual([]);
    expect((await shopper.request({ method: 'DELETE', url: `/cart/${key}` })).statusCode).toBe(404);
  });

  test('DELETE ignores the item the storefront may send along with it', async () => {
    const shopper = shopperSession(ctx.app);
    await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) });
    const removed = await shopper.request({ method: 'DELETE', url: `/cart/${simpleProduct.id}`, payload: payloadFor(simpleProduct, 1) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<CartItem>().id).toBe(simpleProduct.id);
  });

  test('a simple product is keyed by its id and has no variant fields', async () => {
    const shopper = shopperSession(ctx.app);
    const created = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: simpleProduct.id, size: null, colour: null, colour_code: null, has_variants: false });
  });

  test('the price, name and pictures come from the catalogue, not from the client', async () => {
    const shopper = shopperSession(ctx.app);
    const created = await shopper.request({
      method: 'POST',
      url: '/cart',
      payload: { ...payloadFor(simpleProduct, 1), name: 'Free stuff', price: 0.01, small_pictures: [] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: simpleProduct.name,
      price: effectivePrice(simpleProduct),
      small_pictures: simpleProduct.small_pictures,
    });
  });

  test('a sale price is what the shopper pays', async () => {
    const onSale = pickProduct(catalogue, (p) => p.on_sale_price !== null && p.stock > 0 && !p.has_variants, 'simple product on sale');
    const shopper = shopperSession(ctx.app);
    const created = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(onSale, 1) });
    expect(created.json<CartItem>().price).toBe(effectivePrice(onSale));
    expect(created.json<CartItem>().price).toBeLessThan(onSale.price);
  });

  test('posting the same line twice adds the quantities', async () => {
    const shopper = shopperSession(ctx.app);
    await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 2) });
    const second = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 3) });
    expect(second.statusCode).toBe(201);
    expect(second.json<CartItem>().qty).toBe(5);
    expect((await shopper.request({ url: '/cart' })).json<CartItem[]>()).toHaveLength(1);
  });

  test('quantities are capped at the available stock', async () => {
    const product = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0 && p.id !== simpleProduct.id, 'second simple product');
    await setStock(product, 4);
    const shopper = shopperSession(ctx.app);
    const first = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(product, 9) });
    expect(first.json()).toMatchObject({ qty: 4, available_stock: 4 });
    const more = await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(product, 1) });
    expect(more.json<CartItem>().qty).toBe(4);
    const patched = await shopper.request({ method: 'PATCH', url: `/cart/${product.id}`, payload: payloadFor(product, 50) });
    expect(patched.json<CartItem>().qty).toBe(4);
    await setStock(product, product.stock);
  });

  test('20 parallel adds of one unit to the same line give exactly 20', async () => {
    await setStock(simpleProduct, 60);
    const shopper = shopperSession(ctx.app);
    // The first request issues the cookie; the parallel ones must all be the same shopper.
    await shopper.request({ url: '/cart' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    const line = await shopper.request({ url: `/cart/${simpleProduct.id}` });
    expect(line.json<CartItem>().qty).toBe(20);
  });

  test('four tabs of one shopper adding one unit at once: the line ends at 4, each answer the line as its add left it', async () => {
    // The storefront adds with this one POST and shows the line it answers (docs/decisions/0001-atomic-cart-adds.md).
    await setStock(simpleProduct, 60);
    const shopper = shopperSession(ctx.app);
    await shopper.request({ url: '/cart' });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.map((answer) => answer.json<CartItem>().qty).sort()).toEqual([1, 2, 3, 4]);
    expect((await shopper.request({ url: '/cart' })).json<CartItem[]>()).toEqual([expect.objectContaining({ id: simpleProduct.id, qty: 4 })]);
  });

  test('20 parallel adds stop at the stock', async () => {
    const product = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0 && p.id !== simpleProduct.id, 'second simple product');
    await setStock(product, 7);
    const shopper = shopperSession(ctx.app);
    await shopper.request({ url: '/cart' });
    await Promise.all(
      Array.from({ length: 20 }, () => shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(product, 1) })),
    );
    expect((await shopper.request({ url: `/cart/${product.id}` })).json<CartItem>().qty).toBe(7);
    await setStock(product, product.stock);
  });

  test('lines are listed oldest first', async () => {
    const shopper = shopperSession(ctx.app);
    const colour = colourOf(variantProduct);
    const size = sizeOf(variantProduct);
    await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) });
    await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(variantProduct, 1, colour, size) });
    await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) });
    const ids = (await shopper.request({ url: '/cart' })).json<CartItem[]>().map((item) => item.id);
    expect(ids).toEqual([simpleProduct.id, cartLineKey(variantProduct, colour, size)]);
  });

  describe('bad input answers 4xx { error, message } and writes nothing', () => {
    const cases: [string, () => object, number, string][] = [
      ['an unknown body field', () => ({ ...payloadFor(simpleProduct, 1), discount: 50 }), 400, 'bad_request'],
      ['qty 0', () => payloadFor(simpleProduct, 0), 400, 'bad_request'],
      ['a negative qty', () => payloadFor(simpleProduct, -2), 400, 'bad_request'],
      ['a fractional qty', () => payloadFor(simpleProduct, 1.5), 400, 'bad_request'],
      ['a missing qty', () => ({ id: simpleProduct.id }), 400, 'bad_request'],
      ['a missing id', () => ({ qty: 1 }), 400, 'bad_request'],
      ['an unknown product', () => ({ ...payloadFor(simpleProduct, 1), id: '99999' }), 404, 'not_found'],
      ['a sold-out product', () => payloadFor(soldOut, 1, colourOf(soldOut), sizeOf(soldOut)), 409, 'out_of_stock'],
      [
        'a variant key that does not match the options',
        () => ({ ...payloadFor(variantProduct, 1, colourOf(variantProduct), sizeOf(variantProduct)), id: cartLineKey(variantProduct, colourOf(variantProduct, 1), sizeOf(variantProduct)) }),
        400,
        'key_mismatch',
      ],
      [
        'a variant product keyed like a simple one',
        () => ({ ...payloadFor(variantProduct, 1, colourOf(variantProduct), sizeOf(variantProduct)), id: variantProduct.id }),
        400,
        'key_mismatch',
      ],
      ['a variant product without a colour', () => payloadFor(variantProduct, 1, undefined, sizeOf(variantProduct)), 400, 'invalid_variant'],
      ['a variant product without a size', () => payloadFor(variantProduct, 1, colourOf(variantProduct), undefined), 400, 'invalid_variant'],
      [
        'a colour the product does not come in',
        () => {
          const colour = ['black', 'blue', 'green', 'indigo', 'red'].find((name) => !variantProduct.colours.some((c) => c.name === name)) ?? 'purple';
          return payloadFor(variantProduct, 1, colour, sizeOf(variantProduct));
        },
        400,
        'invalid_variant',
      ],
      ['a simple product with a variant key', () => ({ ...payloadFor(simpleProduct, 1), id: `${simpleProduct.id}-red-m` }), 400, 'key_mismatch'],
    ];

    test.each(cases)('POST /cart with %s', async (_, payload, status, error) => {
      const shopper = shopperSession(ctx.app);
      const response = await shopper.request({ method: 'POST', url: '/cart', payload: payload() });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error, message: expect.any(String) });
      expect((await shopper.request({ url: '/cart' })).json()).toEqual([]);
      expect(await shopperRows(shopper)).toBe(0);
    });

    test.each([
      ['invalid JSON', '{"id": "1", "qty": ', 'application/json', 400],
      ['an empty JSON body', '', 'application/json', 400],
      ['a form body', 'id=1&qty=1', 'application/x-www-form-urlencoded', 415],
      ['a text body', 'id=1', 'text/plain', 415],
      ['an array', '[]', 'application/json', 400],
      ['an oversized body', JSON.stringify({ id: '1', qty: 1, name: 'x'.repeat(70 * 1024) }), 'application/json', 413],
    ])('POST /cart with %s', async (_, body, contentType, status) => {
      const shopper = shopperSession(ctx.app);
      const response = await shopper.request({ method: 'POST', url: '/cart', payload: body, headers: { 'content-type': contentType } });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      expect(await shopperRows(shopper)).toBe(0);
    });

    test('PATCH with a body id other than the path key, or qty 0, changes nothing', async () => {
      const shopper = shopperSession(ctx.app);
      await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 2) });
      const otherId = catalogue.find((p) => !p.has_variants && p.id !== simpleProduct.id)?.id ?? 'x';
      const mismatch = await shopper.request({
        method: 'PATCH',
        url: `/cart/${simpleProduct.id}`,
        payload: { ...payloadFor(simpleProduct, 1), id: otherId },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ error: 'key_mismatch', message: expect.any(String) });
      const zero = await shopper.request({ method: 'PATCH', url: `/cart/${simpleProduct.id}`, payload: payloadFor(simpleProduct, 0) });
      expect(zero.statusCode).toBe(400);
      const unknownField = await shopper.request({
        method: 'PATCH',
        url: `/cart/${simpleProduct.id}`,
        payload: { ...payloadFor(simpleProduct, 1), product_id: simpleProduct.id },
      });
      expect(unknownField.statusCode).toBe(400);
      expect((await shopper.request({ url: `/cart/${simpleProduct.id}` })).json<CartItem>().qty).toBe(2);
    });

    test('PATCH of a line not in the cart is a 404 and creates nothing', async () => {
      const shopper = shopperSession(ctx.app);
      const response = await shopper.request({ method: 'PATCH', url: `/cart/${simpleProduct.id}`, payload: payloadFor(simpleProduct, 1) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: `No cart line "${simpleProduct.id}"` });
      expect(await shopperRows(shopper)).toBe(0);
    });

    test('PATCH of a line whose product sold out meanwhile is a 409', async () => {
      const product = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0 && p.id !== simpleProduct.id, 'second simple product');
      const shopper = shopperSession(ctx.app);
      await shopper.request({ method: 'POST', url: '/cart', payload: payloadFor(product, 1) });
      await setStock(product, 0);
      const response = await shopper.request({ method: 'PATCH', url: `/cart/${product.id}`, payload: payloadFor(product, 2) });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'out_of_stock', message: expect.any(String) });
      expect((await shopper.request({ url: `/cart/${product.id}` })).json<CartItem>().qty).toBe(1);
      await setStock(product, product.stock);
    });

    test('GET /cart with a query parameter is a 400', async () => {
      const response = await ctx.app.inject({ url: '/cart?all=1' });
      expect(response.statusCode).toBe(400);
    });
  });

  test("shopper B neither sees nor changes shopper A's lines", async () => {
    const a = shopperSession(ctx.app);
    const b = shopperSession(ctx.app);
    await a.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 3) });
    expect((await b.request({ url: '/cart' })).json()).toEqual([]);
    expect((await b.request({ url: `/cart/${simpleProduct.id}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'PATCH', url: `/cart/${simpleProduct.id}`, payload: payloadFor(simpleProduct, 1) })).statusCode).toBe(404);
    expect((await b.request({ method: 'DELETE', url: `/cart/${simpleProduct.id}` })).statusCode).toBe(404);
    const bAdds = await b.request({ method: 'POST', url: '/cart', payload: payloadFor(simpleProduct, 1) });
    expect(bAdds.json<CartItem>().qty).toBe(1);
    expect((await a.request({ url: `/cart/${simpleProduct.id}` })).json<CartItem>().qty).toBe(3);
  });
});

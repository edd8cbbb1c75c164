import { randomUUID } from 'node:crypto';
import { cartLineKey } from '@storefront/shared/domain';
import type { Address, Order, Product, ProductReview, User } from '@storefront/shared/types';
import type { InjectOptions } from 'fastify';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { registration } from '../testing/accounts';
import { shopperSession, type ShopperSession } from '../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';

// Each account costs a scrypt hash at OWASP's cost.
jest.setTimeout(60_000);

/** Every table a request can write; each is fingerprinted whole to prove a refused request wrote nothing. */
const WRITTEN_TABLES = [
  'shoppers',
  'users',
  'sessions',
  'login_failures',
  'password_reset_tokens',
  'sign_in_codes',
  'mail_outbox',
  'addresses',
  'cart_lines',
  'wishlist_items',
  'orders',
  'order_lines',
  'order_idempotency_keys',
  'reviews',
  'newsletter_subscribers',
  'contact_messages',
  'products',
] as const;

const DIRECTION_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const DIRECTION_MESSAGE = 'must not contain characters that change the direction of text';

let counter = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return registration(`text.${process.pid}.${counter}@example.co.za`, overrides);
}

const address = { label: 'Home', recipient: 'Thandi Mokoena', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' };
const contactMessage = { name: 'Sipho Ndlovu', email: 'sipho@example.co.za', phone: '082 123 4567', subject: 'Delivery', message: 'Do you deliver to Soweto?' };
const order = {
  contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
  delivery: { method: 'delivery', street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
  payment_method: 'cod',
};

/** Who sends a request: a new browser, or the signed-in member (who has a cart line and an address). */
type Sender = 'guest' | 'member';
/** Builds the request with `text(valid)` in one field, where `text` spoils (or keeps) the valid value. */
type Build = (text: (valid: string) => string) => InjectOptions;
type FieldCase = [field: string, sender: Sender, build: Build];

function post(url: string, payload: object): InjectOptions {
  return { method: 'POST', url, payload };
}

/** A text in a path segment, as a browser would encode it. */
function segment(text: string): string {
  return encodeURIComponent(text);
}

describe.each(testDatabases())('text input ($name)', (target) => {
  let ctx: TestApp;
  let simple: Product;
  let variant: Product;
  let member: ShopperSession;
  let memberAddressId: string;
  let memberLineKey: string;

  beforeAll(async () => {
    // Every field's refusals are sent from one address: the limits per address are not the subject.
    ctx = await startTestApp(target, { limits: ROOMY_RATE_LIMITS });
    const catalogue = await fetchCatalogue(ctx.app);
    simple = pickProduct(catalogue, (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
    variant = pickProduct(catalogue, (p) => p.has_variants && p.colours.length > 0 && p.sizes.length > 0, 'variant product');
    member = shopperSession(ctx.app);
    expect((await member.request(post('/auth/register', newAccount()))).statusCode).toBe(201);
    const saved = await member.request(post('/account/addresses', address));
    expect(saved.statusCode).toBe(201);
    memberAddressId = saved.json<Address & { id: string }>().id;
    memberLineKey = cartLineKey(simple);
    expect((await member.request(post('/cart', { id: memberLineKey, qty: 1 }))).statusCode).toBe(201);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** The whole content of every table a request could write, hashed. */
  async function snapshot(): Promise<Record<string, string | null>> {
    const fingerprints: Record<string, string | null> = {};
    for (const table of WRITTEN_TABLES) {
      const rows = await ctx.database.query<{ fingerprint: string | null }>(
        `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS fingerprint FROM ${table} t`,
      );
      fingerprints[table] = rows.rows[0]?.fingerprint ?? null;
    }
    return fingerprints;
  }

  function send(sender: Sender, options: InjectOptions) {
    return (sender === 'member' ? member : shopperSession(ctx.app)).request(options);
  }

  /** Sends the request and expects exactly `answer` as a 400, with nothing written anywhere. */
  async function expectRefused(sender: Sender, options: InjectOptions, answer: { error: string; message: string }) {
    const before = await snapshot();
    const response = await send(sender, options);
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 400, body: answer });
    expect(await snapshot()).toEqual(before);
  }

  /** Every text a client can send, route by route: path parameters, query strings and bodies. */
  const textFields = (): FieldCase[] => {
    const line = () => ({ id: cartLineKey(variant, variant.colours[0]?.name, variant.sizes[0]?.name), qty: 1 });
    return [
      ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
      ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
      ['body/email', 'guest', (t) => post('/auth/register', newAccount({ email: t('thandi@example.co.za') }))],
      ['body/password', 'guest', (t) => post('/auth/register', newAccount({ password: t('correct horse battery') }))],
      ['body/phone', 'guest', (t) => post('/auth/register', newAccount({ phone: t('082 123 4567') }))],
      ['body/email', 'guest', (t) => post('/auth/login', { email: t('thandi@example.co.za'), password: 'correct horse battery' })],
      ['body/password', 'guest', (t) => post('/auth/login', { email: 'thandi@example.co.za', password: t('correct horse battery') })],
      ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
      ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
      ['body/phone', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { phone: t('073 111 2222') } })],
      ['body/email', 'guest', (t) => post('/auth/forgot-password', { email: t('thandi@example.co.za') })],
      ['body/token', 'guest', (t) => post('/auth/reset-password', { token: t('abcdefghijklmnop'), password: 'a new long password' })],
      ['body/password', 'guest', (t) => post('/auth/reset-password', { token: 'abcdefghijklmnop', password: t('a new long password') })],
      ...(['label', 'recipient', 'street', 'suburb', 'city', 'province', 'postal_code'] as const).flatMap((name): FieldCase[] => [
        [`body/${name}`, 'member', (t) => post('/account/addresses', { ...address, [name]: t(address[name]) })],
        [`body/${name}`, 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${memberAddressId}`, payload: { ...address, [name]: t(address[name]) } })],
      ]),
      ['params/id', 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${segment(t(memberAddressId))}`, payload: address })],
      ['params/id', 'member', (t) => ({ method: 'DELETE', url: `/account/addresses/${segment(t(memberAddressId))}` })],
      ...(['first_name', 'last_name', 'email', 'phone'] as const).map((name): FieldCase => [
        `body/contact/${name}`,
        'member',
        (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
      ]),
      ...(['method', 'street', 'suburb', 'city', 'province', 'postal_code'] as const).map((name): FieldCase => [
        `body/delivery/${name}`,
        'member',
        (t) => ({ ...post('/orders', { ...order, delivery: { ...order.delivery, [name]: t(order.delivery[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
      ]),
      ['body/payment_method', 'member', (t) => ({ ...post('/orders', { ...order, payment_method: t('cod') }), headers: { 'idempotency-key': randomUUID() } })],
      ['params/id', 'member', (t) => ({ method: 'GET', url: `/orders/${segment(t(randomUUID()))}` })],
      ['body/id', 'member', (t) => post('/cart', { ...line(), id: t(line().id) })],
      ['body/name', 'member', (t) => post('/cart', { ...line(), name: t(variant.name) })],
      ['body/colour', 'member', (t) => post('/cart', { ...line(), colour: t(variant.colours[0]?.name ?? 'Black') })],
      ['body/size', 'member', (t) => post('/cart', { ...line(), size: t(variant.sizes[0]?.name ?? 'M') })],
      ['body/colour_code', 'member', (t) => post('/cart', { ...line(), colour_code: t('#000000') })],
      ['body/small_pictures/0/url', 'member', (t) => post('/cart', { ...line(), small_pictures: [{ url: t('/images/products/x/1-small.svg'), width: 1, height: 1 }] })],
      ['params/key', 'member', (t) => ({ method: 'GET', url: `/cart/${segment(t(memberLineKey))}` })],
      ['params/key', 'member', (t) => ({ method: 'PATCH', url: `/cart/${segment(t(memberLineKey))}`, payload: { id: memberLineKey, qty: 2 } })],
      ['body/id', 'member', (t) => ({ method: 'PATCH', url: `/cart/${segment(memberLineKey)}`, payload: { id: t(memberLineKey), qty: 2 } })],
      ['params/key', 'member', (t) => ({ method: 'DELETE', url: `/cart/${segment(t(memberLineKey))}` })],
      ['body/id', 'member', (t) => post('/wishlist', { id: t(simple.id) })],
      ['body/name', 'member', (t) => post('/wishlist', { id: simple.id, name: t(simple.name) })],
      ['body/categories/0/name', 'member', (t) => post('/wishlist', { id: simple.id, categories: [{ id: 'tops', name: t('Tops') }] })],
      ['params/id', 'member', (t) => ({ method: 'DELETE', url: `/wishlist/${segment(t(simple.id))}` })],
      ['params/id', 'guest', (t) => ({ method: 'GET', url: `/products/${segment(t(simple.id))}/reviews` })],
      ['params/id', 'member', (t) => post(`/products/${segment(t(simple.id))}/reviews`, { rating: 4, body: 'Good' })],
      ['body/title', 'member', (t) => post(`/products/${simple.id}/reviews`, { rating: 4, title: t('Good value'), body: 'Warm' })],
      ['body/body', 'member', (t) => post(`/products/${simple.id}/reviews`, { rating: 4, body: t('Warm') })],
      ['body/email', 'guest', (t) => post('/newsletter', { email: t('zanele@example.co.za') })],
      ...(['name', 'email', 'phone', 'subject', 'message'] as const).map((name): FieldCase => [
        `body/${name}`,
        'guest',
        (t) => post('/contact-messages', { ...contactMessage, [name]: t(contactMessage[name]) }),
      ]),
      ['params/id', 'guest', (t) => ({ method: 'GET', url: `/products/${segment(t(simple.id))}` })],
      ['params/productId', 'guest', (t) => ({ method: 'GET', url: `/images/products/${segment(t(simple.id))}/1.svg` })],
      ['params/file', 'guest', (t) => ({ method: 'GET', url: `/images/products/${simple.id}/${segment(t('1.svg'))}` })],
      ...['/products', '/products/facets'].flatMap((path): FieldCase[] => [
        ['querystring/category', 'guest', (t) => ({ method: 'GET', url: path, query: { category: t('Tops') } })],
        ['querystring/search', 'guest', (t) => ({ method: 'GET', url: path, query: { search: t('shirt') } })],
        ['querystring/colour/0', 'guest', (t) => ({ method: 'GET', url: path, query: { colour: [t('Black'), 'White'] } })],
        ['querystring/size', 'guest', (t) => ({ method: 'GET', url: path, query: { size: t('M') } })],
        ['querystring/min_price', 'guest', (t) => ({ method: 'GET', url: path, query: { min_price: t('10') } })],
      ]),
      ['querystring/sort', 'guest', (t) => ({ method: 'GET', url: '/products', query: { sort: t('price_asc') } })],
      ['querystring/page', 'guest', (t) => ({ method: 'GET', url: '/products', query: { page: t('2') } })],
      ['querystring/q', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: t('shirt') } })],
      ['querystring/category', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: 'shirt', category: t('Tops') } })],
      ['querystring/page', 'guest', (t) => ({ method: 'GET', url: `/products/${simple.id}/reviews`, query: { page: t('1') } })],
      ['querystring/limit', 'guest', (t) => ({ method: 'GET', url: `/products/${simple.id}/reviews`, query: { limit: t('10') } })],
    ];
  };

  const withNul = (valid: string) => `${valid.slice(0, 1)}\u0000${valid.slice(1)}`;

  test.each(textFields())('a NUL in %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
    await expectRefused(sender, build(withNul), { error: 'invalid_text', message: `${field} must not contain control characters (found U+0000)` });
  });

  test.each([
    ['U+0001', '\u0001'],
    ['U+0008', '\u0008'],
    ['U+000B', '\u000B'],
    ['U+000C', '\u000C'],
    ['U+001B', '\u001B'],
    ['U+001F', '\u001F'],
    ['U+007F', '\u007F'],
  ])('%s is refused like NUL, in a body, a query and a path', async (name, character) => {
    const spoil = (valid: string) => `${valid}${character}`;
    const message = (field: string) => ({ error: 'invalid_text', message: `${field} must not contain control characters (found ${name})` });
    await expectRefused('guest', post('/auth/register', newAccount({ first_name: spoil('Thandi') })), message('body/first_name'));
    await expectRefused('guest', { method: 'GET', url: '/search/suggest', query: { q: spoil('shirt') } }, message('querystring/q'));
    await expectRefused('guest', { method: 'GET', url: `/products/${segment(spoil(simple.id))}` }, message('params/id'));
  });

  test('the reported cases are 400s, not 500s', async () => {
    const nul = (field: string) => ({ error: 'invalid_text', message: `${field} must not contain control characters (found U+0000)` });
    await expectRefused('guest', post('/auth/register', newAccount({ first_name: 'A\u0000b' })), nul('body/first_name'));
    await expectRefused('guest', post('/newsletter', { email: 'a\u0000@b.co' }), nul('body/email'));
    await expectRefused('guest', post('/contact-messages', { ...contactMessage, name: 'x\u0000' }), nul('body/name'));
    await expectRefused('guest', { method: 'GET', url: '/products/%00' }, nul('params/id'));
    await expectRefused('guest', { method: 'GET', url: '/search/suggest?q=ab%00c' }, nul('querystring/q'));
    await expectRefused('guest', post('/auth/register', newAccount({ first_name: '   ' })), { error: 'bad_request', message: 'body/first_name must not be blank' });
  });

  test('a path that is not percent-encoded UTF-8 is a 400 in the api’s own shape', async () => {
    for (const url of ['/products/%FF', '/products/%ED%A0%80', '/cart/%E0%A4']) {
      const response = await shopperSession(ctx.app).request({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(url.split('/')[1] ?? '') });
    }
  });

  test('a control character in a property name is refused, naming where and escaping it', async () => {
    await expectRefused(
      'guest',
      { method: 'POST', url: '/newsletter', headers: { 'content-type': 'application/json' }, payload: '{"em\\u0000ail":"a@b.co"}' },
      { error: 'invalid_text', message: 'body must not have a property name with control characters (found U+0000): "em\\u0000ail"' },
    );
    await expectRefused(
      'member',
      { ...post('/orders', { ...order, contact: { ...order.contact, 'ti\u007Ftle': 'Ms' } }), headers: { 'idempotency-key': randomUUID() } },
      { error: 'invalid_text', message: 'body/contact must not have a property name with control characters (found U+007F): "ti\\u007ftle"' },
    );
  });

  test('tab, line feed and carriage return are ordinary text; the vertical tab beside them is not', async () => {
    const text = 'Hello,\r\n\tdo you deliver to Soweto?\nThanks';
    const sent = await shopperSession(ctx.app).request({ ...post('/contact-messages', { ...contactMessage, message: text }), remoteAddress: '10.9.0.1' });
    expect(sent.statusCode).toBe(201);
    const stored = await ctx.database.query<{ message: string }>(`SELECT message FROM contact_messages WHERE address = '10.9.0.1'`);
    expect(stored.rows).toEqual([{ message: text }]);
    await expectRefused(
      'guest',
      { ...post('/contact-messages', { ...contactMessage, message: 'Hello,\u000B\tthanks' }), remoteAddress: '10.9.0.1' },
      { error: 'invalid_text', message: 'body/message must not contain control characters (found U+000B)' },
    );
  });

  test.each([
    ['a lone high surrogate', '\\ud800', 'U+D800'],
    ['a lone low surrogate', '\\udc00', 'U+DC00'],
    ['a high surrogate before a letter', '\\ud83dA', 'U+D83D'],
  ])('%s in a JSON body is a 400 naming the field, not a 500', async (_, escaped, name) => {
    const json = (body: string) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, payload: body });
    const message = (field: string) => ({ error: 'invalid_text', message: `${field} must be well-formed Unicode text (found a lone surrogate, ${name})` });
    await expectRefused('guest', { ...json(`{"email":"a${escaped}@b.co"}`), url: '/newsletter' }, message('body/email'));
    await expectRefused(
      'guest',
      { ...json(JSON.stringify({ ...contactMessage, name: 'Sipho XX' }).replace('XX', escaped)), url: '/contact-messages' },
      message('body/name'),
    );
    await expectRefused(
      'member',
      { ...json(`{"rating":4,"body":"Warm ${escaped}"}`), url: `/products/${simple.id}/reviews` },
      message('body/body'),
    );
  });

  test('a body nested thousands deep is refused without overflowing the stack', async () => {
    const depth = 20_000;
    const payload = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const before = await snapshot();
    const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/newsletter', headers: { 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_text', message: `body${'/0'.repeat(depth)} must not contain control characters (found U+0000)` });
    expect(await snapshot()).toEqual(before);
  });

  const blankFields = (): FieldCase[] => [
    ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
    ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
    ['body/email', 'guest', (t) => post('/auth/register', newAccount({ email: t('thandi@example.co.za') }))],
    ['body/email', 'guest', (t) => post('/auth/login', { email: t('thandi@example.co.za'), password: 'correct horse battery' })],
    ['body/email', 'guest', (t) => post('/auth/forgot-password', { email: t('thandi@example.co.za') })],
    ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
    ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
    ...(['recipient', 'street', 'city', 'province'] as const).flatMap((name): FieldCase[] => [
      [`body/${name}`, 'member', (t) => post('/account/addresses', { ...address, [name]: t(address[name]) })],
      [`body/${name}`, 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${memberAddressId}`, payload: { ...address, [name]: t(address[name]) } })],
    ]),
    ...(['first_name', 'last_name'] as const).map((name): FieldCase => [
      `body/contact/${name}`,
      'member',
      (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
    ]),
    ...(['street', 'suburb', 'city'] as const).map((name): FieldCase => [
      `body/delivery/${name}`,
      'member',
      (t) => ({ ...post('/orders', { ...order, delivery: { ...order.delivery, [name]: t(order.delivery[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
    ]),
    ['body/body', 'member', (t) => post(`/products/${simple.id}/reviews`, { rating: 4, body: t('Warm') })],
    ['querystring/q', 'guest', (t) => ({ method: 'GET', url: '/search/suggest', query: { q: t('shirt') } })],
  ];

  test.each(blankFields())('a blank %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
    for (const blank of ['   ', '\t\n\r', '\u00A0\u2003\u3000', '']) {
      // An email address has a shortest length, which an empty one meets first.
      const rule = blank === '' && field === 'body/email' ? 'must NOT have fewer than 3 characters' : 'must not be blank';
      await expectRefused(sender, build(() => blank), { error: 'bad_request', message: `${field} ${rule}` });
    }
  });

  test('PATCH /auth/me with a blank name is refused rather than ignored', async () => {
    const shopper = shopperSession(ctx.app);
    expect((await shopper.request(post('/auth/register', newAccount({ first_name: 'Lerato' })))).statusCode).toBe(201);
    const response = await shopper.request({ method: 'PATCH', url: '/auth/me', payload: { first_name: ' ', phone: '073 111 2222' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: 'body/first_name must not be blank' });
    const me = await shopper.request({ url: '/auth/me' });
    expect(me.json<{ user: User }>().user).toMatchObject({ first_name: 'Lerato', phone: '+27821234567' });
  });

  /** Names and words other shoppers may read: where a direction control is refused. */
  const shownFields = (): FieldCase[] => [
    ['body/first_name', 'guest', (t) => post('/auth/register', newAccount({ first_name: t('Thandi') }))],
    ['body/last_name', 'guest', (t) => post('/auth/register', newAccount({ last_name: t('Mokoena') }))],
    ['body/first_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { first_name: t('Thandiwe') } })],
    ['body/last_name', 'member', (t) => ({ method: 'PATCH', url: '/auth/me', payload: { last_name: t('Mokoena') } })],
    ['body/recipient', 'member', (t) => post('/account/addresses', { ...address, recipient: t(address.recipient) })],
    ['body/recipient', 'member', (t) => ({ method: 'PUT', url: `/account/addresses/${memberAddressId}`, payload: { ...address, recipient: t(address.recipient) } })],
    ...(['first_name', 'last_name'] as const).map((name): FieldCase => [
      `body/contact/${name}`,
      'member',
      (t) => ({ ...post('/orders', { ...order, contact: { ...order.contact, [name]: t(order.contact[name]) } }), headers: { 'idempotency-key': randomUUID() } }),
    ]),
    ['body/title', 'member', (t) => post(`/products/${simple.id}/reviews`, { rating: 4, title: t('Good value'), body: 'Warm' })],
    ['body/body', 'member', (t) => post(`/products/${simple.id}/reviews`, { rating: 4, body: t('Warm') })],
  ];

  test.each(shownFields())('a direction control in %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
    const answer = { error: 'bad_request', message: `${field} ${DIRECTION_MESSAGE}` };
    await expectRefused(sender, build((valid) => `\u202E${valid}`), answer);
    await expectRefused(sender, build((valid) => `${valid} \u2066x\u2069`), answer);
  });

  test.each(DIRECTION_CONTROLS.map((character) => [`U+${character.charCodeAt(0).toString(16).toUpperCase()}`, character]))(
    '%s in a first name is refused, even alone among spaces',
    async (_, character) => {
      const answer = { error: 'bad_request', message: `body/first_name ${DIRECTION_MESSAGE}` };
      await expectRefused('guest', post('/auth/register', newAccount({ first_name: `Tha${character}ndi` })), answer);
      await expectRefused('guest', post('/auth/register', newAccount({ first_name: ` ${character} ` })), answer);
    },
  );

  test('a direction control in the contact form’s name gets the form’s own message', async () => {
    await expectRefused('guest', post('/contact-messages', { ...contactMessage, name: 'Sipho \u202Eolhdn' }), {
      error: 'invalid_message',
      message: `Your name ${DIRECTION_MESSAGE}.`,
    });
  });

  test('ordinary text in any script is saved as typed, trimmed, and a blank name is not silently ignored', async () => {
    const shopper = shopperSession(ctx.app);
    const registered = await shopper.request(post('/auth/register', newAccount({ first_name: ' Zoë ', last_name: 'Ndlovu-Nkosi ' })));
    expect(registered.statusCode).toBe(201);
    expect(registered.json<{ user: User }>().user).toMatchObject({ first_name: 'Zoë', last_name: 'Ndlovu-Nkosi' });
    const renamed = await shopper.request({ method: 'PATCH', url: '/auth/me', payload: { first_name: 'Zoë Ṱhalitha ' } });
    expect(renamed.json<{ user: User }>().user).toMatchObject({ first_name: 'Zoë Ṱhalitha', last_name: 'Ndlovu-Nkosi' });
    // Never silently kept as it was: a blank name is refused, not ignored.
    const blanked = await shopper.request({ method: 'PATCH', url: '/auth/me', payload: { last_name: '  ' } });
    expect(blanked.statusCode).toBe(400);

    const home = { ...address, label: ' ', recipient: ' Zoë Ndlovu-Nkosi', street: '12 Mbilwi Road', suburb: '', city: 'Ṱhohoyandou ', province: 'Limpopo', postal_code: '0950' };
    const saved = await shopper.request(post('/account/addresses', home));
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Address>()).toMatchObject({ label: '', recipient: 'Zoë Ndlovu-Nkosi', suburb: '', city: 'Ṱhohoyandou' });

    expect((await shopper.request(post('/cart', { id: cartLineKey(simple), qty: 1 }))).statusCode).toBe(201);
    const placed = await shopper.request({
      ...post('/orders', {
        contact: { first_name: 'Zoë ', last_name: 'محمد', email: 'zoe@example.co.za', phone: '+27821234567' },
        delivery: { method: 'delivery', street: '12 Mbilwi Road', suburb: 'Sibasa', city: 'Ṱhohoyandou', province: 'Limpopo', postal_code: '0950' },
        payment_method: 'cod',
      }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json<Order>()).toMatchObject({ contact: { first_name: 'Zoë', last_name: 'محمد' }, address: { city: 'Ṱhohoyandou' } });

    const reviewed = await shopper.request(post(`/products/${variant.id}/reviews`, { rating: 5, title: '  ', body: ' Lekker!\nFits well.\tשלום — 10/10 👍 ' }));
    expect(reviewed.statusCode).toBe(201);
    expect(reviewed.json<ProductReview>()).toMatchObject({ author_name: 'Zoë Ṱhalitha N.', title: '', body: 'Lekker!\nFits well.\tשלום — 10/10 👍' });

    const suggested = await shopper.request({ url: '/search/suggest', query: { q: 'Ṱhohoyandou' } });
    expect(suggested.statusCode).toBe(200);
  });

  test('a review’s author name never shows direction controls or half a character, and fits its column', async () => {
    const shopper = shopperSession(ctx.app);
    const longName = 'Nomvula'.repeat(14) + 'Ab';
    expect(longName).toHaveLength(100);
    expect((await shopper.request(post('/auth/register', newAccount({ first_name: longName, last_name: '𝒵ulu' })))).statusCode).toBe(201);
    // An account saved before names refused direction controls.
    const me = (await shopper.request({ url: '/auth/me' })).json<{ user: User }>().user;
    await ctx.database.query('UPDATE users SET first_name = $2 WHERE id = $1', [me.id, `\u202E${longName}\u202C`]);

    const response = await shopper.request(post(`/products/${simple.id}/reviews`, { rating: 3, body: 'Fine' }));
    expect(response.statusCode).toBe(201);
    expect(response.json<ProductReview>().author_name).toBe(`${longName.slice(0, 97)} 𝒵.`);
  });
});

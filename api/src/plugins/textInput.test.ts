/**
 * Text the api must refuse, in every field a client can send (api/src/testing/textFields.ts): a
 * NUL or another control character, a path that is not UTF-8, a body nested too deep, a blank
 * name, a character that turns text around where other shoppers read it. Each is a 400 naming
 * the field, and writes nothing; ordinary text in any script is saved as typed.
 */
import { randomUUID } from 'node:crypto';
import { cartLineKey } from '@storefront/shared/domain';
import type { Address, Order, ProductReview, User } from '@storefront/shared/types';
import type { InjectOptions } from 'fastify';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { shopperSession, type ShopperSession } from '../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import {
  address,
  blankFields,
  contactMessage,
  type MemberFixtures,
  newAccount,
  order,
  post,
  segment,
  type Sender,
  shownFields,
  textFields,
  WRITTEN_TABLES,
} from '../testing/textFields';

// Each account costs a scrypt hash at OWASP's cost.
jest.setTimeout(60_000);

const DIRECTION_CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const DIRECTION_MESSAGE = 'must not contain characters that change the direction of text';

describe.each(testDatabases())('text input ($name)', (target) => {
  let ctx: TestApp;
  let member: ShopperSession;
  /** Filled in by beforeAll; the field cases read it when they run. */
  const fixtures = {} as MemberFixtures;

  beforeAll(async () => {
    // Every field's refusals are sent from one address: the limits per address are not the subject.
    ctx = await startTestApp(target, { limits: ROOMY_RATE_LIMITS });
    const catalogue = await fetchCatalogue(ctx.app);
    fixtures.simple = pickProduct(catalogue, (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
    fixtures.variant = pickProduct(catalogue, (p) => p.has_variants && p.colours.length > 0 && p.sizes.length > 0, 'variant product');
    member = shopperSession(ctx.app);
    expect((await member.request(post('/auth/register', newAccount()))).statusCode).toBe(201);
    const saved = await member.request(post('/account/addresses', address));
    expect(saved.statusCode).toBe(201);
    fixtures.addressId = saved.json<Address & { id: string }>().id;
    fixtures.lineKey = cartLineKey(fixtures.simple);
    expect((await member.request(post('/cart', { id: fixtures.lineKey, qty: 1 }))).statusCode).toBe(201);
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

  const withNul = (valid: string) => `${valid.slice(0, 1)}\u0000${valid.slice(1)}`;

  test.each(textFields(fixtures))('a NUL in %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
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
    await expectRefused('guest', { method: 'GET', url: `/products/${segment(spoil(fixtures.simple.id))}` }, message('params/id'));
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
      { ...json(`{"rating":4,"body":"Warm ${escaped}"}`), url: `/products/${fixtures.simple.id}/reviews` },
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

  test.each(blankFields(fixtures))('a blank %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
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

  test.each(shownFields(fixtures))('a direction control in %s (%s) is a 400 naming it, and writes nothing', async (field, sender, build) => {
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

    expect((await shopper.request(post('/cart', { id: cartLineKey(fixtures.simple), qty: 1 }))).statusCode).toBe(201);
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

    const reviewed = await shopper.request(post(`/products/${fixtures.variant.id}/reviews`, { rating: 5, title: '  ', body: ' Lekker!\nFits well.\tשלום — 10/10 👍 ' }));
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

    const response = await shopper.request(post(`/products/${fixtures.simple.id}/reviews`, { rating: 3, body: 'Fine' }));
    expect(response.statusCode).toBe(201);
    expect(response.json<ProductReview>().author_name).toBe(`${longName.slice(0, 97)} 𝒵.`);
  });
});

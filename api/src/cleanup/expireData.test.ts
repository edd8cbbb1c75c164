import { SHOPPER_COOKIE } from '@storefront/contracts';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LIMITS } from '../limits';
import { newShopperId } from '../plugins/shopper';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import {
  deleteAbandonedShoppers,
  deleteExpiredSessions,
  deleteOldIdempotencyKeys,
  deleteOldMail,
  deleteSpentResetTokens,
  expiryTasks,
} from './expireData';
import { ExpirySweeper } from './expirySweeper';

const RETENTION_DAYS = DEFAULT_LIMITS.retention.anonymousShopperDays;

describe.each(testDatabases())('expiring data ($name)', (target) => {
  let ctx: TestApp;
  /** Simple products (no variants) with plenty of stock: cart lines and wishlist items point at them. */
  let products: string[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    const rows = await ctx.database.query<{ id: string }>(
      'SELECT id FROM products WHERE NOT has_variants AND stock >= 10 ORDER BY seq LIMIT 2',
    );
    products = rows.rows.map((row) => row.id);
    expect(products).toHaveLength(2);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** A shopper with a cart line and a wishlist item, everything of it last changed `daysAgo`. */
  async function shopperWithCart(daysAgo: number): Promise<string> {
    const id = newShopperId();
    const [product] = products as [string];
    await ctx.database.query('INSERT INTO shoppers (id) VALUES ($1)', [id]);
    await ctx.database.query('INSERT INTO cart_lines (shopper_id, key, product_id, qty) VALUES ($1, $2, $2, 1)', [id, product]);
    await ctx.database.query('INSERT INTO wishlist_items (shopper_id, product_id) VALUES ($1, $2)', [id, product]);
    await age(id, daysAgo);
    return id;
  }

  /** Moves every time of the shopper, its lines and its wishlist `daysAgo` into the past. */
  async function age(shopperId: string, daysAgo: number): Promise<void> {
    const past = 'now() - make_interval(days => $2::int)';
    await ctx.database.query(`UPDATE shoppers SET created_at = ${past}, last_active_at = ${past} WHERE id = $1`, [shopperId, daysAgo]);
    await ctx.database.query(`UPDATE cart_lines SET created_at = ${past}, updated_at = ${past} WHERE shopper_id = $1`, [shopperId, daysAgo]);
    await ctx.database.query(`UPDATE wishlist_items SET created_at = ${past} WHERE shopper_id = $1`, [shopperId, daysAgo]);
  }

  async function count(sql: string, params: readonly unknown[]): Promise<number> {
    const result = await ctx.database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${sql}`, params);
    return Number(result.rows[0]?.n);
  }

  async function shopperRows(shopperId: string): Promise<{ shopper: number; lines: number; wishes: number }> {
    return {
      shopper: await count('shoppers WHERE id = $1', [shopperId]),
      lines: await count('cart_lines WHERE shopper_id = $1', [shopperId]),
      wishes: await count('wishlist_items WHERE shopper_id = $1', [shopperId]),
    };
  }

  let orderNumber = 0;
  async function placeOrderFor(shopperId: string): Promise<string> {
    orderNumber += 1;
    const id = randomUUID();
    await ctx.database.query(
      `INSERT INTO orders (id, number, shopper_id, status, first_name, last_name, email, phone, delivery_method,
         payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents)
       VALUES ($1, $2, $3, 'placed', 'Thandi', 'Mokoena', 'thandi@example.co.za', '+27821234567', 'collect',
         'cod', 10000, 0, 1304, 10000)`,
      [id, `JAC-1999-${String(900_000 + orderNumber)}`, shopperId],
    );
    return id;
  }

  /** An account (straight into users), with its own shopper. */
  async function account(): Promise<{ userId: string; shopperId: string }> {
    const userId = randomUUID();
    const shopperId = newShopperId();
    await ctx.database.query('INSERT INTO shoppers (id) VALUES ($1)', [shopperId]);
    await ctx.database.query(
      `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, phone, shopper_id)
       VALUES ($1, $2, $2, 'not a hash', 'Thandi', 'Mokoena', '+27821234567', $3)`,
      [userId, `${userId}@example.co.za`, shopperId],
    );
    return { userId, shopperId };
  }

  describe('anonymous shoppers', () => {
    it('deletes one idle past the retention, with its cart and wishlist', async () => {
      const old = await shopperWithCart(RETENTION_DAYS + 1);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(old)).toEqual({ shopper: 0, lines: 0, wishes: 0 });
    });

    it('keeps one that changed within the retention', async () => {
      const recent = await shopperWithCart(RETENTION_DAYS - 1);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(recent)).toEqual({ shopper: 1, lines: 1, wishes: 1 });
    });

    it('keeps an old shopper whose cart line or wishlist item changed recently', async () => {
      const [, other] = products as [string, string];
      const lineChanged = await shopperWithCart(RETENTION_DAYS + 5);
      // A quantity change: it does not mark the shopper, only its line.
      await ctx.database.query('UPDATE cart_lines SET qty = 2, updated_at = now() WHERE shopper_id = $1', [lineChanged]);
      const wished = await shopperWithCart(RETENTION_DAYS + 5);
      await ctx.database.query('INSERT INTO wishlist_items (shopper_id, product_id) VALUES ($1, $2)', [wished, other]);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(lineChanged)).toEqual({ shopper: 1, lines: 1, wishes: 1 });
      expect(await shopperRows(wished)).toEqual({ shopper: 1, lines: 1, wishes: 2 });
    });

    it('keeps an old shopper with an order, and the order', async () => {
      const buyer = await shopperWithCart(RETENTION_DAYS + 10);
      const orderId = await placeOrderFor(buyer);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(buyer)).toEqual({ shopper: 1, lines: 1, wishes: 1 });
      expect(await count('orders WHERE id = $1', [orderId])).toBe(1);
    });

    it("keeps an account's shopper, however old", async () => {
      const { shopperId } = await account();
      const [product] = products as [string];
      await ctx.database.query('INSERT INTO cart_lines (shopper_id, key, product_id, qty) VALUES ($1, $2, $2, 1)', [shopperId, product]);
      await age(shopperId, RETENTION_DAYS + 100);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(shopperId)).toEqual({ shopper: 1, lines: 1, wishes: 0 });
      // Looked at once, then left out of the next runs for a retention period.
      expect(await count(`shoppers WHERE id = $1 AND last_active_at > now() - interval '1 minute'`, [shopperId])).toBe(1);
    });

    it('keeps a shopper that adds to its cart again: the add marks it active', async () => {
      const back = await shopperWithCart(RETENTION_DAYS + 1);
      const [, other] = products as [string, string];
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/cart',
        headers: { cookie: `${SHOPPER_COOKIE}=${back}` },
        payload: { id: other, qty: 1 },
      });
      expect(added.statusCode).toBe(201);
      await ctx.app.expirySweeper.sweep();
      expect(await shopperRows(back)).toEqual({ shopper: 1, lines: 2, wishes: 1 });
    });

    it('deletes in batches until none is left', async () => {
      const old = await Promise.all(Array.from({ length: 25 }, () => shopperWithCart(RETENTION_DAYS + 2)));
      expect(await deleteAbandonedShoppers(ctx.database, RETENTION_DAYS, 4)).toBeGreaterThanOrEqual(25);
      expect(await count('shoppers WHERE id = ANY($1::text[])', [old])).toBe(0);
    });

    it('follows its retention setting', async () => {
      const weekOld = await shopperWithCart(8);
      expect(await deleteAbandonedShoppers(ctx.database, 30)).toBe(0);
      expect(await deleteAbandonedShoppers(ctx.database, 7)).toBeGreaterThanOrEqual(1);
      expect(await shopperRows(weekOld)).toEqual({ shopper: 0, lines: 0, wishes: 0 });
    });
  });

  it('deletes Idempotency-Keys older than the retention and keeps younger ones', async () => {
    const buyer = await shopperWithCart(1);
    const orderId = await placeOrderFor(buyer);
    await ctx.database.query(
      `INSERT INTO order_idempotency_keys (shopper_id, key, request_hash, order_id, created_at) VALUES
         ($1, 'old-key', 'h', $2, now() - interval '25 hours'),
         ($1, 'new-key', 'h', $2, now() - interval '1 hour')`,
      [buyer, orderId],
    );
    await ctx.app.expirySweeper.sweep();
    const keys = await ctx.database.query<{ key: string }>('SELECT key FROM order_idempotency_keys WHERE shopper_id = $1', [buyer]);
    expect(keys.rows.map((row) => row.key)).toEqual(['new-key']);
    expect(await count('orders WHERE id = $1', [orderId])).toBe(1);
    expect(await deleteOldIdempotencyKeys(ctx.database, 1)).toBeGreaterThanOrEqual(1);
    expect(await count('order_idempotency_keys WHERE shopper_id = $1', [buyer])).toBe(0);
  });

  it('deletes reset links used or expired, and keeps live ones and one a reset is still finishing', async () => {
    const { userId } = await account();
    await ctx.database.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at, used_at) VALUES
         ($1 || ':used', $1, now() - interval '3 hours', now() + interval '1 hour', now() - interval '2 hours'),
         ($1 || ':expired', $1, now() - interval '3 hours', now() - interval '2 hours', NULL),
         ($1 || ':live', $1, now(), now() + interval '1 hour', NULL),
         ($1 || ':claimed', $1, now(), now() + interval '1 hour', now())`,
      [userId],
    );
    await ctx.app.expirySweeper.sweep();
    const left = await ctx.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1 ORDER BY token_hash',
      [userId],
    );
    expect(left.rows.map((row) => row.token_hash)).toEqual([`${userId}:claimed`, `${userId}:live`]);
    expect(await deleteSpentResetTokens(ctx.database)).toBe(0);
  });

  it('deletes expired sessions and keeps live ones', async () => {
    const { userId } = await account();
    await ctx.database.query(
      `INSERT INTO sessions (token_hash, user_id, remember, expires_at) VALUES
         ($1 || ':expired', $1, false, now() - interval '1 second'),
         ($1 || ':live', $1, true, now() + interval '1 day')`,
      [userId],
    );
    await ctx.app.expirySweeper.sweep();
    const left = await ctx.database.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [userId]);
    expect(left.rows.map((row) => row.token_hash)).toEqual([`${userId}:live`]);
    expect(await deleteExpiredSessions(ctx.database)).toBe(0);
  });

  it('deletes mail the outbox is done with: sent a week ago, failed a month ago, or never sent long after its retry window', async () => {
    const mail = [
      ['sent', 'created_at', 8, false],
      ['sent', 'created_at', 6, true],
      ['kept', 'created_at', 8, false],
      ['failed', 'failed_at', 31, false],
      ['failed', 'failed_at', 29, true],
      // The retry window (48 hours) and then the failed mail's 30 days.
      ['pending', 'retry_from', 33, false],
      ['pending', 'retry_from', 31, true],
    ] as const;
    const tag = randomUUID();
    for (const [index, [status, column, daysAgo]] of mail.entries()) {
      await ctx.database.query(
        `INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, status, created_at, retry_from, next_attempt_at, failed_at)
         VALUES ($1, $2, 'a mail', 'text', '', $3, now(), now(), CASE WHEN $3 = 'pending' THEN now() END, CASE WHEN $3 = 'failed' THEN now() END)`,
        [`<${tag}-${index}@jacaranda.example>`, `${tag}@example.co.za`, status],
      );
      await ctx.database.query(`UPDATE mail_outbox SET ${column} = now() - make_interval(days => $2::int) WHERE message_id = $1`, [
        `<${tag}-${index}@jacaranda.example>`,
        daysAgo,
      ]);
    }
    await ctx.app.expirySweeper.sweep();
    const left = await ctx.database.query<{ message_id: string }>('SELECT message_id FROM mail_outbox WHERE recipient = $1 ORDER BY id', [`${tag}@example.co.za`]);
    expect(left.rows.map((row) => row.message_id)).toEqual(
      mail.flatMap(([, , , kept], index) => (kept ? [`<${tag}-${index}@jacaranda.example>`] : [])),
    );
    expect(await deleteOldMail(ctx.database, DEFAULT_LIMITS.retention, 48)).toBe(0);
  });

  it('logs one line with the counts of a run that deleted something, and nothing for a quiet one', async () => {
    const lines: { level: string; args: unknown[] }[] = [];
    const record = (level: string) => (...args: unknown[]) => void lines.push({ level, args });
    const log = { info: record('info'), error: record('error') } as unknown as ConstructorParameters<typeof ExpirySweeper>[2];
    const sweeper = new ExpirySweeper(expiryTasks(ctx.database, DEFAULT_LIMITS), 60_000, log);
    await sweeper.sweep();
    lines.length = 0;
    await sweeper.sweep();
    expect(lines).toEqual([]);

    const old = await shopperWithCart(RETENTION_DAYS + 1);
    const { userId } = await account();
    await ctx.database.query(`INSERT INTO sessions (token_hash, user_id, remember, expires_at) VALUES ($1, $1, false, now() - interval '1 hour')`, [
      userId,
    ]);
    await sweeper.sweep();
    expect(lines).toEqual([{ level: 'info', args: [{ deleted: { sessions: 1, anonymousShoppers: 1 } }, 'deleted expired data'] }]);
    expect(await shopperRows(old)).toEqual({ shopper: 0, lines: 0, wishes: 0 });
  });

  if (target.name === 'postgres') {
    it('runs side by side with another sweep and with cart adds, and loses no line it added', async () => {
      const [, other] = products as [string, string];
      const idle = await Promise.all(Array.from({ length: 60 }, () => shopperWithCart(RETENTION_DAYS + 3)));
      const returning = idle.filter((_, index) => index % 3 === 0);
      const { userId } = await account();
      await ctx.database.query(
        `INSERT INTO sessions (token_hash, user_id, remember, expires_at)
         SELECT $1 || ':' || n, $1, false, now() - interval '1 hour' FROM generate_series(1, 30) n`,
        [userId],
      );
      const sweep = async (): Promise<number> => {
        let deleted = 0;
        for (const task of expiryTasks(ctx.database, DEFAULT_LIMITS)) deleted += await task.run();
        return deleted;
      };
      const small = () => deleteAbandonedShoppers(ctx.database, RETENTION_DAYS, 5);
      const adds = returning.map((shopperId) =>
        ctx.app.inject({ method: 'POST', url: '/cart', headers: { cookie: `${SHOPPER_COOKIE}=${shopperId}` }, payload: { id: other, qty: 1 } }),
      );
      const [answers, ...sweeps] = await Promise.all([Promise.all(adds), sweep(), sweep(), small(), small()]);
      expect(answers.map((answer) => answer.statusCode)).toEqual(returning.map(() => 201));
      const gone = idle.filter((id) => !returning.includes(id));
      // Both full sweeps and both small ones finished; between them they deleted every idle shopper and expired session.
      expect(sweeps.reduce((sum, deleted) => sum + deleted, 0)).toBeGreaterThanOrEqual(gone.length + 30);
      // Each returning shopper holds the line it added, whether the sweep took its old cart first or not.
      expect(await count('cart_lines WHERE shopper_id = ANY($1::text[]) AND product_id = $2', [returning, other])).toBe(returning.length);
      expect(await count('shoppers WHERE id = ANY($1::text[])', [gone])).toBe(0);
      expect(await count('sessions WHERE user_id = $1', [userId])).toBe(0);
    });
  }
});

import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '029_newsletter_consent.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test('keeps the addresses stored before double opt-in as subscribed from the footer, consent dated when stored, each with an unsubscribe token', async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(
        `INSERT INTO newsletter_subscribers (email, email_key, subscribed_at) VALUES
           ('Zanele@Example.co.za', 'zanele@example.co.za', '2025-03-01T08:00:00Z'),
           ('sipho@example.co.za', 'sipho@example.co.za', '2025-04-02T09:30:00Z')`,
      );
      await migrateRest();

      const rows = await database.query<{ email: string; status: string; source: string; requested_at: Date | string; confirmed_at: Date | string; confirm_token_hash: string | null; unsubscribe_token: string }>(
        'SELECT email, status, source, requested_at, confirmed_at, confirm_token_hash, unsubscribe_token FROM newsletter_subscribers ORDER BY email_key',
      );
      expect(rows.rows.map((row) => ({ ...row, requested_at: new Date(row.requested_at).toISOString(), confirmed_at: new Date(row.confirmed_at).toISOString() }))).toEqual([
        {
          email: 'sipho@example.co.za',
          status: 'confirmed',
          source: 'footer',
          requested_at: '2025-04-02T09:30:00.000Z',
          confirmed_at: '2025-04-02T09:30:00.000Z',
          confirm_token_hash: null,
          unsubscribe_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
        {
          email: 'Zanele@Example.co.za',
          status: 'confirmed',
          source: 'footer',
          requested_at: '2025-03-01T08:00:00.000Z',
          confirmed_at: '2025-03-01T08:00:00.000Z',
          confirm_token_hash: null,
          unsubscribe_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      ]);
      expect(rows.rows[0]?.unsubscribe_token).not.toBe(rows.rows[1]?.unsubscribe_token);

      // From now on an address waits for its owner's consent with a link, and can always be unsubscribed.
      await expect(
        database.query(`INSERT INTO newsletter_subscribers (email, email_key, unsubscribe_token) VALUES ('a@b.co', 'a@b.co', $1)`, ['a'.repeat(43)]),
      ).rejects.toThrow();
      await expect(
        database.query(`INSERT INTO newsletter_subscribers (email, email_key, confirm_token_hash) VALUES ('a@b.co', 'a@b.co', $1)`, ['f'.repeat(64)]),
      ).rejects.toThrow();
      await database.query(`INSERT INTO newsletter_subscribers (email, email_key, confirm_token_hash, unsubscribe_token) VALUES ('a@b.co', 'a@b.co', $1, $2)`, [
        'f'.repeat(64),
        'a'.repeat(43),
      ]);
      expect((await database.query('SELECT status, source FROM newsletter_subscribers WHERE email_key = $1', ['a@b.co'])).rows).toEqual([{ status: 'pending', source: 'footer' }]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});

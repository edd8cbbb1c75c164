import { Writable } from 'node:stream';
import { signServerReport } from '@storefront/release-state';
import { SERVER_REPORT_SIGNATURE_HEADER } from '@storefront/contracts';
import type { InjectOptions } from 'fastify';
import { DEFAULT_LIMITS } from '../../limits';
import { deleteOldTelemetry } from '../../cleanup/expireData';
import { insertPageViews, pageViewToken, TEST_TELEMETRY_SECRET, testComposition, type TestComposition } from '../../testing/telemetry';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { judgeCanaryOnce } from './canaryWatch';
import { ALREADY_COUNTED_MESSAGE, TELEMETRY_OFF_MESSAGE } from './telemetryRoutes';

const TELEMETRY_LIMIT = DEFAULT_LIMITS.telemetry.max;
/** What a browser's beacon from the store's own page carries. */
const BEACON_HEADERS = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

interface LogLine {
  level: number;
  msg: string;
  failures?: { remote: string; version: string }[];
}

let addressCount = 0;
/** A client address of its own for each test, so that one test's reports do not count against another's limit. */
function newAddress(): string {
  addressCount += 1;
  return `10.20.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
}

describe.each(testDatabases())('telemetry reports ($name)', (target) => {
  let ctx: TestApp;
  let composition: TestComposition;
  const logLines: LogLine[] = [];

  beforeAll(async () => {
    composition = await testComposition();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    ctx = await startTestApp(target, {
      logger: { level: 'warn', stream },
      telemetry: { secret: TEST_TELEMETRY_SECRET, compositionFile: composition.file, checkMs: 3_600_000 },
    });
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await ctx?.close();
    await composition?.remove();
  }, DATABASE_TIMEOUT_MS);

  function send(payload: unknown, { address = newAddress(), headers = {} }: { address?: string; headers?: InjectOptions['headers'] } = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/telemetry',
      headers: { ...BEACON_HEADERS, 'x-forwarded-for': address, ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  async function pageViewCount(): Promise<number> {
    const result = await ctx.database.query<{ n: string | number }>('SELECT count(*) AS n FROM page_views');
    return Number(result.rows[0]?.n);
  }

  describe('POST /telemetry', () => {
    it('stores a report once, as its token says the page was served, with nothing personal, and refuses the token a second time', async () => {
      const token = pageViewToken({ arm: 'canary', canary: 7, versions: { 'mfe-catalog': '1.5.0', 'mfe-cart': '1.0.2' } });
      const report = {
        token,
        route: 'product',
        remotes: { catalog: { retries: 1 }, cart: { caughtErrors: 2 } },
        vitals: { lcp: 1820.5, inp: 96, cls: 0.04 },
      };
      const first = await send(report);
      expect(first.statusCode).toBe(204);
      expect(first.body).toBe('');
      expect(first.headers['set-cookie']).toBeUndefined();

      const id = token.split('.')[0] as string;
      const payload = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as { i: string };
      const rows = await ctx.database.query('SELECT * FROM page_views WHERE id = $1', [payload.i]);
      expect(rows.rows).toEqual([
        {
          id: payload.i,
          seq: expect.anything(),
          judged: false,
          received_at: expect.any(Date),
          issued_at: expect.any(Date),
          arm: 'canary',
          canary_revision: 7,
          versions: { 'mfe-catalog': '1.5.0', 'mfe-cart': '1.0.2' },
          route: 'product',
          remotes: { 'mfe-catalog': { retries: 1 }, 'mfe-cart': { caughtErrors: 2 } },
          failed: true,
          failed_remotes: ['mfe-cart'],
          lcp: 1820.5,
          inp: 96,
          cls: 0.04,
        },
      ]);

      const again = await send({ ...report, route: 'home', remotes: {} });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'already_counted', message: ALREADY_COUNTED_MESSAGE });
      expect((await ctx.database.query('SELECT route FROM page_views WHERE id = $1', [payload.i])).rows).toEqual([{ route: 'product' }]);
    });

    it('counts a page with only retries, a failed load a retry recovered, or nothing to report, as not failed', async () => {
      const before = await pageViewCount();
      expect((await send({ token: pageViewToken(), route: 'home', remotes: { catalog: { retries: 2, loadFailures: 0, fallback: false } } })).statusCode).toBe(204);
      expect((await send({ token: pageViewToken(), route: 'home', remotes: { catalog: { loadFailures: 1, retries: 1 } } })).statusCode).toBe(204);
      expect((await send({ token: pageViewToken(), route: 'home' })).statusCode).toBe(204);
      expect(await pageViewCount()).toBe(before + 3);
      const failed = await ctx.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM page_views WHERE route = 'home' AND failed`);
      expect(Number(failed.rows[0]?.n)).toBe(0);
    });

    it.each([
      ['signed with another secret', () => pageViewToken({}, 'another-secret-of-at-least-32-characters'), 'the page-view token is not signed by this store'],
      ['a day and more old', () => pageViewToken({ issuedAt: Date.now() - 25 * 60 * 60 * 1000 }), 'the page-view token has expired'],
      ['from the future', () => pageViewToken({ issuedAt: Date.now() + 10 * 60 * 1000 }), 'the page-view token has expired'],
      ['garbage', () => 'not-a-token', 'not a page-view token'],
      ['tampered with', () => pageViewToken().replace(/^./, (c) => (c === 'e' ? 'f' : 'e')), 'the page-view token is not signed by this store'],
    ])('refuses a token %s with 400 naming the token, and stores nothing', async (_name, token, problem) => {
      const before = await pageViewCount();
      const response = await send({ token: token(), route: 'home', remotes: { catalog: { loadFailures: 3 } } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_token', message: `body/token: ${problem}` });
      expect(await pageViewCount()).toBe(before);
    });

    it.each([
      [{ token: undefined }, /token/],
      [{ token: '', route: 'home' }, /body\/token/],
      [{ route: 'Product Page' }, /body\/route/],
      [{ remotes: { basket: { loadFailures: 1 } } }, /body\/remotes/],
      [{ remotes: { catalog: { loadFailures: -1 } } }, /body\/remotes\/catalog\/loadFailures/],
      [{ remotes: { catalog: { fallback: 'yes' } } }, /body\/remotes\/catalog\/fallback/],
      [{ vitals: { inp: 700_000 } }, /body\/vitals\/inp/],
      [{ vitals: { lcp: -5 } }, /body\/vitals\/lcp/],
    ])('refuses %j with 400 naming the field, and stores nothing', async (change, field) => {
      const before = await pageViewCount();
      const body = { token: pageViewToken(), route: 'home', ...change };
      const response = await send(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringMatching(field) });
      expect(await pageViewCount()).toBe(before);
    });

    it('refuses a body over 4 KB, one that is not JSON, and a write from another site', async () => {
      const big = await send({ token: pageViewToken(), route: 'home', padding: 'x'.repeat(5000) });
      expect(big.statusCode).toBe(413);
      const text = await send(JSON.stringify({ token: pageViewToken(), route: 'home' }), { headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      expect(text.statusCode).toBe(415);
      const crossSite = await send({ token: pageViewToken(), route: 'home' }, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toMatchObject({ error: 'cross_site' });
    });

    it('logs one warning for a page with failures, naming each failing remote and the version its token names', async () => {
      logLines.length = 0;
      const token = pageViewToken({ arm: 'canary', canary: 7, versions: { 'mfe-catalog': '1.5.0', 'mfe-cart': '1.0.2' } });
      const response = await send({ token, route: 'shop', remotes: { catalog: { loadFailures: 2, fallback: true }, cart: { caughtErrors: 1 }, product: { retries: 1 } } });
      expect(response.statusCode).toBe(204);
      const warnings = logLines.filter((line) => line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.msg).toBe(
        'a page reported failing remotes: mfe-catalog 1.5.0 (2 failed loads, fell back); mfe-cart 1.0.2 (1 caught error) (canary arm of the canary of revision 7, route shop)',
      );
      expect(warnings[0]?.failures?.map(({ remote, version }) => `${remote} ${version}`)).toEqual(['mfe-catalog 1.5.0', 'mfe-cart 1.0.2']);
      // A report without failures logs nothing.
      await send({ token: pageViewToken(), route: 'shop' });
      expect(logLines.filter((line) => line.level === 40)).toHaveLength(1);
    });

    it(`takes ${TELEMETRY_LIMIT} reports a minute from one address; the next are 429 and stored nothing; another address goes on`, async () => {
      const address = newAddress();
      const before = await pageViewCount();
      const answers = await Promise.all(Array.from({ length: TELEMETRY_LIMIT + 2 }, () => send({ token: pageViewToken(), route: 'home' }, { address })));
      expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(TELEMETRY_LIMIT);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(refused).toHaveLength(2);
      expect(refused[0]?.json()).toEqual({ error: 'too_many_reports', message: expect.stringMatching(/send again in \d+ seconds?|1 minute/) });
      expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(await pageViewCount()).toBe(before + TELEMETRY_LIMIT);
      expect((await send({ token: pageViewToken(), route: 'home' })).statusCode).toBe(204);
    });
  });

  describe('POST /telemetry/server', () => {
    function sendServer(report: unknown, { sign = true, body, signature }: { sign?: boolean; body?: string; signature?: string } = {}) {
      const text = body ?? JSON.stringify(report);
      return ctx.app.inject({
        method: 'POST',
        url: '/telemetry/server',
        headers: {
          'content-type': 'application/json',
          ...(sign ? { [SERVER_REPORT_SIGNATURE_HEADER]: signature ?? signServerReport(TEST_TELEMETRY_SECRET, text) } : {}),
        },
        payload: text,
      });
    }

    async function failuresOf(version: string) {
      const result = await ctx.database.query<{ remote: string; arm: string; failures: number }>(
        'SELECT remote, arm, failures FROM server_render_failures WHERE version = $1 ORDER BY arm',
        [version],
      );
      return result.rows;
    }

    it('stores a signed report per remote version and arm, once: the same report again is 409', async () => {
      const report = {
        failures: [
          { remote: 'mfe-product', version: '3.1.0', arm: 'canary', count: 4 },
          { remote: 'mfe-product', version: '3.1.0', arm: 'live', count: 1 },
        ],
        at: new Date().toISOString(),
      };
      const response = await sendServer(report);
      expect(response.statusCode).toBe(204);
      expect(await failuresOf('3.1.0')).toEqual([
        { remote: 'mfe-product', arm: 'canary', failures: 4 },
        { remote: 'mfe-product', arm: 'live', failures: 1 },
      ]);
      const replay = await sendServer(report);
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ error: 'already_counted' });
      expect(await failuresOf('3.1.0')).toHaveLength(2);
      // A new report, a moment later, with the same failures is counted.
      expect((await sendServer({ ...report, at: new Date(Date.now() + 1).toISOString() })).statusCode).toBe(204);
      expect(await failuresOf('3.1.0')).toHaveLength(4);
    });

    it('refuses an unsigned report, one signed with another secret and one changed after signing, with 401, storing nothing', async () => {
      const report = { failures: [{ remote: 'mfe-cart', version: '9.0.1', arm: 'live', count: 1 }], at: new Date().toISOString() };
      const text = JSON.stringify(report);
      const unsigned = await sendServer(report, { sign: false });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toMatchObject({ error: 'unsigned_report' });
      expect((await sendServer(report, { signature: signServerReport('another-secret-of-at-least-32-characters', text) })).statusCode).toBe(401);
      const changed = text.replace('"count":1', '"count":100');
      expect((await sendServer(report, { body: changed, signature: signServerReport(TEST_TELEMETRY_SECRET, text) })).statusCode).toBe(401);
      // Formatted differently from what was signed: the signature is over the bytes as sent.
      expect((await sendServer(report, { body: JSON.stringify(report, null, 2), signature: signServerReport(TEST_TELEMETRY_SECRET, text) })).statusCode).toBe(401);
      expect(await failuresOf('9.0.1')).toEqual([]);
    });

    it('refuses a signed report older than two minutes (a replay after its digest is swept), or from the future, naming at', async () => {
      const old = { failures: [{ remote: 'mfe-cart', version: '9.0.2', arm: 'live', count: 1 }], at: new Date(Date.now() - 2 * 60 * 1000 - 5000).toISOString() };
      const refused = await sendServer(old);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'stale_report', message: expect.stringMatching(/^body\/at: /) });
      const ahead = { ...old, at: new Date(Date.now() + 3 * 60 * 1000).toISOString() };
      expect((await sendServer(ahead)).statusCode).toBe(400);
      expect(await failuresOf('9.0.2')).toEqual([]);
    });

    it('refuses a signed report the schema refuses, naming the field', async () => {
      const at = new Date().toISOString();
      const unknown = await sendServer({ failures: [{ remote: 'mfe-basket', version: '1.0.0', arm: 'live', count: 1 }], at });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/body\/failures\/0\/remote/) });
      const noCount = await sendServer({ failures: [{ remote: 'mfe-cart', version: '1.0.0', arm: 'live', count: 0 }], at });
      expect(noCount.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/body\/failures\/0\/count/) });
      const notJson = await sendServer(null, { body: '{"failures": [' });
      expect(notJson.statusCode).toBe(400);
    });
  });

  it('deletes page views, failed renders and canary judgements after 30 days, and the digests of reports after 15 minutes, in the sweep', async () => {
    const version = (days: number) => ({ 'mfe-account': `7.0.${days}` });
    await insertPageViews(ctx.database, [31, 29, 0].map((days) => ({ arm: 'live', canary: null, versions: version(days), daysAgo: days })));
    await ctx.database.query(
      `INSERT INTO server_render_failures (at, received_at, remote, version, arm, failures)
       SELECT now() - make_interval(days => d), now() - make_interval(days => d), 'mfe-account', '7.1.' || d, 'live', 1 FROM unnest(ARRAY[31, 29]) AS d`,
    );
    await ctx.database.query(
      `INSERT INTO canary_judgements (started_by, judged_at) VALUES (9001, now() - interval '31 days'), (9002, now() - interval '29 days')`,
    );
    await ctx.database.query(
      `INSERT INTO server_reports_counted (digest, at) VALUES ('old-digest', now() - interval '16 minutes'), ('new-digest', now() - interval '14 minutes')`,
    );
    await ctx.app.expirySweeper.sweep();
    const left = async (sql: string) => (await ctx.database.query<{ v: string }>(sql)).rows.map((row) => String(row.v)).sort();
    expect(await left(`SELECT versions->>'mfe-account' AS v FROM page_views WHERE versions ? 'mfe-account'`)).toEqual(['7.0.0', '7.0.29']);
    expect(await left(`SELECT version AS v FROM server_render_failures WHERE remote = 'mfe-account'`)).toEqual(['7.1.29']);
    expect(await left('SELECT started_by AS v FROM canary_judgements WHERE started_by > 9000')).toEqual(['9002']);
    expect(await left(`SELECT digest AS v FROM server_reports_counted WHERE digest LIKE '%-digest'`)).toEqual(['new-digest']);
    // Its retention is a setting (RETAIN_TELEMETRY_DAYS): a day takes the page view, the render and the judgement of 29 days ago.
    expect(await deleteOldTelemetry(ctx.database, 1)).toBe(3);
    expect(await left(`SELECT versions->>'mfe-account' AS v FROM page_views WHERE versions ? 'mfe-account'`)).toEqual(['7.0.0']);
    expect(await left(`SELECT version AS v FROM server_render_failures WHERE remote = 'mfe-account'`)).toEqual([]);
  });

  it('leaves the abort worker to its schedule: a look judges on demand', async () => {
    expect(ctx.app.canaryWatch).not.toBeNull();
    expect(await judgeCanaryOnce(ctx.app)).toEqual({ kind: 'no-canary' });
  });
});

describe.each(testDatabases())('telemetry off ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx?.close(), DATABASE_TIMEOUT_MS);

  it('answers 503 telemetry_off to reports, stores nothing, and runs no abort worker', async () => {
    const report = await ctx.app.inject({ method: 'POST', url: '/telemetry', headers: BEACON_HEADERS, payload: { token: pageViewToken(), route: 'home' } });
    expect(report.statusCode).toBe(503);
    expect(report.json()).toEqual({ error: 'telemetry_off', message: TELEMETRY_OFF_MESSAGE });
    const text = JSON.stringify({ failures: [], at: new Date().toISOString() });
    const server = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry/server',
      headers: { 'content-type': 'application/json', [SERVER_REPORT_SIGNATURE_HEADER]: signServerReport(TEST_TELEMETRY_SECRET, text) },
      payload: text,
    });
    expect(server.statusCode).toBe(503);
    const stored = await ctx.database.query<{ n: string | number }>('SELECT (SELECT count(*) FROM page_views) + (SELECT count(*) FROM server_reports_counted) AS n');
    expect(Number(stored.rows[0]?.n)).toBe(0);
    expect(ctx.app.canaryWatch).toBeNull();
    expect(() => judgeCanaryOnce(ctx.app)).toThrow(/telemetry is off/);
  });
});

import { PassThrough } from 'node:stream';
import { pipeReadable, ReadableLogs, readableLogsWanted } from './readableLogs';

const at = Date.UTC(2026, 10, 30, 15, 29, 37);
const json = (line: Record<string, unknown>) => JSON.stringify({ time: at, pid: 4242, hostname: 'shop-1', ...line });
const clock = new Date(at).toTimeString().slice(0, 8);

describe("npm start's readable log lines", () => {
  it('show a line as its time, where it came from, its level and its message, without the process and machine', () => {
    const logs = new ReadableLogs('api');
    expect(logs.line(json({ level: 30, products: 65, msg: 'seeded the catalogue' }))).toBe(`${clock} api  INFO  seeded the catalogue {"products":65}`);
    expect(logs.line(json({ level: 40, msg: 'no mail server is set (SMTP_URL)' }))).toBe(`${clock} api  WARN  no mail server is set (SMTP_URL)`);
  });

  it('make a request one line, by its id, and leave out the edge’s health checks that answer', () => {
    const logs = new ReadableLogs('api');
    expect(logs.line(json({ level: 30, reqId: 'req-1', req: { method: 'GET', url: '/api/products?limit=24' }, msg: 'incoming request' }))).toBeNull();
    expect(logs.line(json({ level: 30, reqId: 'req-2', req: { method: 'GET', url: '/health' }, msg: 'incoming request' }))).toBeNull();
    expect(logs.line(json({ level: 30, reqId: 'req-2', res: { statusCode: 200 }, responseTime: 1.2, msg: 'request completed' }))).toBeNull();
    expect(logs.line(json({ level: 30, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' }))).toBe(`${clock} api  GET /api/products?limit=24 → 200 (12 ms)`);
    expect(logs.line(json({ level: 30, reqId: 'req-3', req: { method: 'GET', url: '/health' }, msg: 'incoming request' }))).toBeNull();
    expect(logs.line(json({ level: 30, reqId: 'req-3', res: { statusCode: 503 }, responseTime: 1000, msg: 'request completed' }))).toBe(`${clock} api  GET /health → 503 (1000 ms)`);
  });

  it('pass what is not a log line as it is, and write each shown line to the terminal', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let shown = '';
    to.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    pipeReadable(from, to, 'edge');
    from.end(`${json({ level: 50, msg: 'render thread 0 failed' })}\nError: boom\n    at render (render.js:1:1)\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toBe(`${clock} edge ERROR render thread 0 failed\nError: boom\n    at render (render.js:1:1)\n`);
  });

  it('are what development shows; production and LOG_FORMAT=json keep the JSON', () => {
    expect(readableLogsWanted({})).toBe(true);
    expect(readableLogsWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(readableLogsWanted({ LOG_FORMAT: 'json' })).toBe(false);
    expect(readableLogsWanted({ NODE_ENV: 'production', LOG_FORMAT: 'readable' })).toBe(true);
    expect(() => readableLogsWanted({ LOG_FORMAT: 'pretty' })).toThrow('LOG_FORMAT must be readable or json, got "pretty"');
  });
});

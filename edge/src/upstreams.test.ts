import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiUpstreams } from './upstreams';

describe('ApiUpstreams', () => {
  it('takes the api processes in turn, passing over one marked down, and all in turn when all are', () => {
    const upstreams = new ApiUpstreams(['http://127.0.0.1:4000/', 'http://127.0.0.1:4001', 'http://127.0.0.1:4002']);
    expect(Array.from({ length: 4 }, () => upstreams.next())).toEqual([
      'http://127.0.0.1:4000',
      'http://127.0.0.1:4001',
      'http://127.0.0.1:4002',
      'http://127.0.0.1:4000',
    ]);
    upstreams.markDown('http://127.0.0.1:4001', 'it refused a connection');
    expect(Array.from({ length: 4 }, () => upstreams.next())).not.toContain('http://127.0.0.1:4001');
    upstreams.markDown('http://127.0.0.1:4000', 'test');
    upstreams.markDown('http://127.0.0.1:4002', 'test');
    expect(new Set(Array.from({ length: 3 }, () => upstreams.next())).size).toBe(3);
  });

  it('never passes over a single api: there is nothing else to ask', () => {
    const upstreams = new ApiUpstreams('http://127.0.0.1:4000');
    upstreams.markDown('http://127.0.0.1:4000', 'test');
    expect(upstreams.isDown('http://127.0.0.1:4000')).toBe(false);
  });

  it('refuses addresses with different paths, and none at all', () => {
    expect(() => new ApiUpstreams(['http://a:4000/api', 'http://b:4000/'])).toThrow(/share one path/);
    expect(() => new ApiUpstreams([])).toThrow(/at least one/);
  });

  it('takes an api out when its /health is not 200 or does not come in time, and back when it is', async () => {
    let answer: 'ok' | 'unavailable' | 'silent' = 'ok';
    const server = http.createServer((_request, response) => {
      if (answer === 'silent') return;
      response.writeHead(answer === 'ok' ? 200 : 503).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const messages: string[] = [];
    // Time enough for a busy machine's answer (a CI run once took longer than 300 ms for its 503);
    // the silent step waits it out once.
    const upstreams = new ApiUpstreams([target, 'http://127.0.0.1:1'], { checkTimeoutMs: 1500, log: (message) => messages.push(message) });
    try {
      await upstreams.checkAll();
      expect(upstreams.isDown(target)).toBe(false);
      expect(upstreams.isDown('http://127.0.0.1:1')).toBe(true);
      answer = 'unavailable';
      await upstreams.checkAll();
      expect(upstreams.isDown(target)).toBe(true);
      answer = 'ok';
      await upstreams.checkAll();
      expect(upstreams.isDown(target)).toBe(false);
      answer = 'silent';
      await upstreams.checkAll();
      expect(upstreams.isDown(target)).toBe(true);
      expect(messages).toEqual(
        expect.arrayContaining([expect.stringMatching(/api http:\/\/127\.0\.0\.1:1 passed over: GET \/health failed/), `api ${target} passed over: GET /health answered 503`, `api ${target} is back`]),
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

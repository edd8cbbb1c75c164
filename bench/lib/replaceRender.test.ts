import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { REPLAY_SCRIPT_TAG } from '@storefront/edge/event-replay';
import { asReplaceRender, startReplaceRenderProxy } from './replaceRender';

const PAGE = `<!doctype html><html><head><title>Shop</title></head><body>${REPLAY_SCRIPT_TAG}<div id="root" data-server-rendered data-await-hydration data-viewport-width="412"><main><div data-remote="mfe-catalog" data-await-hydration><button>Add to Cart</button></div></main></div><script type="application/json" id="server-queries">[]</script></body></html>`;

describe('the replace-render, for the side-by-side figures', () => {
  it("takes the root's hydration mark and the replay script out of a drawn page, and nothing else", () => {
    const before = asReplaceRender(PAGE);
    expect(before).not.toContain('<script>');
    expect(before).toContain('<div id="root" data-server-rendered data-viewport-width="412">');
    // The region keeps its mark: it says the server's picture is still there (the bench's "tapped before hydration").
    expect(before).toContain('<div data-remote="mfe-catalog" data-await-hydration><button>Add to Cart</button></div>');
    expect(before).toContain('id="server-queries"');
    expect(asReplaceRender('<div id="root"></div>')).toBe('<div id="root"></div>');
  });

  it('serves pages rewritten, uncompressed, and every other file as the edge sent it', async () => {
    const script = zlib.gzipSync('console.log(1)');
    const asked: (string | undefined)[] = [];
    const edge = http.createServer((request, response) => {
      asked.push(request.headers['accept-encoding']);
      if (request.url === '/main.js') {
        response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'immutable' });
        response.end(script);
        return;
      }
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'sid=1' });
      response.write(PAGE.slice(0, 100));
      response.end(PAGE.slice(100));
    });
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', () => resolve()));
    const proxy = await startReplaceRenderProxy(`http://127.0.0.1:${(edge.address() as AddressInfo).port}`, 0);
    try {
      const page = await fetch(`${proxy.url}/shop`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
      expect(page.status).toBe(404);
      expect(page.headers.get('set-cookie')).toBe('sid=1');
      expect(await page.text()).toBe(asReplaceRender(PAGE));
      const file = await new Promise<http.IncomingMessage>((resolve) => http.get(`${proxy.url}/main.js`, { headers: { 'accept-encoding': 'gzip' } }, resolve));
      const body: Buffer[] = [];
      for await (const chunk of file) body.push(chunk as Buffer);
      expect(file.headers['content-encoding']).toBe('gzip');
      expect(file.headers['cache-control']).toBe('immutable');
      expect(Buffer.concat(body)).toEqual(script);
      expect(asked).toEqual([undefined, 'gzip']);
    } finally {
      await proxy.close();
      edge.close();
    }
  });
});

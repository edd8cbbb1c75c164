/**
 * The store before it hydrated its pages, for the bench's side-by-side figures: the server's first
 * screen is a picture the browser throws away and draws again (`createRoot`), and a tap on it
 * before then is lost. A proxy in front of the shell's edge takes from each page it serves what
 * makes the browser hydrate it (the root's hydration mark, app/hydration.ts's readServerPage) and
 * the inline script that keeps early taps (edge/src/eventReplay.ts); the shell then starts as on
 * a page it has to draw itself. Everything else passes through unchanged. Unlike the old page,
 * the root is not `inert` (nothing would lift it): its links work before the scripts, its buttons
 * do nothing until the browser's render replaces them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPLAY_SCRIPT_TAG } from '@storefront/edge/event-replay';
import { HYDRATION_PENDING_ATTRIBUTE } from '@storefront/shared/ssr/contract';

/** The page as the replace-render served it: no hydration mark on the root, no replay script. */
export function asReplaceRender(html: string): string {
  return html.replace(REPLAY_SCRIPT_TAG, '').replace(/<div id="root"([^>]*)>/, (tag: string, attributes: string) => `<div id="root"${attributes.split(` ${HYDRATION_PENDING_ATTRIBUTE}`).join('')}>`);
}

/** Headers that describe a body the proxy changes, or a connection of its own. */
const NOT_PASSED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

export interface ReplaceRenderProxy {
  url: string;
  close: () => Promise<void>;
}

/** A proxy at `port` in front of `target` (an origin) serving its pages as the replace-render did. */
export async function startReplaceRenderProxy(target: string, port: number): Promise<ReplaceRenderProxy> {
  const origin = new URL(target);
  const server = http.createServer((request, response) => {
    const page = (request.headers.accept ?? '').includes('text/html');
    const headers = { ...request.headers, host: origin.host };
    // A page is read whole and rewritten: asked for uncompressed.
    if (page) delete headers['accept-encoding'];
    const upstream = http.request({ hostname: origin.hostname, port: origin.port, method: request.method, path: request.url, headers }, (answer) => {
      const html = page && String(answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!html) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(asReplaceRender(Buffer.concat(chunks).toString('utf8')));
        const passed = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !NOT_PASSED.has(name)));
        response.writeHead(answer.statusCode ?? 502, { ...passed, 'content-length': body.length });
        response.end(body);
      });
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

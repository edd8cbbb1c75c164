/**
 * Reading the pages the edge draws on the server, as the server-render specs do: text as React
 * escapes it, a simple product's cart line, the quantity a product page starts at, the cookies an
 * answer set, the answers a page's store starts with, and a GET that keeps the chunks the server
 * wrote.
 */
import net from 'node:net';
import type { Product } from '@storefront/shared';
import { cartLineKey, effectivePrice } from '@storefront/shared/domain';
import { SERVER_QUERIES_ELEMENT_ID } from '@storefront/shared/ssr/contract';

/** Text as React writes it into HTML. */
export const escapedHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cart line a product's page adds for a simple product. */
export const cartLineOf = (product: Product, qty: number) => ({ id: cartLineKey(product), name: product.name, price: effectivePrice(product), has_variants: false, small_pictures: product.small_pictures, qty });

/** The quantity a product page's purchase panel starts at, as the server drew it. */
export const startingQuantity = (html: string) => /<input id="[^"]*" class="sf-qty__input"[^>]* value="(\d+)"/.exec(html)?.[1];

/** The cookies an answer set, as a browser would send them back. */
export const cookieOf = (response: Response) => response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

/** A GET over a plain socket: the status, and the body in the chunks the server wrote (HTTP/1.1 chunked encoding), or whole. */
export async function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; chunks: string[] }> {
  const { hostname, port, pathname, search } = new URL(url);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.on('end', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
  });
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd).toString();
  const status = Number(head.split(' ')[1]);
  let body = raw.subarray(headEnd + 4);
  if (!/^transfer-encoding:\s*chunked/im.test(head)) return { status, chunks: [body.toString()] };
  const chunks: string[] = [];
  for (;;) {
    const lineEnd = body.indexOf('\r\n');
    const size = parseInt(body.subarray(0, lineEnd).toString(), 16);
    if (!size) return { status, chunks };
    chunks.push(body.subarray(lineEnd + 2, lineEnd + 2 + size).toString());
    body = body.subarray(lineEnd + 2 + size + 2);
  }
}

/** The answers a page's store starts with, as the server wrote them into the page. */
export function serverAnswersIn(html: string): { endpointName: string; value: unknown }[] {
  const json = html.slice(html.indexOf(`id="${SERVER_QUERIES_ELEMENT_ID}">`) + SERVER_QUERIES_ELEMENT_ID.length + 6);
  return JSON.parse(json.slice(0, json.indexOf('</script>'))) as { endpointName: string; value: unknown }[];
}

/** The page's drawing inside #root, without the answers that follow it. */
export const frameOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</div><script type="application/json"'));

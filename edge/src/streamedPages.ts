/**
 * A shopper's page streamed (page.ts): the template's head sent at once with the route's tags, so
 * the browser fetches the page's files while the server draws it, and the rest once it is drawn,
 * compressed as the browser accepts.
 */
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DESCRIPTION, headTags, PAGE_BROTLI_PARAMS, renderedPageParts, SHARED_ENCODINGS, TITLE, type PageTemplate } from './pageTemplate';
import type { RenderedPage } from './renderedPage';

/** The template's head cut for streaming, once per build: what comes before the render, and the title and description it may replace. */
const openings = new WeakMap<PageTemplate, { opening: string; title: string; description: string }>();
function headParts(template: PageTemplate): { opening: string; title: string; description: string } {
  let parts = openings.get(template);
  if (!parts) {
    parts = {
      opening: template.top.replace(TITLE, '').replace(DESCRIPTION, '') + template.scripts,
      title: TITLE.exec(template.top)?.[0] ?? '',
      description: DESCRIPTION.exec(template.top)?.[0] ?? '',
    };
    openings.set(template, parts);
  }
  return parts;
}

/**
 * A streamed page's first part: the template's head up to its end, with the route's tags, less its
 * title and description, which the render names (they follow in the rest, still in the head).
 */
export function streamedOpening(template: PageTemplate, headTags: readonly string[]): string {
  return headParts(template).opening + headTags.join('');
}

/**
 * The rest of a streamed page once it is drawn (or not: the browser draws it): the title and
 * description, the first screen's pictures and styles, then the body. A page sent as found whose
 * render then showed its not-found screen (a product removed meanwhile) tells search engines not to
 * keep it, as its status no longer can.
 */
export function restOfStreamedPage(template: PageTemplate, rendered: RenderedPage | null, sentStatus: number): string {
  const { title, description } = headParts(template);
  const named = rendered?.head ? headTags(rendered.head).join('') : title + description;
  const notFoundAfterAll = rendered?.status !== undefined && rendered.status >= 400 && sentStatus < 400 ? '<meta name="robots" content="noindex">' : '';
  const parts = rendered ? renderedPageParts(rendered) : { early: [], head: [], root: template.root };
  return [named, notFoundAfterAll, ...parts.early, ...parts.head, template.body, parts.root, template.bottom].join('');
}

/**
 * Sends `first` at once and `rest` when it comes, compressed as the browser accepts (each part
 * flushed out of the compressor as it is written: the browser reads the head while the rest is drawn).
 */
export function streamPage(request: FastifyRequest, reply: FastifyReply, first: string, rest: Promise<string>): FastifyReply {
  const chosen = negotiate(String(request.headers['accept-encoding'] ?? ''), [...SHARED_ENCODINGS]);
  const body =
    chosen === 'br'
      ? zlib.createBrotliCompress({ params: { ...PAGE_BROTLI_PARAMS } })
      : chosen === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : new PassThrough();
  reply.header('Vary', 'Sec-CH-UA-Mobile, User-Agent, Accept-Encoding');
  if (chosen === 'br' || chosen === 'gzip') reply.header('Content-Encoding', chosen);
  body.write(first);
  if (body instanceof zlib.Gzip) body.flush(zlib.constants.Z_SYNC_FLUSH);
  else if (body instanceof zlib.BrotliCompress) body.flush();
  void rest.then(
    (text) => {
      // The shopper may have gone meanwhile.
      if (!body.destroyed && !body.writableEnded) body.end(text);
    },
    (error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return reply.send(body);
}

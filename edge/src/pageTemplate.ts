/**
 * The page template and what is cut and assembled from it: index.html as the build wrote it, cut
 * once at the markers its template leaves (shared/src/ui/index.html), filled with a page's head,
 * preloads and first screen, and kept as bytes (and compressed copies) for the pages shared by
 * many guests. registerPages (page.ts) serves them.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import {
  HYDRATION_PENDING_ATTRIBUTE,
  SERVER_QUERIES_ELEMENT_ID,
  type ServerQueryEntry,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_VIEWPORT_ATTRIBUTE,
  type PageHead,
} from '@storefront/shared/ssr/contract';
import { currentStat } from '@storefront/release-state';
import { REPLAY_SCRIPT_TAG } from './eventReplay';
import { framedPageOf, type FramedPage } from './shopperFrames';
import type { RenderedPage } from './renderedPage';

export const PAGE_MARKERS = {
  /** Where the page's first pictures are preloaded: before its scripts. */
  beforeScripts: '<!--#edge:before-scripts-->',
  /** Where the route's preloads and the first screen's styles go. */
  endOfHead: '<!--#edge:end-of-head-->',
  /** Around the empty #root the first screen replaces. */
  rootStart: '<!--#edge:root-->',
  rootEnd: '<!--#/edge:root-->',
} as const;

/** index.html cut at its markers. */
export interface PageTemplate {
  top: string;
  scripts: string;
  body: string;
  root: string;
  bottom: string;
}

/** The template's pieces, or null when a marker is missing (a page not built from our template is served as it is). */
export function parsePageTemplate(html: string): PageTemplate | null {
  const at = (marker: string, from: number) => html.indexOf(marker, from);
  const beforeScripts = at(PAGE_MARKERS.beforeScripts, 0);
  const endOfHead = at(PAGE_MARKERS.endOfHead, beforeScripts);
  const rootStart = at(PAGE_MARKERS.rootStart, endOfHead);
  const rootEnd = at(PAGE_MARKERS.rootEnd, rootStart);
  if (beforeScripts < 0 || endOfHead < 0 || rootStart < 0 || rootEnd < 0) return null;
  return {
    top: html.slice(0, beforeScripts),
    scripts: html.slice(beforeScripts + PAGE_MARKERS.beforeScripts.length, endOfHead),
    body: html.slice(endOfHead + PAGE_MARKERS.endOfHead.length, rootStart),
    root: html.slice(rootStart + PAGE_MARKERS.rootStart.length, rootEnd),
    bottom: html.slice(rootEnd + PAGE_MARKERS.rootEnd.length),
  };
}

/** index.html of a build folder, cut once per build (a working build rewrites it in place). */
export function templateReader(dist: string): () => Promise<{ template: PageTemplate | null; html: string } | null> {
  const file = path.join(dist, 'index.html');
  let cached: { mtimeMs: number; template: PageTemplate | null; html: string } | null = null;
  return async () => {
    const stat = await currentStat(file);
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const html = await fs.readFile(file, 'utf8');
      cached = { mtimeMs: stat.mtimeMs, html, template: parsePageTemplate(html) };
    }
    return cached;
  };
}

/** What a request adds to the template. */
export interface PageParts {
  /** Before the scripts: the first screen's high-priority pictures. */
  early?: readonly string[];
  /** At the end of the head: the route's preloads, the first screen's styles. */
  head?: readonly string[];
  /** In place of the empty #root: the first screen, and the answers it was drawn with. */
  root?: string;
}

export function assemblePage(template: PageTemplate, { early = [], head = [], root }: PageParts): string {
  return [template.top, ...early, template.scripts, ...head, template.body, root ?? template.root, template.bottom].join('');
}

/** A stylesheet's text as the content of a <style> element. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** JSON as the content of a <script>: a `<` in a review's text cannot end the element early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The image preloads React wrote for the page's high-priority pictures (its LCP candidates). */
const PRIORITY_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\sfetchPriority="high"[^>]*\/?>/gi;

/**
 * The first screen's parts: it goes in #root (live at once; the inline script ahead of it keeps the
 * taps made before the browser hydrates it, eventReplay.ts), its styles in the head, and the answers it was drawn with after it, for the browser's store. Its
 * high-priority image preloads go to the head before the scripts, as a whole-document render
 * would place them: on HTTP/1.1 a browser opens six connections to a host, and behind the
 * shell's eight first-load scripts the shop's first pictures (its LCP) waited for one.
 */
export function renderedPageParts(page: RenderedPage): Required<PageParts> {
  // A skeleton (pageFrame.ts's `skeletonPage`) is not hydrated: the browser draws the page over
  // it (createRoot, as a page the server did not draw), its first render the same frame and
  // skeleton. Hydrating it would ask the browser's first render to match a frame drawn from no
  // answers and with no region, which it does not (the region's loading state is a Suspense
  // boundary's there).
  if (page.skeleton) return { early: [], head: [`<style>${styleText(page.css)}</style>`], root: `<div id="root">${page.html}</div>` };
  const early = page.html.match(PRIORITY_IMAGE_PRELOAD) ?? [];
  const html = early.length > 0 ? page.html.replace(PRIORITY_IMAGE_PRELOAD, '') : page.html;
  const queries = page.queries.length > 0 ? `<script type="application/json" id="${SERVER_QUERIES_ELEMENT_ID}">${scriptJson(page.queries)}</script>` : '';
  return {
    early,
    head: [`<style ${SERVER_RENDERED_ATTRIBUTE}>${styleText(page.css)}</style>`],
    root: `${REPLAY_SCRIPT_TAG}<div id="root" ${SERVER_RENDERED_ATTRIBUTE} ${HYDRATION_PENDING_ATTRIBUTE} ${SERVER_VIEWPORT_ATTRIBUTE}="${page.viewportWidth}">${html}</div>${queries}`,
  };
}

/** A `<link>` that preloads a script and names no priority of its own. */
const SCRIPT_PRELOAD = /<link(?=[^>]*\srel="?preload"?[\s>])(?=[^>]*\sas="?script"?[\s>])(?![^>]*\sfetchpriority=)/gi;

/**
 * A drawn page's script preloads at low priority: its first screen is in the HTML, and the scripts
 * only make it live (taps meanwhile are kept: eventReplay.ts), so the pictures it shows come first.
 * A browser gives a preloaded script high priority, and Lighthouse counts a high-priority script
 * that arrived before the first paint as needed for it: served from a nearby machine, they do, and
 * its simulated slow phone then painted a drawn page only after downloading every script (a first
 * paint of ~2.1 s instead of ~0.7 s). A page not drawn keeps them high: they draw its first screen.
 */
export function scriptPreloadsLow(html: string): string {
  return html.replace(SCRIPT_PRELOAD, '<link fetchpriority="low"');
}

/** The template with its script preloads at low priority, for a drawn page; worked out once per template. */
const drawnTemplates = new WeakMap<PageTemplate, PageTemplate>();
export function drawnPageTemplate(template: PageTemplate): PageTemplate {
  let drawn = drawnTemplates.get(template);
  if (!drawn) {
    drawn = { ...template, scripts: scriptPreloadsLow(template.scripts) };
    drawnTemplates.set(template, drawn);
  }
  return drawn;
}

/** Text as the content of an HTML attribute or element. */
function htmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const TITLE = /<title>[^<]*<\/title>/;
export const DESCRIPTION = /<meta name="?description"?[^>]*>/;

/**
 * The template's head with the page's own title and description, as the server render named them
 * (the browser's table of them loads later: shell/src/layout/laterParts.ts).
 */
export function withPageHead(template: PageTemplate, head: PageHead | undefined): PageTemplate {
  if (!head) return template;
  const [title, description] = headTags(head);
  const top = template.top.replace(TITLE, title).replace(DESCRIPTION, description);
  return { ...template, top };
}

/** The page's title and description as tags, written as text. */
export function headTags(head: PageHead): [title: string, description: string] {
  return [`<title>${htmlText(head.title)}</title>`, `<meta name="description" content="${htmlText(head.description)}">`];
}

/**
 * A rendered page, assembled: once per render, template and head tags (a guest's page is shared
 * by many requests, guestPages.ts), and kept as bytes, so a shared page costs a lookup.
 */
const assembled = new WeakMap<RenderedPage, { template: PageTemplate; headTags: string; bytes: Buffer }>();
function assembledOnce(page: RenderedPage, template: PageTemplate, headTags: string, assemble: () => string): Buffer {
  const hit = assembled.get(page);
  if (hit && hit.template === template && hit.headTags === headTags) return hit.bytes;
  const bytes = Buffer.from(assemble());
  assembled.set(page, { template, headTags, bytes });
  return bytes;
}

/**
 * Where a shopper's lists' answers go in their frame's page assembled once: a string among the
 * page's answers, found from the end (only the answers' close and the template's last tags follow).
 */
const LISTS_SLOT = 'storefront:their-lists';
const LISTS_SLOT_JSON = JSON.stringify(LISTS_SLOT);

/**
 * A shopper's page in a frame kept for every shopper with the same counts (shopperFrames.ts): the
 * frame's page assembled once, template and head tags, around a slot for the shopper's lists'
 * answers, and each page those bytes with theirs put in. The same bytes as assembling their page
 * whole, which each request then did: at 20 connections its 120 KB were the edge's main cost.
 */
const aroundLists = new WeakMap<RenderedPage, { template: PageTemplate; headTags: string; before: Buffer; after: Buffer }>();
function assembledAroundLists({ frame, frameQueries, lists }: FramedPage, template: PageTemplate, headTags: string, assemble: (page: RenderedPage) => string): Buffer | null {
  let hit = aroundLists.get(frame);
  if (!hit || hit.template !== template || hit.headTags !== headTags) {
    const text = assemble({ ...frame, queries: [...frameQueries, LISTS_SLOT as unknown as ServerQueryEntry] });
    const at = text.lastIndexOf(LISTS_SLOT_JSON);
    if (at < 0) return null;
    hit = { template, headTags, before: Buffer.from(text.slice(0, at)), after: Buffer.from(text.slice(at + LISTS_SLOT_JSON.length)) };
    aroundLists.set(frame, hit);
  }
  return Buffer.concat([hit.before, Buffer.from(lists.map(scriptJson).join(',')), hit.after]);
}

/**
 * A drawn page's bytes, assembled with `template` (drawnPageTemplate) and the route's head tags.
 * A skeleton (pageFrame.ts's `skeletonPage`) keeps the route's script preloads as built: its
 * scripts draw the page's region.
 */
export function drawnPageBytes(rendered: RenderedPage, template: PageTemplate, headTags: readonly string[]): Buffer {
  const assemble = (page: RenderedPage) => {
    const parts = renderedPageParts(page);
    return assemblePage(withPageHead(template, page.head), { ...parts, head: [...(page.skeleton ? headTags : headTags.map(scriptPreloadsLow)), ...parts.head] });
  };
  const framed = framedPageOf(rendered);
  return (framed && assembledAroundLists(framed, template, headTags.join(''), assemble)) ?? assembledOnce(rendered, template, headTags.join(''), () => assemble(rendered));
}

/**
 * Brotli for a page compressed on its way (a shopper's, drawn for them or streamed): quality 4 and
 * a 256 KB window. A page is about 120 KB, so brotli's default 4 MB window finds nothing more in
 * it, and cost each page's stream more to set up and free than compressing the page: a cart-line
 * shopper's home at 20 connections went out at 141–168 pages/s with it, 252–272 with this one.
 */
export const PAGE_BROTLI_PARAMS: Readonly<Record<number, number>> = {
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
};

/** The encodings a shared page is kept in, the browser's choice first. */
export const SHARED_ENCODINGS = ['br', 'gzip'] as const;
type SharedEncoding = (typeof SHARED_ENCODINGS)[number];

/**
 * A shared page's bytes compressed, once per encoding (off the event loop, in zlib's threads): a
 * guest's page then costs its many requests no compression each. Quality as a page compressed on
 * the fly gets, which a guest's page drawn every few seconds can well afford.
 */
const encoded = new WeakMap<Buffer, Partial<Record<SharedEncoding, Promise<Buffer>>>>();
export function encodedOnce(bytes: Buffer, encoding: SharedEncoding): Promise<Buffer> {
  const copies = encoded.get(bytes) ?? {};
  encoded.set(bytes, copies);
  copies[encoding] ??=
    encoding === 'br'
      ? promisify(zlib.brotliCompress)(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
      : promisify(zlib.gzip)(bytes, { level: 6 });
  return copies[encoding];
}


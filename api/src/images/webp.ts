/**
 * Small pictures (cards', cart lines') go to the browser as WebP: a browser decodes a bitmap off its
 * page's main thread, where it parses, lays out and paints every SVG picture, a document of its own
 * each. Encoded by sharp (libvips), 10–70 ms a picture, so each drawing is encoded once and kept,
 * keyed by the drawing itself: a product renamed or recoloured is drawn and encoded afresh.
 */
import sharp from 'sharp';

/** About 3 KB each: some 3 MB for the pictures of a catalogue ten times the seed's. */
export const KEPT_PICTURES = 1024;

// The encoded pictures are kept here; libvips' own cache of operations would only hold them twice.
sharp.cache(false);
// One thread per picture: two cores also serve the api's requests.
sharp.concurrency(1);

const kept = new Map<string, Promise<Buffer>>();

/** The picture drawn as `svg`, as lossless WebP at the SVG's own width and height. */
export function webpOf(svg: string): Promise<Buffer> {
  const known = kept.get(svg);
  if (known) {
    // Most recently used last: the oldest is the first let go.
    kept.delete(svg);
    kept.set(svg, known);
    return known;
  }
  const encoding = sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer();
  kept.set(svg, encoding);
  encoding.catch(() => kept.delete(svg));
  if (kept.size > KEPT_PICTURES) kept.delete(kept.keys().next().value as string);
  return encoding;
}

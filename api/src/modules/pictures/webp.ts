/**
 * Small pictures (cards', cart lines') go to the browser as WebP: a browser decodes a bitmap off its
 * page's main thread, where it parses, lays out and paints every SVG picture, a document of its own
 * each. Encoded by sharp (libvips), 10–70 ms a picture, so each drawing is encoded once and kept,
 * keyed by the drawing itself: a product renamed or recoloured is drawn and encoded afresh.
 *
 * What one client can make it do (limits.ts, `pictures`): encodes run a few at a time and a few
 * dozen wait; past that a picture is answered as its SVG (imageRoutes.ts) rather than queued, so
 * asking for many pictures no one has asked for yet never holds up the api's other answers.
 */
import sharp from 'sharp';
import { BoundedQueue } from '../../identity/hashQueue';
import type { EncoderLimits } from '../../limits';

// The encoded pictures are kept here; libvips' own cache of operations would only hold them twice.
sharp.cache(false);
// One thread per picture: two cores also serve the api's requests.
sharp.concurrency(1);

export class PictureEncoder {
  private readonly kept = new Map<string, Promise<Buffer>>();
  // The password hashes' bounded queue: at most `atOnce` running, `waitingMax` waiting.
  private readonly queue: BoundedQueue;

  constructor(private readonly limits: EncoderLimits) {
    this.queue = new BoundedQueue({ concurrency: limits.atOnce, maxWaiting: limits.waitingMax, retryAfterSeconds: 0 });
  }

  /** The picture drawn as `svg`, as lossless WebP at the SVG's own size; null when too many encodes are waiting. */
  webpOf(svg: string): Promise<Buffer> | null {
    const known = this.kept.get(svg);
    if (known) {
      // Most recently asked for last: the oldest is the first let go.
      this.kept.delete(svg);
      this.kept.set(svg, known);
      return known;
    }
    // Declined here rather than by the queue's own refusal, so that nothing is kept for it.
    const { running, waiting } = this.queue.load;
    if (running >= this.limits.atOnce && waiting >= this.limits.waitingMax) return null;
    const encoding = this.queue.run(() => sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer());
    this.kept.set(svg, encoding);
    encoding.catch(() => this.kept.delete(svg));
    if (this.kept.size > this.limits.kept) this.kept.delete(this.kept.keys().next().value as string);
    return encoding;
  }
}

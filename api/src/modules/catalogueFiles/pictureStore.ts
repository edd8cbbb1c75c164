import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { Database, Queryable } from '../../db/database';
import { FetchRefused, fetchPublic, PUBLIC_FETCH_LIMITS, type PublicFetchLimits } from '../../net/publicFetch';

/** The store's two sizes of a product picture: cards and cart lines, and the product page's gallery. */
export const PICTURE_SIZES = { small: 400, large: 800 } as const;

/**
 * What one picture may be, judged by its bytes (never by its name or the server's content type):
 * JPEG, PNG, WebP, GIF, AVIF or TIFF, at most 20 MB and 40 megapixels. SVG is refused: it is a
 * document that can carry script and reach other addresses, not a picture.
 */
export const PICTURE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000, formats: ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'] };

export class PictureRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PictureRefused';
  }
}

/** Checks that `bytes` are a picture the store takes, and says what kind; a refusal says why. */
export async function judgePicture(bytes: Buffer): Promise<{ format: string; width: number; height: number }> {
  if (bytes.length === 0) throw new PictureRefused('the file is empty');
  if (bytes.length > PICTURE_LIMITS.maxBytes) throw new PictureRefused(`the picture is larger than ${PICTURE_LIMITS.maxBytes / 1024 / 1024} MB`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: PICTURE_LIMITS.maxPixels }).metadata();
  } catch {
    throw new PictureRefused('the file is not a picture the store can read');
  }
  const format = metadata.format ?? 'unknown';
  if (format === 'svg') throw new PictureRefused('SVG files are not taken: send a JPEG, PNG or WebP');
  if (!PICTURE_LIMITS.formats.includes(format)) throw new PictureRefused(`${format} pictures are not taken: send a JPEG, PNG or WebP`);
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > PICTURE_LIMITS.maxPixels) throw new PictureRefused(`the picture has more than ${PICTURE_LIMITS.maxPixels / 1_000_000} megapixels`);
  return { format, width, height };
}

export const digestOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Keeps the bytes of a picture the command line sent, once checked; answers their digest. */
export async function storeUpload(db: Queryable, bytes: Buffer): Promise<string> {
  await judgePicture(bytes);
  const digest = digestOf(bytes);
  await db.query('INSERT INTO picture_uploads (digest, bytes) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING', [digest, bytes]);
  return digest;
}

export interface PictureWanted {
  source: string;
  upload: string | null;
  alt: string;
  colour: string | null;
}

interface SourceRow {
  source: string;
  upload: string | null;
  state: string;
  problem: string | null;
  attempts: number;
  small_file: string | null;
  large_file: string | null;
  small_width: number | null;
  small_height: number | null;
  large_width: number | null;
  large_height: number | null;
}

/** A product's picture sources become `wanted`, in that order; one already made from the same bytes stays made. */
export async function replacePictureSources(tx: Queryable, productId: string, wanted: readonly PictureWanted[]): Promise<void> {
  const old = await tx.query<SourceRow>('SELECT * FROM picture_sources WHERE product_id = $1', [productId]);
  await tx.query('DELETE FROM picture_sources WHERE product_id = $1', [productId]);
  const rows = wanted.map((picture, index) => {
    const made = old.rows.find((row) => row.source === picture.source && row.upload === picture.upload && row.state === 'ready');
    return { ...made, product_id: productId, position: index + 1, ...picture, state: made ? 'ready' : 'waiting', attempts: made?.attempts ?? 0 };
  });
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO picture_sources (product_id, position, source, upload, alt, colour, state, problem, attempts,
         small_file, large_file, small_width, small_height, large_width, large_height)
       SELECT product_id, position, source, upload, alt, colour, state, problem, attempts,
         small_file, large_file, small_width, small_height, large_width, large_height
       FROM json_populate_recordset(NULL::picture_sources, $1::json)`,
      [JSON.stringify(rows)],
    );
  }
  await rebuildProductPictures(tx, productId);
}

/** The address a made picture is served at (under the api's /images/). */
export function catalogueFileUrl(productId: string, file: string): string {
  return `catalogue/${productId}/${file}`;
}

/**
 * What the store shows of a product's pictures: its made ones, in the file's order. A product
 * whose pictures come from a file and none of which is made yet shows none: the placeholder.
 */
export async function rebuildProductPictures(tx: Queryable, productId: string): Promise<void> {
  await tx.query('DELETE FROM product_pictures WHERE product_id = $1', [productId]);
  await tx.query(
    `INSERT INTO product_pictures (product_id, kind, position, url, width, height, colour)
     SELECT s.product_id, k.kind, s.rank::int,
       'catalogue/' || s.product_id || '/' || CASE k.kind WHEN 'small' THEN s.small_file ELSE s.large_file END,
       CASE k.kind WHEN 'small' THEN s.small_width ELSE s.large_width END,
       CASE k.kind WHEN 'small' THEN s.small_height ELSE s.large_height END,
       s.colour
     FROM (
       -- The same picture twice (one file named by two addresses) is shown once, where it first comes.
       SELECT *, row_number() OVER (ORDER BY position) AS rank
       FROM (SELECT DISTINCT ON (small_file) * FROM picture_sources WHERE product_id = $1 AND state = 'ready' ORDER BY small_file, position) first
     ) s
     CROSS JOIN (VALUES ('small'), ('large')) AS k(kind)`,
    [productId],
  );
}

/**
 * The store's sizes of a picture, as WebP: square, as every picture of the store is shown, with
 * the whole picture fitted inside on white (a dress's hem is never cropped), turned upright.
 */
export async function makeSizes(bytes: Buffer): Promise<Record<keyof typeof PICTURE_SIZES, { bytes: Buffer; width: number; height: number }>> {
  await judgePicture(bytes);
  const make = async (size: number) => {
    const { data, info } = await sharp(bytes, { limitInputPixels: PICTURE_LIMITS.maxPixels })
      .rotate()
      .resize({ width: size, height: size, fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  };
  return { small: await make(PICTURE_SIZES.small), large: await make(PICTURE_SIZES.large) };
}

/** How many times a picture is tried before it is marked failed (a server that is down for a moment gets another go, 30 s later, then 60 s). */
const ATTEMPTS = 3;

export interface PictureMakerOptions {
  fetchLimits?: PublicFetchLimits;
}

/**
 * Makes the next waiting picture: reads its bytes (sent, or fetched from its address), makes the
 * store's sizes, keeps them, and shows them on the product. Answers false when none waits (or
 * none whose next try is due). A picture whose source changed meanwhile is left for its new source.
 */
export async function makeNextPicture(database: Database, options: PictureMakerOptions = {}): Promise<boolean> {
  const next = await database.query<{ product_id: string; position: number; source: string; upload: string | null; attempts: number }>(
    // A picture whose last try failed on the network waits 30 s a try before the next.
    `SELECT product_id, position, source, upload, attempts FROM picture_sources
     WHERE state = 'waiting' AND changed_at <= clock_timestamp() - make_interval(secs => attempts * 30)
     ORDER BY changed_at, product_id, position LIMIT 1`,
  );
  const row = next.rows[0];
  if (!row) return false;
  let problem: string | null = null;
  let final = false;
  let made: Awaited<ReturnType<typeof makeSizes>> | null = null;
  let digest = '';
  try {
    let bytes: Buffer;
    if (row.upload) {
      const upload = await database.query<{ bytes: Buffer | Uint8Array }>('SELECT bytes FROM picture_uploads WHERE digest = $1', [row.upload]);
      const found = upload.rows[0];
      if (!found) throw new PictureRefused('its file was not sent to the store');
      bytes = Buffer.from(found.bytes);
    } else {
      bytes = await fetchPublic(row.source, options.fetchLimits ?? PUBLIC_FETCH_LIMITS);
    }
    digest = digestOf(bytes);
    made = await makeSizes(bytes);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
    // A refusal is for good; a network failure may pass.
    final = error instanceof PictureRefused || error instanceof FetchRefused || row.attempts + 1 >= ATTEMPTS;
  }
  await database.transaction(async (tx) => {
    const still = await tx.query(
      `SELECT 1 FROM picture_sources WHERE product_id = $1 AND position = $2 AND source = $3 AND upload IS NOT DISTINCT FROM $4 AND state = 'waiting' FOR UPDATE`,
      [row.product_id, row.position, row.source, row.upload],
    );
    if (still.rows.length === 0) return;
    if (!made) {
      await tx.query(
        `UPDATE picture_sources SET state = $3, problem = $4, attempts = attempts + 1, changed_at = clock_timestamp() WHERE product_id = $1 AND position = $2`,
        [row.product_id, row.position, final ? 'failed' : 'waiting', problem],
      );
      return;
    }
    const small = `${digest}-small.webp`;
    const large = `${digest}-large.webp`;
    await tx.query('INSERT INTO picture_files (name, bytes) VALUES ($1, $2), ($3, $4) ON CONFLICT (name) DO NOTHING', [small, made.small.bytes, large, made.large.bytes]);
    await tx.query(
      `UPDATE picture_sources SET state = 'ready', problem = NULL, attempts = attempts + 1, changed_at = clock_timestamp(),
         small_file = $3, large_file = $4, small_width = $5, small_height = $6, large_width = $7, large_height = $8
       WHERE product_id = $1 AND position = $2`,
      [row.product_id, row.position, small, large, made.small.width, made.small.height, made.large.width, made.large.height],
    );
    await rebuildProductPictures(tx, row.product_id);
  });
  return true;
}

/** The pictures of the catalogue by state, and the failed ones with why, for the command line. */
export async function pictureReport(db: Queryable): Promise<{ waiting: number; ready: number; failed: { link: string; source: string; problem: string }[] }> {
  const counts = await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM picture_sources GROUP BY state');
  const failed = await db.query<{ link: string; source: string; problem: string }>(
    `SELECT p.link, s.source, COALESCE(s.problem, '') AS problem FROM picture_sources s JOIN products p ON p.id = s.product_id
     WHERE s.state = 'failed' ORDER BY p.link, s.position LIMIT 200`,
  );
  const count = (state: string) => counts.rows.find((row) => row.state === state)?.n ?? 0;
  return { waiting: count('waiting'), ready: count('ready'), failed: failed.rows };
}

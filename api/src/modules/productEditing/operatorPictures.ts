import type { Queryable } from '../../db/database';
import { digestOf, makeSizes, rebuildProductPictures } from '../catalogueFiles';
import { EditRefused } from './editing';

/** Pictures one product may show. */
const MAX_PICTURES = 24;

/**
 * A picture staff upload: judged by its bytes and made in the store's sizes at once (the same
 * maker as an import's), then shown last among the product's pictures, for every colour.
 */
export async function addPicture(db: Queryable, productId: string, bytes: Buffer): Promise<void> {
  const product = await db.query<{ id: string; pictures: number }>(
    'SELECT p.id, (SELECT count(*)::int FROM picture_sources s WHERE s.product_id = p.id) AS pictures FROM products p WHERE p.id = lower($1) FOR UPDATE',
    [productId],
  );
  const row = product.rows[0];
  if (!row) throw new EditRefused(404, 'not_found', `No product "${productId}"`);
  if (row.pictures >= MAX_PICTURES) throw new EditRefused(409, 'too_many_pictures', `a product shows at most ${MAX_PICTURES} pictures`);
  const digest = digestOf(bytes);
  const same = await db.query<{ position: number }>('SELECT position FROM picture_sources WHERE product_id = $1 AND upload = $2', [row.id, digest]);
  if (same.rows[0]) throw new EditRefused(409, 'same_picture', `body: this picture is already the product’s picture ${same.rows[0].position}`);
  const made = await makeSizes(bytes);
  const small = `${digest}-small.webp`;
  const large = `${digest}-large.webp`;
  await db.query('INSERT INTO picture_files (name, bytes) VALUES ($1, $2), ($3, $4) ON CONFLICT (name) DO NOTHING', [small, made.small.bytes, large, made.large.bytes]);
  await db.query(
    `INSERT INTO picture_sources (product_id, position, source, upload, state, small_file, large_file, small_width, small_height, large_width, large_height)
     VALUES ($1, (SELECT COALESCE(max(position), 0) + 1 FROM picture_sources WHERE product_id = $1), $2, $3, 'ready', $4, $5, $6, $7, $8, $9)`,
    [row.id, `uploaded/${digest}.webp`, digest, small, large, made.small.width, made.small.height, made.large.width, made.large.height],
  );
  await rebuildProductPictures(db, row.id);
}

export interface PictureArrangement {
  position: number;
  colour: string | null;
  alt: string;
}

/** The product's pictures in a new order, each with its colour and alt text; one left out is removed. */
export async function arrangePictures(db: Queryable, productId: string, arrangement: readonly PictureArrangement[]): Promise<void> {
  const product = await db.query<{ id: string; colours: string[] }>(
    'SELECT p.id, ARRAY(SELECT colour FROM product_colours WHERE product_id = p.id) AS colours FROM products p WHERE p.id = lower($1) FOR UPDATE',
    [productId],
  );
  const row = product.rows[0];
  if (!row) throw new EditRefused(404, 'not_found', `No product "${productId}"`);
  const old = await db.query<Record<string, unknown> & { position: number }>('SELECT * FROM picture_sources WHERE product_id = $1', [row.id]);
  const positions = arrangement.map((picture) => picture.position);
  const unknown = positions.find((position) => !old.rows.some((picture) => picture.position === position));
  if (unknown !== undefined) throw new EditRefused(400, 'invalid_picture', `pictures: the product has no picture ${unknown}`);
  if (new Set(positions).size !== positions.length) throw new EditRefused(400, 'invalid_picture', 'pictures: a picture is named twice');
  // No colour (every colour) may arrive as null or, coerced on its way in, as "".
  const strange = arrangement.find((picture) => picture.colour && !row.colours.includes(picture.colour));
  if (strange) throw new EditRefused(400, 'invalid_colour', `pictures: the product is not sold in "${strange.colour}"`);
  const rows = arrangement.map((picture, index) => ({
    ...old.rows.find((candidate) => candidate.position === picture.position),
    position: index + 1,
    colour: picture.colour || null,
    alt: picture.alt.trim(),
  }));
  await db.query('DELETE FROM picture_sources WHERE product_id = $1', [row.id]);
  if (rows.length > 0) await db.query('INSERT INTO picture_sources SELECT * FROM json_populate_recordset(NULL::picture_sources, $1::json)', [JSON.stringify(rows)]);
  await rebuildProductPictures(db, row.id);
}

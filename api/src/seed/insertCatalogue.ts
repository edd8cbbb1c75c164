import type { Queryable } from '../db/database';
import { LARGE_PICTURE_SIZE, SMALL_PICTURE_SIZE, type SeedProduct } from './buildCatalogue';

/** Rows per statement: each chunk travels as one JSON parameter. */
const CHUNK_SIZE = 2000;

const PRODUCT_COLUMNS = [
  'id',
  'link',
  'name',
  'sku',
  'description',
  'short_description',
  'price',
  'on_sale_price',
  'on_sale_until',
  'has_variants',
  'is_popular',
  'is_new',
  'stock',
  'rating',
  'ratings_count',
  'reviews_count',
  'category_ids',
  'colour_names',
].join(', ');

/**
 * Inserts many rows of `table` in one statement: the rows go as a single JSON array and
 * json_populate_recordset turns them into the table's row type, so there is no parameter
 * limit to chunk around and PGlite and PostgreSQL take the same SQL.
 */
async function insertRows(db: Queryable, table: string, columns: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ${table} (${columns})
     SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json) WITH ORDINALITY
     ORDER BY ordinality`,
    [JSON.stringify(rows)],
  );
}

/** A large picture is SVG, a small one WebP (api/src/modules/pictures/webp.ts). */
export function pictureUrl(productId: string, position: number, kind: 'small' | 'large'): string {
  return `products/${productId}/${position}${kind === 'small' ? '-small.webp' : '.svg'}`;
}

async function insertChunk(db: Queryable, products: readonly SeedProduct[]): Promise<void> {
  // category_ids and colour_names are what product_categories' and product_colours' triggers would
  // derive (migrations 009, 023); set here, they spare those triggers rewriting every product just
  // inserted (and its search postings).
  await insertRows(
    db,
    'products',
    PRODUCT_COLUMNS,
    products.map((product) => ({ ...product, category_ids: product.categories, colour_names: [...product.colours].sort() })),
  );
  await insertRows(
    db,
    'product_categories',
    'product_id, category_id, position',
    products.flatMap((product) =>
      product.categories.map((categoryId, position) => ({ product_id: product.id, category_id: categoryId, position })),
    ),
  );
  await insertRows(
    db,
    'product_colours',
    'product_id, colour, position',
    products.flatMap((product) => product.colours.map((colour, position) => ({ product_id: product.id, colour, position }))),
  );
  await insertRows(
    db,
    'product_sizes',
    'product_id, size, position',
    products.flatMap((product) => product.sizes.map((size, position) => ({ product_id: product.id, size, position }))),
  );
  await insertRows(
    db,
    'product_pictures',
    'product_id, kind, position, url, width, height, colour',
    products.flatMap((product) =>
      Array.from({ length: product.pictureCount }, (_, index) => index + 1).flatMap((position) => {
        // Picture n shows the product's colours in turn (pictureColour; the image route draws it so).
        const colour = pictureColour(product.colours, position);
        return [
          {
            product_id: product.id,
            kind: 'small',
            position,
            url: pictureUrl(product.id, position, 'small'),
            width: SMALL_PICTURE_SIZE,
            height: SMALL_PICTURE_SIZE,
            colour,
          },
          {
            product_id: product.id,
            kind: 'large',
            position,
            url: pictureUrl(product.id, position, 'large'),
            width: LARGE_PICTURE_SIZE,
            height: LARGE_PICTURE_SIZE,
            colour,
          },
        ];
      }),
    ),
  );
}

export async function insertCatalogue(db: Queryable, products: readonly SeedProduct[]): Promise<void> {
  for (let start = 0; start < products.length; start += CHUNK_SIZE) {
    await insertChunk(db, products.slice(start, start + CHUNK_SIZE));
  }
}

/** The colour picture `position` (from 1) of a product shows: its colours in turn, or none for a product in one colour. */
export function pictureColour(colours: readonly string[], position: number): string | null {
  return colours.length === 0 ? null : (colours[(position - 1) % colours.length] ?? null);
}

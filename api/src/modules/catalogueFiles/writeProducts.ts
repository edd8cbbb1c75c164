import type { Queryable } from '../../db/database';
import type { PlannedProduct } from './readShopifyCsv';

/** A products row as an import writes it. */
/** Products written so far of those the import writes (new or changed), as the writing goes. */
export type ImportProgress = (written: number, total: number) => void;

/** The lists hanging off a product that an import rewrites: only those that changed are given. */
export interface ImportLists {
  id: string;
  categories?: string[];
  colours?: string[];
  sizes?: string[];
  variants?: PlannedProduct['variants'];
}

export interface ProductRow {
  id: string;
  link: string;
  name: string;
  description: string;
  short_description: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: string | null;
  sku: string;
  stock: number;
  published: boolean;
  has_variants: boolean;
  vendor: string;
  product_type: string;
  product_category: string;
  tags: string[];
  category_ids: string[];
  colour_names: string[];
}

const PRODUCT_COLUMNS = 'id, link, name, description, short_description, price, on_sale_price, on_sale_until, sku, stock, published, has_variants, vendor, product_type, product_category, tags, category_ids, colour_names';

/** Rows per statement: each chunk travels as one JSON parameter, and a statement's triggers run once per chunk. */
const CHUNK = 2000;

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}

/**
 * Writes the import's products and the lists hanging off them in a few statements per 2000
 * products, not a few per product: each statement's triggers (search words, the store's copy for
 * listings, change notices) then run once for many products.
 */
export async function writeProducts(
  tx: Queryable,
  inserts: readonly ProductRow[],
  updates: readonly ProductRow[],
  lists: readonly ImportLists[],
  onProgress: ImportProgress,
): Promise<void> {
  const total = inserts.length + updates.length;
  let written = 0;
  await inChunks(inserts, async (chunk) => {
    await tx.query(`INSERT INTO products (${PRODUCT_COLUMNS}) SELECT ${PRODUCT_COLUMNS} FROM json_populate_recordset(NULL::products, $1::json)`, [JSON.stringify(chunk)]);
    written += chunk.length;
    onProgress(written, total);
  });
  const assignments = PRODUCT_COLUMNS.split(', ')
    .filter((column) => column !== 'id' && column !== 'link')
    .map((column) => `${column} = d.${column}`)
    .join(', ');
  await inChunks(updates, async (chunk) => {
    await tx.query(`UPDATE products p SET ${assignments} FROM json_populate_recordset(NULL::products, $1::json) d WHERE p.id = d.id`, [JSON.stringify(chunk)]);
    written += chunk.length;
    onProgress(written, total);
  });
  const replace = async (table: string, column: string, key: 'categories' | 'colours' | 'sizes') => {
    const changed = lists.filter((list) => list[key] !== undefined);
    await inChunks(changed, async (chunk) => {
      await tx.query(`DELETE FROM ${table} WHERE product_id = ANY ($1::text[])`, [chunk.map((list) => list.id)]);
      const rows = chunk.flatMap((list) => (list[key] ?? []).map((value, position) => ({ product_id: list.id, [column]: value, position })));
      if (rows.length > 0) await tx.query(`INSERT INTO ${table} (product_id, ${column}, position) SELECT product_id, ${column}, position FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(rows)]);
    });
  };
  await replace('product_categories', 'category_id', 'categories');
  await replace('product_colours', 'colour', 'colours');
  await replace('product_sizes', 'size', 'sizes');
  // Variants go after every changed product's old ones are gone, so a SKU may move between products.
  const changedVariants = lists.filter((list) => list.variants !== undefined);
  await inChunks(changedVariants, (chunk) => tx.query('DELETE FROM product_variants WHERE product_id = ANY ($1::text[])', [chunk.map((list) => list.id)]));
  const variantRows = changedVariants.flatMap((list) => (list.variants ?? []).map((variant, position) => ({ product_id: list.id, sku: variant.sku, colour: variant.colour, size: variant.size, stock: variant.stock, position })));
  await inChunks(variantRows, (chunk) =>
    tx.query(
      `INSERT INTO product_variants (product_id, sku, colour, size, stock, position)
       SELECT product_id, sku, colour, size, stock, position FROM json_populate_recordset(NULL::product_variants, $1::json)`,
      [JSON.stringify(chunk)],
    ),
  );
}

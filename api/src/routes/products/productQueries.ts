import type { Picture, Product } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';

/** A products row with its lists aggregated as JSON, numerics already cast to float8. */
interface ProductRow {
  id: string;
  link: string;
  name: string;
  sku: string;
  description: string;
  short_description: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: Date | string | null;
  has_variants: boolean;
  is_popular: boolean;
  is_new: boolean;
  stock: number;
  rating: number;
  ratings_count: number;
  reviews_count: number;
  categories: Product['categories'];
  colours: Product['colours'];
  sizes: Product['sizes'];
  small_pictures: Picture[];
  large_pictures: Picture[];
}

/** pg and PGlite both hand timestamptz back as Date; text is accepted for safety. */
export function toIsoTimestamp(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function picturesSql(productAlias: string, kind: 'small' | 'large'): string {
  return `COALESCE((
    SELECT json_agg(json_build_object('url', pp.url, 'width', pp.width, 'height', pp.height) ORDER BY pp.position)
    FROM product_pictures pp WHERE pp.product_id = ${productAlias}.id AND pp.kind = '${kind}'
  ), '[]'::json)`;
}

/** Columns of `Product`, read from a products row aliased `p`. */
const PRODUCT_COLUMNS = `
  p.id, p.link, p.name, p.sku, p.description, p.short_description,
  p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
  p.has_variants, p.is_popular, p.is_new, p.stock,
  p.rating::float8 AS rating, p.ratings_count, p.reviews_count,
  COALESCE((
    SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY pc.position, c.position)
    FROM product_categories pc JOIN categories c ON c.id = pc.category_id
    WHERE pc.product_id = p.id
  ), '[]'::json) AS categories,
  COALESCE((
    SELECT json_agg(json_build_object('name', co.name, 'code', co.code) ORDER BY pco.position, co.position)
    FROM product_colours pco JOIN colours co ON co.name = pco.colour
    WHERE pco.product_id = p.id
  ), '[]'::json) AS colours,
  COALESCE((
    SELECT json_agg(json_build_object('name', s.name, 'label', s.label) ORDER BY ps.position, s.position)
    FROM product_sizes ps JOIN sizes s ON s.name = ps.size
    WHERE ps.product_id = p.id
  ), '[]'::json) AS sizes,
  ${picturesSql('p', 'small')} AS small_pictures,
  ${picturesSql('p', 'large')} AS large_pictures`;

function toProduct(row: ProductRow): Product {
  // Nothing holds stock back yet (no orders), so all of it is available.
  const availableStock = Math.max(0, row.stock);
  return {
    id: row.id,
    link: row.link,
    name: row.name,
    sku: row.sku,
    description: row.description,
    short_description: row.short_description,
    price: row.price,
    on_sale_price: row.on_sale_price,
    on_sale_until: toIsoTimestamp(row.on_sale_until),
    categories: row.categories,
    has_variants: row.has_variants,
    colours: row.colours,
    sizes: row.sizes,
    small_pictures: row.small_pictures,
    large_pictures: row.large_pictures,
    rating: row.rating,
    ratings_count: row.ratings_count,
    reviews_count: row.reviews_count,
    is_popular: row.is_popular,
    is_new: row.is_new,
    out_of_stock: availableStock <= 0,
    stock: row.stock,
    available_stock: availableStock,
  };
}

export interface ProductFilter {
  category?: string;
  search?: string;
}

export interface ProductPage {
  products: Product[];
  total: number;
}

/** `search` is matched literally: LIKE's wildcards in it are escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filterSql(filter: ProductFilter, params: unknown[]): string {
  const conditions: string[] = [];
  if (filter.category) {
    params.push(filter.category);
    const ref = `$${params.length}`;
    // A category is named by id or name in any letter case, and includes its sub-categories.
    conditions.push(`EXISTS (
      SELECT 1 FROM product_categories pc
      WHERE pc.product_id = p.id AND pc.category_id IN (
        WITH RECURSIVE chosen(id) AS (
          SELECT id FROM categories WHERE lower(id) = lower(${ref}) OR lower(name) = lower(${ref})
          UNION
          SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id
        )
        SELECT id FROM chosen
      )
    )`);
  }
  const search = filter.search?.trim();
  if (search) {
    params.push(containsPattern(search));
    const ref = `$${params.length}`;
    conditions.push(`(p.name ILIKE ${ref} OR p.description ILIKE ${ref} OR p.sku ILIKE ${ref})`);
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

export async function listProducts(
  db: Queryable,
  filter: ProductFilter,
  page: { offset: number; limit: number },
): Promise<ProductPage> {
  const params: unknown[] = [];
  const where = filterSql(filter, params);
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${where}`, params);
  const total = count.rows[0]?.total ?? 0;
  if (total <= page.offset) return { products: [], total };
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p ${where}
     ORDER BY p.seq
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.limit, page.offset],
  );
  return { products: rows.rows.map(toProduct), total };
}

/** By id or by link, in any letter case (ids and links are stored lowercase). */
export async function findProduct(db: Queryable, idOrLink: string): Promise<Product | null> {
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p
     WHERE p.id = lower($1) OR p.link = lower($1)
     ORDER BY (p.id = lower($1)) DESC
     LIMIT 1`,
    [idOrLink],
  );
  const row = rows.rows[0];
  return row ? toProduct(row) : null;
}

export async function findProductById(db: Queryable, id: string): Promise<Product | null> {
  const rows = await db.query<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = lower($1)`, [id]);
  const row = rows.rows[0];
  return row ? toProduct(row) : null;
}

export async function listWishlistProducts(db: Queryable, shopperId: string): Promise<Product[]> {
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS}
     FROM wishlist_items w JOIN products p ON p.id = w.product_id
     WHERE w.shopper_id = $1
     ORDER BY w.created_at, p.seq`,
    [shopperId],
  );
  return rows.rows.map(toProduct);
}

import type { CatalogueChoicesSchema, OperatorProductPageSchema, Static } from '@storefront/contracts';
import type { Queryable } from '../../db/database';

export const PRODUCTS_PER_PAGE = 25;

/** `%` and `_` typed by staff are looked for as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A page of every product, published or not, newest first; `q` finds names, SKUs (variants' too) and addresses. */
export async function listOperatorProducts(db: Queryable, q: string, page: number): Promise<Static<typeof OperatorProductPageSchema>> {
  const search = q.trim();
  // No search: every product ($1 is null).
  const where = `WHERE $1::text IS NULL OR p.name ILIKE $1 OR p.sku ILIKE $1 OR p.link ILIKE $1
    OR EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.sku ILIKE $1)`;
  const params = [search ? likeText(search) : null];
  const total = (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM products p ${where}`, params)).rows[0]?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const rows = await db.query<Static<typeof OperatorProductPageSchema>['products'][number]>(
    `SELECT p.id, p.link, p.name, p.sku, p.price::float8 AS price,
       CASE WHEN p.on_sale_until IS NULL OR p.on_sale_until > now() THEN p.on_sale_price::float8 END AS on_sale_price,
       p.stock, p.published,
       (SELECT pp.url FROM product_pictures pp WHERE pp.product_id = p.id AND pp.kind = 'small' ORDER BY pp.position LIMIT 1) AS picture
     FROM products p ${where}
     ORDER BY p.seq DESC LIMIT ${PRODUCTS_PER_PAGE} OFFSET $2`,
    [...params, (Math.min(page, pages) - 1) * PRODUCTS_PER_PAGE],
  );
  return { products: rows.rows, total, page: Math.min(page, pages), pages };
}

export async function catalogueChoices(db: Queryable): Promise<Static<typeof CatalogueChoicesSchema>> {
  const [categories, colours, sizes] = await Promise.all([
    db.query<{ id: string; name: string; parent: string | null }>(
      'SELECT c.id, c.name, parent.name AS parent FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id ORDER BY COALESCE(parent.position, c.position), c.parent_id NULLS FIRST, c.position, c.id',
    ),
    db.query<{ name: string; code: string }>('SELECT name, code FROM colours ORDER BY position, name'),
    db.query<{ name: string; label: string }>('SELECT name, label FROM sizes ORDER BY position, name'),
  ]);
  return { categories: categories.rows, colours: colours.rows, sizes: sizes.rows };
}

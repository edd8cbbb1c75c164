import type { CategoryFacet, ProductFacets } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { EFFECTIVE_PRICE_SQL, filterConditions, SqlParams, whereClause, type FacetDimension, type ProductFilter } from './productFilter';

type ColourFacet = ProductFacets['colours'][number];
type SizeFacet = ProductFacets['sizes'][number];

/**
 * A condition on `column` (a product id) keeping the matching products, with one facet's own
 * filter left out so its other options still count; TRUE when nothing narrows the list.
 */
function matching(column: string, filter: ProductFilter, omit: FacetDimension | undefined): { sql: string; params: SqlParams } {
  const params = new SqlParams();
  const conditions = filterConditions(filter, params, omit);
  const sql = conditions.length === 0 ? 'TRUE' : `${column} IN (SELECT p.id FROM product_search p ${whereClause(conditions)})`;
  return { sql, params };
}

async function categoryFacets(db: Queryable, filter: ProductFilter): Promise<CategoryFacet[]> {
  const { sql, params } = matching('pc.product_id', filter, 'category');
  // A product is often in a category and in its parent too: each counts once per subtree.
  const rows = await db.query<CategoryFacet>(
    `WITH RECURSIVE subtree(root_id, id) AS (
       SELECT id, id FROM categories
       UNION
       SELECT subtree.root_id, c.id FROM categories c JOIN subtree ON c.parent_id = subtree.id
     ),
     in_subtree AS (
       SELECT DISTINCT subtree.root_id, pc.product_id
       FROM product_categories pc JOIN subtree ON subtree.id = pc.category_id
       WHERE ${sql}
     ),
     counts AS (
       SELECT root_id, count(*)::int AS count FROM in_subtree GROUP BY root_id
     )
     SELECT c.id, c.name, parent.name AS parent, COALESCE(counts.count, 0) AS count
     FROM categories c
     LEFT JOIN categories parent ON parent.id = c.parent_id
     LEFT JOIN counts ON counts.root_id = c.id
     ORDER BY c.position, c.id`,
    params.values,
  );
  return rows.rows;
}

async function optionFacets<Row>(db: Queryable, filter: ProductFilter, dimension: 'colour' | 'size'): Promise<Row[]> {
  const { sql, params } = matching('link.product_id', filter, dimension);
  const [options, links, column, extra] =
    dimension === 'colour' ? ['colours', 'product_colours', 'colour', 'code'] : ['sizes', 'product_sizes', 'size', 'label'];
  const rows = await db.query<Row>(
    `WITH counts AS (
       SELECT link.${column} AS name, count(*)::int AS count
       FROM ${links} link WHERE ${sql}
       GROUP BY link.${column}
     )
     SELECT o.name, o.${extra}, COALESCE(counts.count, 0) AS count
     FROM ${options} o LEFT JOIN counts ON counts.name = o.name
     ORDER BY o.position, o.name`,
    params.values,
  );
  return rows.rows;
}

async function priceRange(db: Queryable, filter: ProductFilter): Promise<ProductFacets['price']> {
  const params = new SqlParams();
  const where = whereClause(filterConditions(filter, params, 'price'));
  const rows = await db.query<{ min: number | null; max: number | null }>(
    `SELECT min(${EFFECTIVE_PRICE_SQL})::float8 AS min, max(${EFFECTIVE_PRICE_SQL})::float8 AS max FROM product_search p ${where}`,
    params.values,
  );
  const row = rows.rows[0];
  return row && row.min !== null && row.max !== null ? { min: row.min, max: row.max } : null;
}

async function countMatching(db: Queryable, filter: ProductFilter): Promise<number> {
  const params = new SqlParams();
  const where = whereClause(filterConditions(filter, params));
  const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM product_search p ${where}`, params.values);
  return rows.rows[0]?.total ?? 0;
}

/**
 * Counts for the filter sidebar. Each facet counts with every filter but its own, so choosing
 * red still shows how many blue products there are to add to the choice.
 */
export async function productFacets(db: Queryable, filter: ProductFilter): Promise<ProductFacets> {
  const [total, categories, colours, sizes, price] = await Promise.all([
    countMatching(db, filter),
    categoryFacets(db, filter),
    optionFacets<ColourFacet>(db, filter, 'colour'),
    optionFacets<SizeFacet>(db, filter, 'size'),
    priceRange(db, filter),
  ]);
  return { total, categories, colours, sizes, price };
}

import { MAX_SUGGESTED_CATEGORIES, MAX_SUGGESTED_PRODUCTS } from '@storefront/contracts';
import type { Category, Picture, SearchSuggestions } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { listProductIds, picturesSql, type ProductFilter, resolveSearch, type SearchLexicon, SqlParams, toIsoTimestamp } from '../catalogue';

type SuggestedProduct = SearchSuggestions['products'][number];

interface SuggestedProductRow extends Omit<SuggestedProduct, 'on_sale_until' | 'thumbnail'> {
  on_sale_until: Date | string | null;
  pictures: Picture[];
}

const SUGGESTED_COLUMNS = `p.id, p.name, p.link, p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
  ${picturesSql('p', 'small')} AS pictures`;

/** The products with these ids, in that order. */
async function readProductsInOrder(db: Queryable, ids: readonly string[]) {
  const rows = await db.query<SuggestedProductRow>(`SELECT ${SUGGESTED_COLUMNS} FROM products p WHERE p.id = ANY ($1::text[])`, [ids]);
  const byId = new Map(rows.rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

/**
 * What the live search box shows while the shopper types: the best few products, in the search's
 * own order (the listing's: the last word typed is the start of a word, typos forgiven), and the
 * categories whose names match, all within `category` when one is chosen.
 */
export async function suggest(db: Queryable, text: string, category: string | undefined, lexicon?: SearchLexicon): Promise<SearchSuggestions> {
  const search = await resolveSearch(db, text, lexicon);
  const { terms } = search;
  if (terms.length === 0) return { products: [], categories: [] };
  const filter: ProductFilter = { category, search };
  const productsRead = listProductIds(db, filter, { offset: 0, limit: MAX_SUGGESTED_PRODUCTS }).then(({ ids }) => readProductsInOrder(db, ids));

  const categoryParams = new SqlParams();
  const matchedIds = categoryParams.add([...new Set(terms.flatMap((term) => term.namedCategoryIds))]);
  const categoryRef = category === undefined ? '' : categoryParams.add(category);
  const within = category === undefined ? 'TRUE' : `c.id IN (
    WITH RECURSIVE chosen(id) AS (
      SELECT id FROM categories WHERE lower(id) = lower(${categoryRef}) OR lower(name) = lower(${categoryRef})
      UNION
      SELECT child.id FROM categories child JOIN chosen ON child.parent_id = chosen.id
    )
    SELECT id FROM chosen
  )`;
  const categoriesRead = db.query<Category>(
    `SELECT c.id, c.name, parent.name AS parent
     FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
     WHERE c.id = ANY (${matchedIds}::text[]) AND ${within}
     ORDER BY c.position, c.id
     LIMIT ${MAX_SUGGESTED_CATEGORIES}`,
    categoryParams.values,
  );
  // Independent reads: on a server they run side by side on two pooled connections.
  const [products, categories] = await Promise.all([productsRead, categoriesRead]);

  return {
    products: products.rows.map(({ pictures, on_sale_until, ...row }) => ({
      ...row,
      on_sale_until: toIsoTimestamp(on_sale_until),
      thumbnail: pictures[0] ?? null,
    })),
    categories: categories.rows,
  };
}

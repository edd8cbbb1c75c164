import type { Picture } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { filterConditions, SqlParams, whereClause } from '../products/productFilter';
import { picturesSql, toIsoTimestamp } from '../products/productQueries';
import { resolveSearchTerms, startsWithPattern } from '../products/searchTerms';

export const MAX_SUGGESTED_PRODUCTS = 8;
export const MAX_SUGGESTED_CATEGORIES = 5;

export interface SuggestedProduct {
  id: string;
  name: string;
  link: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: string | null;
  thumbnail: Picture | null;
}

export interface SuggestedCategory {
  id: string;
  name: string;
  parent: string | null;
}

export interface Suggestions {
  products: SuggestedProduct[];
  categories: SuggestedCategory[];
}

interface SuggestedProductRow extends Omit<SuggestedProduct, 'on_sale_until' | 'thumbnail'> {
  on_sale_until: Date | string | null;
  pictures: Picture[];
}

/**
 * What the live search box shows while the shopper types: the best few products (names that
 * start with the text first, then names holding its words, then the popular) and the categories
 * whose names match, all within `category` when one is chosen.
 */
export async function suggest(db: Queryable, text: string, category: string | undefined): Promise<Suggestions> {
  const terms = await resolveSearchTerms(db, text);
  if (terms.length === 0) return { products: [], categories: [] };
  const params = new SqlParams();
  const where = whereClause(filterConditions({ category, terms }, params));
  const startsWith = params.add(startsWithPattern(text.trim().toLowerCase()));
  const nameMatches = terms.map((term) => `(CASE WHEN p.name_lower LIKE ANY (${params.add(term.patterns)}::text[]) THEN 1 ELSE 0 END)`);
  const productsRead = db.query<SuggestedProductRow>(
    `SELECT p.id, p.name, p.link, p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
       ${picturesSql('p', 'small')} AS pictures
     FROM (
       SELECT p.id FROM product_search p ${where}
       ORDER BY (p.name_lower LIKE ${startsWith}) DESC, (${nameMatches.join(' + ')}) DESC, p.is_popular DESC, p.ratings_count DESC, p.seq
       LIMIT ${MAX_SUGGESTED_PRODUCTS}
     ) best
     JOIN products p ON p.id = best.id
     ORDER BY (p.name_lower LIKE ${startsWith}) DESC, (${nameMatches.join(' + ')}) DESC, p.is_popular DESC, p.ratings_count DESC, p.seq`,
    params.values,
  );

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
  const categoriesRead = db.query<SuggestedCategory>(
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

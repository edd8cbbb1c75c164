import type { Queryable } from '../../db/database';
import { resolveSearch, type ResolvedSearch, type SearchLexicon, type SearchTerm } from './searchTerms';

/** The listing's filters as the query string gives them (GET /products and /products/facets). */
export interface ProductFilterQuery {
  category?: string;
  search?: string;
  colour?: string[];
  size?: string[];
  min_price?: number;
  max_price?: number;
  on_sale?: boolean;
  is_new?: boolean;
  is_popular?: boolean;
  in_stock?: boolean;
}

/** The filters with the search resolved against the catalogue's words, ready to become SQL as often as needed. */
export interface ProductFilter extends Omit<ProductFilterQuery, 'search'> {
  /** null: no search; no terms: a search with no words in it, which matches nothing. */
  search: ResolvedSearch | null;
}

/** A filter the facets leave out when counting that filter's own options. */
export type FacetDimension = 'category' | 'colour' | 'size' | 'price';

/** On sale as the storefront reads it (shared `isOnSale`): a lower sale price whose end, if any, is ahead. */
export const ON_SALE_SQL = `(p.on_sale_price IS NOT NULL AND p.on_sale_price >= 0 AND p.on_sale_price < p.price
  AND (p.on_sale_until IS NULL OR p.on_sale_until > now()))`;

/** What the shopper pays for one: the sale price when on sale. */
export const EFFECTIVE_PRICE_SQL = `(CASE WHEN ${ON_SALE_SQL} THEN p.on_sale_price ELSE p.price END)`;

/**
 * When the next sale in the catalogue ends (ms since 1970), or null when none is set to end: until
 * then, nothing on sale and no price paid changes without a change to a product. An index on
 * on_sale_until (migration 012) finds it.
 */
export async function nextSaleEnd(db: Queryable): Promise<number | null> {
  const rows = await db.query<{ ends: Date | string | null }>('SELECT min(on_sale_until) AS ends FROM products WHERE on_sale_until > now()');
  const ends = rows.rows[0]?.ends;
  return ends === null || ends === undefined ? null : new Date(ends).getTime();
}

/** Collects positional parameters as SQL is written. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export class ProductFilterError extends Error {}

/** Colour or size names as the catalogue stores them: lower case, each once. */
export function lowerAll(values: readonly string[] | undefined): string[] | undefined {
  return values && [...new Set(values.map((value) => value.toLowerCase()))];
}

async function assertKnown(db: Queryable, table: 'colours' | 'sizes', what: string, values: readonly string[] | undefined) {
  if (!values || values.length === 0) return;
  const rows = await db.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY position, name`);
  const known = rows.rows.map((row) => row.name);
  const unknown = values.find((value) => !known.includes(value));
  if (unknown !== undefined) {
    throw new ProductFilterError(`Unknown ${what} "${unknown}"; the shop has ${known.join(', ')}`);
  }
}

/**
 * Checks the filters against the catalogue and resolves the search. Colours and sizes are closed
 * lists, so an unknown one is the client's mistake (ProductFilterError); a category is looked up
 * by name or id like a search, so one the shop lacks simply matches nothing.
 */
export async function resolveProductFilter(db: Queryable, query: ProductFilterQuery, lexicon?: SearchLexicon): Promise<ProductFilter> {
  const { search, ...rest } = query;
  const filter: ProductFilter = { ...rest, colour: lowerAll(query.colour), size: lowerAll(query.size), search: null };
  if (filter.min_price !== undefined && filter.max_price !== undefined && filter.min_price > filter.max_price) {
    throw new ProductFilterError(`min_price (${filter.min_price}) is above max_price (${filter.max_price})`);
  }
  await assertKnown(db, 'colours', 'colour', filter.colour);
  await assertKnown(db, 'sizes', 'size', filter.size);
  if (search !== undefined && search.trim() !== '') filter.search = await resolveSearch(db, search, lexicon);
  return filter;
}

function categoryCondition(category: string, params: SqlParams): string {
  const ref = params.add(category);
  // By id or name in any letter case, with its sub-categories. The categories are gathered once
  // into an array (an InitPlan): as a subquery, the planner re-ran them for every product it
  // scanned. They are matched against the product's own copy of its categories (category_ids,
  // migration 009, GIN-indexed on product_search): a semi-join with product_categories probed
  // its index once for every product that passed the other filters (~0.8 s on PGlite for
  // fashion at 10^5 products, npm run bench).
  return `p.category_ids && ARRAY(
      WITH RECURSIVE chosen(id) AS (
        SELECT id FROM categories WHERE lower(id) = lower(${ref}) OR lower(name) = lower(${ref})
        UNION
        SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id
      )
      SELECT id FROM chosen
    )`;
}

/** The catalogue words a term matches, as one SQL array. */
function termWordsParam(term: SearchTerm, params: SqlParams): string {
  return `${params.add(term.words.map(({ word }) => word))}::text[]`;
}

function termCondition(term: SearchTerm, params: SqlParams): string {
  // The word's products straight from the postings' index (migration 023).
  return `p.seq IN (SELECT h.seq FROM search_postings h WHERE h.word = ANY (${termWordsParam(term, params)}))`;
}

function flagCondition(sql: string, wanted: boolean | undefined): string[] {
  if (wanted === undefined) return [];
  return [wanted ? sql : `NOT ${sql}`];
}

/**
 * The WHERE conditions on `p`: product_search (migration 011), or products, which has the same
 * columns; `omit` leaves one facet's own filter out (or the search, which a ranked listing joins).
 */
export function filterConditions(filter: ProductFilter, params: SqlParams, omit?: FacetDimension | 'search'): string[] {
  const conditions: string[] = [];
  if (filter.category !== undefined && omit !== 'category') conditions.push(categoryCondition(filter.category, params));
  if (filter.search !== null && omit !== 'search') {
    if (filter.search.terms.length === 0) conditions.push('FALSE');
    for (const term of filter.search.terms) conditions.push(termCondition(term, params));
  }
  if (filter.colour?.length && omit !== 'colour') {
    conditions.push(`p.id IN (SELECT product_id FROM product_colours WHERE colour = ANY (${params.add(filter.colour)}::text[]))`);
  }
  if (filter.size?.length && omit !== 'size') {
    conditions.push(`p.id IN (SELECT product_id FROM product_sizes WHERE size = ANY (${params.add(filter.size)}::text[]))`);
  }
  if (omit !== 'price') {
    if (filter.min_price !== undefined) conditions.push(`${EFFECTIVE_PRICE_SQL} >= ${params.add(filter.min_price)}::numeric`);
    if (filter.max_price !== undefined) conditions.push(`${EFFECTIVE_PRICE_SQL} <= ${params.add(filter.max_price)}::numeric`);
  }
  conditions.push(...flagCondition(ON_SALE_SQL, filter.on_sale));
  conditions.push(...flagCondition('p.is_new', filter.is_new));
  conditions.push(...flagCondition('p.is_popular', filter.is_popular));
  // Nothing holds stock back yet, so in stock means stock on the shelf.
  conditions.push(...flagCondition('(p.stock > 0)', filter.in_stock));
  return conditions;
}

export function whereClause(conditions: readonly string[]): string {
  return conditions.length > 0 ? `WHERE ${conditions.join('\n  AND ')}` : '';
}

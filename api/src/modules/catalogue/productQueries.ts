import type { Picture, Product } from '@storefront/shared/types';
import { namedStatement, type Queryable } from '../../db/database';
import { EFFECTIVE_PRICE_SQL, filterConditions, SqlParams, whereClause, type ProductFilter } from './productFilter';
import { MATCH_PREFIX, MATCH_TYPO, type ResolvedSearch, type SearchTerm } from './searchTerms';

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

/**
 * A product's pictures as JSON, each with the colour it shows when it shows one. `colourFirst`,
 * an SQL expression for a colour name, puts that colour's pictures first (a cart line's own).
 */
export function picturesSql(productAlias: string, kind: 'small' | 'large', colourFirst?: string): string {
  const order = colourFirst ? `(pp.colour IS NOT DISTINCT FROM ${colourFirst}) DESC, pp.position` : 'pp.position';
  return `COALESCE((
    SELECT json_agg(json_strip_nulls(json_build_object('url', pp.url, 'width', pp.width, 'height', pp.height, 'colour', pp.colour)) ORDER BY ${order})
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

/** A page of the listing as product ids, in order, and how many products match in all. */
export interface ProductIdPage {
  ids: string[];
  total: number;
}

export const PRODUCT_SORTS = ['popularity', 'rating', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Each order ends in seq, so no two products tie and pages never overlap. */
const SORT_SQL: Record<ProductSort, string> = {
  popularity: 'p.is_popular DESC, p.ratings_count DESC, p.seq',
  rating: 'p.rating DESC, p.ratings_count DESC, p.seq',
  newest: 'p.is_new DESC, p.created_at DESC, p.seq DESC',
  price_asc: `${EFFECTIVE_PRICE_SQL} ASC, p.seq`,
  price_desc: `${EFFECTIVE_PRICE_SQL} DESC, p.seq`,
};

/**
 * A search's own order, the rules of search engines (Meilisearch's defaults): the product whose
 * whole name was typed first; then fewer words matched only with typos, fewer matched only as the
 * start of a longer word; more of the words in the name; the words in better fields (name, then
 * category, then colour or SKU, then description); then catalogue order. `m{i}.key` is term i's
 * best kind × 4 + field (termMatchesSql, termKeySql).
 */
function relevanceOrder(terms: readonly SearchTerm[], exactNameSeqs: readonly string[], params: SqlParams, seq: string): string {
  const keys = terms.map((_, index) => `m${index}.key`);
  const sum = (test: (key: string) => string) => keys.map((key) => `(${test(key)})::int`).join(' + ');
  return `(${seq} = ANY (${params.add(exactNameSeqs)}::bigint[])) DESC,
    ${sum((key) => `${key} >= ${MATCH_TYPO * 4}`)},
    ${sum((key) => `${key} / 4 = ${MATCH_PREFIX}`)},
    ${sum((key) => `${key} % 4 = 0`)} DESC,
    ${keys.map((key) => `${key} % 4`).join(' + ')},
    ${seq}`;
}

/** Each product a term matches, once, with its best key: kind × 4 + field, lower is better. */
function termMatchesSql(term: SearchTerm, params: SqlParams): string {
  const words = params.add(term.words.map(({ word }) => word));
  const kinds = params.add(term.words.map(({ kind }) => kind));
  return `SELECT h.seq, min(q.kind * 4 + h.field) AS key
    FROM unnest(${words}::text[], ${kinds}::int[]) AS q(word, kind) JOIN search_postings h ON h.word = q.word
    GROUP BY h.seq`;
}

const FEW_WORDS = 4;

/**
 * Looking one product up among a word's postings costs about as much as reading this many
 * postings in a row (PGlite at 10^5 products: 4–5 µs a probe, 0.7–0.8 µs a posting read and
 * joined).
 */
const PROBE_COST_IN_POSTINGS = 6;

/** A term's best key for the product `m0.seq` (NULL: it does not match), from that product's postings. */
function termKeySql(term: SearchTerm, params: SqlParams): string {
  const words = params.add(term.words.map(({ word }) => word));
  const kinds = params.add(term.words.map(({ kind }) => kind));
  // A few words: one probe of the index each. Many (a last word's beginnings): all of the
  // product's postings, a few dozen, each looked for among them, rather than a probe per word.
  const look = term.words.length <= FEW_WORDS ? `AND h.word = ANY (${words}::text[])` : '';
  return `SELECT min((${kinds}::int[])[found.at] * 4 + found.field) AS key
    FROM (SELECT array_position(${words}::text[], h.word) AS at, h.field FROM search_postings h WHERE h.seq = m0.seq ${look}) found
    WHERE found.at IS NOT NULL`;
}

/**
 * A page of a search in its own order, and its total. Every word must match. The rarest word (the
 * fewest products, counted up to a bound when the search was resolved) leads. When it is rare
 * beside the others, its products are read from the postings and each other word is looked up
 * among that product's own postings (search_postings_seq_idx), so a common word is never read
 * whole beside a rare one. Otherwise every word's products are read, a pass over each word's
 * postings in its index, and joined on the product: a lead of 1 600 products probed for a word of
 * 5 000 took 6.5 ms where the join took 4.6, and a lead of 4 500 took 29 ms against 15.
 */
async function rankedPage(db: Queryable, filter: ProductFilter & { search: ResolvedSearch }, options: { offset: number; limit: number }): Promise<ProductIdPage> {
  const { search } = filter;
  if (search.terms.length === 0) return { ids: [], total: 0 };
  const params = new SqlParams();
  const others = filterConditions(filter, params, 'search');
  const [only] = search.terms;
  if (others.length === 0 && search.terms.length === 1 && only) return singleTermPage(db, only, search.exactNameSeqs, options);
  // On a tie (both past the bound), the one with fewer words to look for.
  const terms = [...search.terms].sort((a, b) => a.reach - b.reach || a.words.length - b.words.length);
  const [lead, ...rest] = terms as [SearchTerm, ...SearchTerm[]];
  // A lead at the bound always joins: the others' reach is at most the bound each.
  const joined = lead.reach * rest.length * PROBE_COST_IN_POSTINGS >= rest.reduce((sum, term) => sum + term.reach, 0);
  // The products are joined only to be filtered: a page's ids are read for its rows alone.
  const from = [
    `(${termMatchesSql(lead, params)}) m0`,
    ...rest.map((term, index) =>
      joined ? `JOIN (${termMatchesSql(term, params)}) m${index + 1} ON m${index + 1}.seq = m0.seq` : `CROSS JOIN LATERAL (${termKeySql(term, params)}) m${index + 1}`,
    ),
    ...(others.length > 0 ? ['JOIN product_search p ON p.seq = m0.seq'] : []),
  ].join('\n');
  const where = whereClause([...rest.map((_, index) => `m${index + 1}.key IS NOT NULL`), ...others]);
  const countParams = params.values.length;
  const rows = await db.query<{ id: string; total: number }>(
    `SELECT p.id, page.total FROM (
       SELECT m0.seq, count(*) OVER ()::int AS total, row_number() OVER (ORDER BY ${relevanceOrder(terms, search.exactNameSeqs, params, 'm0.seq')}) AS place
       FROM ${from} ${where}
       ORDER BY place LIMIT ${params.add(options.limit)} OFFSET ${params.add(options.offset)}
     ) page JOIN product_search p ON p.seq = page.seq
     ORDER BY page.place`,
    params.values,
  );
  const first = rows.rows[0];
  if (first) return { ids: rows.rows.map((row) => row.id), total: first.total };
  if (options.offset === 0) return { ids: [], total: 0 };
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} ${where}`, params.values.slice(0, countParams));
  return { ids: [], total: count.rows[0]?.total ?? 0 };
}

/**
 * The commonest search, one word and nothing else, without reading every match: each catalogue
 * word's postings are already in rank order in their index (field, then catalogue order), so the
 * page's products are among the first offset + limit of each word's; and the total is counted in
 * the index alone. The same order as rankedPage's for one term.
 */
async function singleTermPage(db: Queryable, term: SearchTerm, exactNameSeqs: string[], options: { offset: number; limit: number }): Promise<ProductIdPage> {
  const params = new SqlParams();
  const reach = params.add(options.offset + options.limit);
  const branches = term.words.map(
    ({ word, kind }) =>
      `(SELECT h.seq, ${kind * 4} + h.field AS key FROM search_postings h WHERE h.word = ${params.add(word)} ORDER BY h.field, h.seq LIMIT ${reach})`,
  );
  const exact = `SELECT ps.seq, -1 AS key FROM product_search ps WHERE ps.seq = ANY (${params.add(exactNameSeqs)}::bigint[])`;
  const page = db.query<{ id: string }>(
    `SELECT p.id FROM (
       SELECT u.seq, min(u.key) AS key FROM (${[exact, ...branches].join('\n UNION ALL ')}) u
       GROUP BY u.seq ORDER BY min(u.key), u.seq LIMIT ${params.add(options.limit)} OFFSET ${params.add(options.offset)}
     ) page JOIN product_search p ON p.seq = page.seq
     ORDER BY page.key, page.seq`,
    params.values,
  );
  const words = term.words.map(({ word }) => word);
  const count = db.query<{ total: number }>(
    words.length === 1
      ? 'SELECT count(*)::int AS total FROM search_postings WHERE word = $1'
      : 'SELECT count(DISTINCT seq)::int AS total FROM search_postings WHERE word = ANY ($1::text[])',
    [words.length === 1 ? words[0] : words],
  );
  const [pageRows, countRows] = await Promise.all([page, count]);
  return { ids: pageRows.rows.map((row) => row.id), total: countRows.rows[0]?.total ?? 0 };
}

/**
 * Which products a page of the listing shows, and its total, chosen on product_search
 * (migration 011): a narrow copy of products holding what filters, ranks and sorts read. The
 * products themselves are then read by id (`findProductsByIds`), most of them from memory.
 */
export async function listProductIds(
  db: Queryable,
  filter: ProductFilter,
  options: { sort?: ProductSort; offset: number; limit: number },
): Promise<ProductIdPage> {
  if (filter.search && !options.sort) return rankedPage(db, { ...filter, search: filter.search }, options);
  const params = new SqlParams();
  const conditions = filterConditions(filter, params);
  const where = whereClause(conditions);
  if (conditions.length > 0) return pageWithTotal(db, filter, options, params, where);
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM product_search p`, params.values);
  const total = count.rows[0]?.total ?? 0;
  if (total <= options.offset) return { ids: [], total };
  const order = options.sort ? SORT_SQL[options.sort] : 'p.seq';
  // The whole catalogue: its sorts are indexes, so the page is read without reading the rest.
  const rows = await db.query<{ id: string }>(
    `SELECT p.id FROM product_search p ORDER BY ${order} LIMIT ${params.add(options.limit)} OFFSET ${params.add(options.offset)}`,
    params.values,
  );
  return { ids: rows.rows.map((row) => row.id), total };
}

/**
 * A filtered page and its total from one pass over the matches. A search's matches are all read
 * to order them (no index holds "named by more of the words first"), as are a filtered listing's
 * when sorted by price (the price paid depends on the time: no index holds it either); counting
 * them on the way costs little, where a count of its own read them all a second time: the
 * costliest part of a search at 10^5 products. A page past the end has no row to carry the total,
 * so only then is it counted.
 */
async function pageWithTotal(
  db: Queryable,
  filter: ProductFilter,
  options: { sort?: ProductSort; offset: number; limit: number },
  params: SqlParams,
  where: string,
): Promise<ProductIdPage> {
  const countParams = params.values.length;
  const order = options.sort ? SORT_SQL[options.sort] : 'p.seq';
  const rows = await db.query<{ id: string; total: number }>(
    `SELECT p.id, count(*) OVER ()::int AS total FROM product_search p ${where}
     ORDER BY ${order} LIMIT ${params.add(options.limit)} OFFSET ${params.add(options.offset)}`,
    params.values,
  );
  const first = rows.rows[0];
  if (first) return { ids: rows.rows.map((row) => row.id), total: first.total };
  if (options.offset === 0) return { ids: [], total: 0 };
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM product_search p ${where}`, params.values.slice(0, countParams));
  return { ids: [], total: count.rows[0]?.total ?? 0 };
}

/** The products with these ids, in no particular order; ids no product has are left out. */
// Read for every page of products not yet in memory and every cart add: kept planned (namedStatement).
const PRODUCTS_BY_IDS = namedStatement('products.byIds', `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = ANY ($1::text[])`);
const PRODUCT_BY_ID = namedStatement('products.byId', `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE p.id = lower($1)`);

export async function findProductsByIds(db: Queryable, ids: readonly string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<ProductRow>(PRODUCTS_BY_IDS, [ids]);
  return rows.rows.map(toProduct);
}

/** A published product by id or by link, in any letter case (ids and links are stored lowercase). */
export async function findProduct(db: Queryable, idOrLink: string): Promise<Product | null> {
  const rows = await db.query<ProductRow>(
    `SELECT ${PRODUCT_COLUMNS} FROM products p
     WHERE (p.id = lower($1) OR p.link = lower($1)) AND p.published
     ORDER BY (p.id = lower($1)) DESC
     LIMIT 1`,
    [idOrLink],
  );
  const row = rows.rows[0];
  return row ? toProduct(row) : null;
}

export async function findProductById(db: Queryable, id: string): Promise<Product | null> {
  const rows = await db.query<ProductRow>(PRODUCT_BY_ID, [id]);
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

import type { Queryable } from '../../db/database';

/** A word of the shopper's search and what it matches. */
export interface SearchTerm {
  text: string;
  /** LIKE patterns over `products.search_document`: the word itself, then near spellings of it. */
  patterns: string[];
  /** Categories whose name matches the word. */
  namedCategoryIds: string[];
  /** Those categories and every category under them. */
  categoryIds: string[];
}

const MAX_TERMS = 8;
/** Shorter words are matched as typed: too few trigrams to tell a typo from another word. */
const MIN_FUZZY_LENGTH = 4;
const MIN_WORD_SIMILARITY = 0.35;
const MIN_CATEGORY_SIMILARITY = 0.5;
const NEAR_SPELLINGS = 3;

/** `text` is matched literally: LIKE's wildcards in it are escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function startsWithPattern(text: string): string {
  return containsPattern(text).slice(1);
}

/**
 * The words of a search, lower-cased, without the punctuation around them ("Tee," is "tee"),
 * inner punctuation kept so a SKU such as "tee-0001" stays one word. At most eight.
 */
export function searchWords(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, MAX_TERMS);
}

async function categoriesMatching(db: Queryable, word: string): Promise<Pick<SearchTerm, 'namedCategoryIds' | 'categoryIds'>> {
  const rows = await db.query<{ id: string; named: boolean }>(
    `WITH RECURSIVE chosen(id, named) AS (
       SELECT id, TRUE FROM categories
       WHERE lower(name) LIKE $1 OR lower(id) LIKE $1 OR (length($2) >= ${MIN_FUZZY_LENGTH} AND similarity(lower(name), $2) >= ${MIN_CATEGORY_SIMILARITY})
       UNION
       SELECT c.id, FALSE FROM categories c JOIN chosen ON c.parent_id = chosen.id
     )
     SELECT id, bool_or(named) AS named FROM chosen GROUP BY id ORDER BY id`,
    [containsPattern(word), word],
  );
  return {
    namedCategoryIds: rows.rows.filter((row) => row.named).map((row) => row.id),
    categoryIds: rows.rows.map((row) => row.id),
  };
}

/** Words of the catalogue spelt like `word`, nearest first; none when the word is in use as typed. */
async function nearSpellings(db: Queryable, word: string): Promise<string[]> {
  if (word.length < MIN_FUZZY_LENGTH || !/^\p{L}+$/u.test(word)) return [];
  const known = await db.query('SELECT 1 FROM search_words WHERE word LIKE $1 LIMIT 1', [containsPattern(word)]);
  if (known.rows.length > 0) return [];
  const rows = await db.query<{ word: string }>(
    `SELECT word FROM search_words
     WHERE word % $1 AND similarity(word, $1) >= ${MIN_WORD_SIMILARITY}
     ORDER BY similarity(word, $1) DESC, word
     LIMIT ${NEAR_SPELLINGS}`,
    [word],
  );
  return rows.rows.map((row) => row.word);
}

/**
 * What each word of a search matches: a product matches the search when it matches every word,
 * in its name, SKU or description (as typed or a near spelling), or by its category's name.
 */
export async function resolveSearchTerms(db: Queryable, search: string): Promise<SearchTerm[]> {
  const terms: SearchTerm[] = [];
  for (const word of searchWords(search)) {
    const categories = await categoriesMatching(db, word);
    const spellings = await nearSpellings(db, word);
    terms.push({ text: word, patterns: [word, ...spellings].map(containsPattern), ...categories });
  }
  return terms;
}

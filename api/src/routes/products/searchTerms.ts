import type { Queryable } from '../../db/database';

/** A word of the shopper's search and what it matches. */
export interface SearchTerm {
  text: string;
  /** The word itself, then near spellings of it, each matched anywhere in a product's text. */
  texts: string[];
  /** The same as LIKE patterns over `search_document`. */
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

interface ResolvedWordRow {
  named: string[];
  category_ids: string[];
  spellings: string[];
}

/**
 * What each word of a search matches, for all its words in one round trip: the categories whose
 * name (or id) matches the word, with every category under them; and, for a word the catalogue
 * never uses as typed, the catalogue's words spelt nearest to it.
 */
export async function resolveSearchTerms(db: Queryable, search: string): Promise<SearchTerm[]> {
  const words = searchWords(search);
  if (words.length === 0) return [];
  const patterns = words.map(containsPattern);
  // Only words of letters are looked up by spelling: a SKU or a number is meant as typed.
  const fuzzy = words.map((word) => word.length >= MIN_FUZZY_LENGTH && /^\p{L}+$/u.test(word));
  const rows = await db.query<ResolvedWordRow>(
    `WITH RECURSIVE words(word, pattern, fuzzy, ord) AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[]) WITH ORDINALITY
     ),
     chosen(ord, id, named) AS (
       SELECT w.ord, c.id, TRUE FROM words w JOIN categories c
         ON lower(c.name) LIKE w.pattern OR lower(c.id) LIKE w.pattern
         OR (length(w.word) >= ${MIN_FUZZY_LENGTH} AND similarity(lower(c.name), w.word) >= ${MIN_CATEGORY_SIMILARITY})
       UNION
       SELECT chosen.ord, c.id, FALSE FROM categories c JOIN chosen ON c.parent_id = chosen.id
     )
     SELECT
       ARRAY(SELECT id FROM chosen WHERE chosen.ord = w.ord GROUP BY id HAVING bool_or(named) ORDER BY id) AS named,
       ARRAY(SELECT DISTINCT id FROM chosen WHERE chosen.ord = w.ord ORDER BY id) AS category_ids,
       CASE WHEN w.fuzzy AND NOT EXISTS (SELECT 1 FROM search_words known WHERE known.word LIKE w.pattern) THEN ARRAY(
         SELECT near.word FROM search_words near
         WHERE near.word % w.word AND similarity(near.word, w.word) >= ${MIN_WORD_SIMILARITY}
         ORDER BY similarity(near.word, w.word) DESC, near.word
         LIMIT ${NEAR_SPELLINGS}
       ) ELSE ARRAY[]::text[] END AS spellings
     FROM words w
     ORDER BY w.ord`,
    [words, patterns, fuzzy],
  );
  return words.map((word, index) => {
    const row = rows.rows[index];
    if (!row) throw new Error(`no terms resolved for "${word}"`);
    const texts = [word, ...row.spellings];
    return {
      text: word,
      texts,
      patterns: texts.map(containsPattern),
      namedCategoryIds: row.named,
      categoryIds: row.category_ids,
    };
  });
}

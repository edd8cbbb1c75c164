import type { Queryable } from '../../db/database';

/**
 * How a catalogue word matches a word of the search, best first: as typed, as the start of a
 * longer word (the last word typed), or with typos.
 */
export const MATCH_EXACT = 0;
export const MATCH_PREFIX = 1;
export const MATCH_TYPO = 2;
export type MatchKind = typeof MATCH_EXACT | typeof MATCH_PREFIX | typeof MATCH_TYPO;

/** A word of the shopper's search and the catalogue words it matches. */
export interface SearchTerm {
  /** The word as typed (lower case, as the catalogue's words are). */
  text: string;
  /** The catalogue words it matches, the word itself first; a product holding any of them matches. */
  words: { word: string; kind: MatchKind }[];
  /** Categories whose name (or id) holds a word it matches: the suggestions' categories. */
  namedCategoryIds: string[];
  /** The word searched for instead, when the one typed is in no product: the nearest spelling. */
  correction: string | null;
  /** How many products it may match, up to a bound (0 in a search of one word, where it is not needed). */
  reach: number;
}

/** A search resolved against the catalogue's words, ready to become SQL as often as needed. */
export interface ResolvedSearch {
  terms: SearchTerm[];
  /** Products whose whole name is the text typed: they come first. */
  exactNameSeqs: string[];
  /** The search as it was run when a word was corrected ("red jacket" for "red jakcet"), else null. */
  showing: string | null;
}

/** Words past the eighth are ignored. */
export const MAX_TERMS = 8;
/** A word of letters this long forgives one typo… */
export const ONE_TYPO_LENGTH = 5;
/** …and this long, two (the defaults of Meilisearch). */
export const TWO_TYPOS_LENGTH = 9;
/** Longer words are taken as typed: no shopper types them, and the distance check is bounded. */
const MAX_TYPO_WORD_LENGTH = 64;
/** The last word's completions, shortest first, at most this many (two letters begin hundreds). */
export const MAX_PREFIX_WORDS = 50;
/** A single letter typed last is a word of its own ("usb-c"), not the start of every word with it. */
const MIN_PREFIX_LENGTH = 2;
/** A search of several words is led by its rarest; their products are counted up to this to find it. */
const REACH_BOUND = 2000;

/**
 * The Damerau distance (optimal string alignment) between two words: letters dropped, added or
 * changed, and two neighbours swapped, each one typo. `max` bounds the work: any distance above it
 * is reported as max + 1.
 */
export function typoDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, index) => index);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current.push(value);
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[t.length] as number, max + 1);
}

interface ResolvedWordRow {
  word: string;
  /** Whether the search's last word is still being typed (no space after it, 2 letters or more): it matches as a start. */
  open: boolean;
  /** How many typos it forgives: 1 from ONE_TYPO_LENGTH letters, 2 from TWO_TYPOS_LENGTH; none with a digit in it. */
  typos: number;
  /** Whether any product holds the word as typed. */
  found: boolean;
  prefixes: string[];
  /** Products it and its beginnings match, counted up to REACH_BOUND (searches of one word: 0, not counted). */
  reach: number;
  exact_names: string[];
}

/**
 * The typos between a word typed and a catalogue word; for the last word typed, the fewest
 * between it and the catalogue word or any of its beginnings as long as it, give or take the typos.
 */
export function typosBetween(typed: string, word: string, open: boolean, typos: number): number {
  let fewest = typoDistance(typed, word, typos);
  if (!open) return fewest;
  const letters = [...word];
  const length = [...typed].length;
  for (let end = Math.max(1, length - typos); end <= Math.min(letters.length - 1, length + typos); end += 1) {
    fewest = Math.min(fewest, typoDistance(typed, letters.slice(0, end).join(''), typos));
  }
  return fewest;
}

function matchKind(term: string, candidate: string, open: boolean, typos: number): MatchKind | null {
  if (candidate === term) return MATCH_EXACT;
  if (open && candidate.startsWith(term)) return MATCH_PREFIX;
  if (typos > 0 && typosBetween(term, candidate, open, typos) <= typos) return MATCH_TYPO;
  return null;
}

/** The catalogue's words of letters, by length, and its categories' words, as the database last gave them. */
interface LexiconSnapshot {
  stamp: number;
  byLength: Map<number, string[]>;
  longest: number;
  categories: { id: string; tokens: string[] }[];
}

/**
 * Where a mistyped word finds the words it may have meant: the lexicon's words of letters that
 * some product holds (search_words, migration 023) and the categories' words, read from the
 * database and kept until the catalogue changes (`stamp`, ProductDetailCache's count of the
 * changes it has heard, NaN while it hears none: then every search reads them again). Measuring
 * each against the typed word in the database (fuzzystrmatch, then Damerau here) took 20–50 ms
 * of a search on PGlite at 10^5 products, most of the search; here it takes well under one.
 */
export class SearchLexicon {
  private snapshot: LexiconSnapshot | null = null;

  constructor(private readonly stamp: () => number = () => Number.NaN) {}

  async read(db: Queryable): Promise<LexiconSnapshot> {
    const stamp = this.stamp();
    if (this.snapshot && this.snapshot.stamp === stamp) return this.snapshot;
    const [words, categories] = await Promise.all([
      db.query<{ word: string }>(
        `SELECT s.word FROM search_words s
         WHERE s.word ~ '^[[:alpha:]]+$' AND EXISTS (SELECT 1 FROM search_postings h WHERE h.word = s.word)`,
      ),
      db.query<{ id: string; tokens: string[] }>(`SELECT c.id, search_tokens(c.name || ' ' || c.id) AS tokens FROM categories c ORDER BY c.id`),
    ]);
    const byLength = new Map<number, string[]>();
    let longest = 0;
    for (const { word } of words.rows) {
      const length = [...word].length;
      byLength.set(length, [...(byLength.get(length) ?? []), word]);
      if (length > longest) longest = length;
    }
    const snapshot = { stamp, byLength, longest, categories: categories.rows };
    // Kept only when nothing changed while it was read (the stamp it was asked with is still current).
    if (this.stamp() === stamp) this.snapshot = snapshot;
    return snapshot;
  }
}

/** The lexicon's words within the typos of `term` (for the last word typed, of a word's beginning too), nearest first. */
function nearWords(lexicon: LexiconSnapshot, term: string, open: boolean, typos: number): { word: string; distance: number }[] {
  if (typos === 0) return [];
  const length = [...term].length;
  const near: { word: string; distance: number }[] = [];
  for (let size = Math.max(1, length - typos); size <= (open ? lexicon.longest : length + typos); size += 1) {
    for (const word of lexicon.byLength.get(size) ?? []) {
      if (word === term) continue;
      const distance = typosBetween(term, word, open, typos);
      if (distance <= typos) near.push({ word, distance });
    }
  }
  return near.sort((a, b) => a.distance - b.distance || a.word.length - b.word.length || (a.word < b.word ? -1 : 1));
}

/**
 * What each word of a search matches: the words split as the catalogue's are (search_tokens,
 * migration 023), the first eight; for each, whether products hold it and the words it begins
 * when it is the last one typed (one round trip), the catalogue's words within its typos and the
 * categories it names (the lexicon); and the products whose whole name was typed.
 */
export async function resolveSearch(db: Queryable, search: string, lexicon: SearchLexicon = new SearchLexicon()): Promise<ResolvedSearch> {
  const resolved = await resolveWords(db, search, lexicon);
  if (resolved.showing === null) return resolved;
  // A word in no product: the search is run as shown, so what is listed is what the page says.
  const corrected = await resolveWords(db, /[\p{L}\p{N}]$/u.test(search) ? resolved.showing : `${resolved.showing} `, lexicon);
  return { ...corrected, showing: resolved.showing };
}

async function resolveWords(db: Queryable, search: string, lexicon: SearchLexicon): Promise<ResolvedSearch> {
  const [rows, known] = await Promise.all([
    db.query<ResolvedWordRow>(
      `WITH chunks AS (
         SELECT c.n, search_tokens(c.chunk) AS tokens FROM regexp_split_to_table($1, '\\s+') WITH ORDINALITY AS c(chunk, n)
       ),
       -- Words written together ("usb-c") are one word when products hold them so (migration 023's
       -- search_words_of), else each is a word of its own.
       joined AS (
         SELECT c.n, c.tokens, cardinality(c.tokens) > 1 AND EXISTS (
           SELECT 1 FROM search_postings h WHERE h.word = array_to_string(c.tokens, '')
         ) AS whole
         FROM chunks c
       ),
       pieces AS (
         SELECT j.n, 1 AS ord, array_to_string(j.tokens, '') AS word FROM joined j WHERE j.whole
         UNION ALL
         SELECT j.n, t.ord, t.word FROM joined j, unnest(j.tokens) WITH ORDINALITY AS t(word, ord) WHERE NOT j.whole
       ),
       typed AS (
         SELECT p.word, min(p.n * 1000 + p.ord) AS ord FROM pieces p
         GROUP BY p.word ORDER BY min(p.n * 1000 + p.ord) LIMIT ${MAX_TERMS}
       ),
       terms AS (
         SELECT word, ord,
           ord = (SELECT max(ord) FROM typed) AND $1 ~ '[[:alnum:]]$' AND char_length(word) >= ${MIN_PREFIX_LENGTH} AS open,
           CASE WHEN word !~ '^[[:alpha:]]+$' OR char_length(word) > ${MAX_TYPO_WORD_LENGTH} THEN 0
             WHEN char_length(word) >= ${TWO_TYPOS_LENGTH} THEN 2 WHEN char_length(word) >= ${ONE_TYPO_LENGTH} THEN 1 ELSE 0 END AS typos
         FROM typed
       ),
       expanded AS (
         SELECT t.word, t.ord, t.open, t.typos,
           EXISTS (SELECT 1 FROM search_postings h WHERE h.word = t.word) AS found,
           CASE WHEN t.open THEN ARRAY(
             SELECT s.word FROM search_words s
             WHERE (s.word COLLATE "C") > (t.word COLLATE "C") AND (s.word COLLATE "C") < ((t.word || U&'\\+10FFFF') COLLATE "C")
               AND starts_with(s.word, t.word)
               AND EXISTS (SELECT 1 FROM search_postings h WHERE h.word = s.word)
             ORDER BY char_length(s.word), s.word
             LIMIT ${MAX_PREFIX_WORDS}
           ) ELSE ARRAY[]::text[] END AS prefixes
         FROM terms t
       )
       SELECT e.word, e.open, e.typos, e.found, e.prefixes,
         -- How many products the word and its beginnings match, counted up to a bound: the
         -- rarest word of a search of several leads it (rankedPage).
         CASE WHEN (SELECT count(*) FROM terms) > 1 THEN (
           SELECT count(*)::int FROM (
             SELECT 1 FROM search_postings h WHERE h.word = ANY (e.word || e.prefixes) LIMIT ${REACH_BOUND}
           ) bounded
         ) ELSE 0 END AS reach,
         ARRAY(SELECT ps.seq::text FROM product_search ps WHERE ps.name_lower = $2 ORDER BY ps.seq) AS exact_names
       FROM expanded e
       ORDER BY e.ord`,
      [search, search.trim().replace(/\s+/g, ' ').toLowerCase()],
    ),
    lexicon.read(db),
  ]);
  const terms = rows.rows.map((row): Omit<SearchTerm, 'correction'> & { correction: string[] | null } => {
    const { typos } = row;
    const near = nearWords(known, row.word, row.open, typos);
    const words: SearchTerm['words'] = [
      { word: row.word, kind: MATCH_EXACT },
      ...row.prefixes.map((word) => ({ word, kind: MATCH_PREFIX as MatchKind })),
      ...near.filter(({ word }) => !row.prefixes.includes(word)).map(({ word }) => ({ word, kind: MATCH_TYPO as MatchKind })),
    ];
    const namedCategoryIds = known.categories
      .filter(({ tokens }) => tokens.some((token) => matchKind(row.word, token, row.open, typos) !== null))
      .map(({ id }) => id);
    const unknown = !row.found && row.prefixes.length === 0;
    const closest = near.filter(({ distance }) => distance === near[0]?.distance).map(({ word }) => word);
    return { text: row.word, words, namedCategoryIds, correction: unknown ? closest : null, reach: row.reach };
  });
  const unknown = terms.flatMap(({ correction }) => (correction && correction.length > 1 ? correction : []));
  // Of the nearest spellings, the one in the most products is meant (counted only when there is a choice).
  const counts = new Map<string, number>();
  if (unknown.length > 0) {
    const counted = await db.query<{ word: string; products: number }>(
      'SELECT word, count(*)::int AS products FROM search_postings WHERE word = ANY ($1::text[]) GROUP BY word',
      [unknown],
    );
    for (const { word, products } of counted.rows) counts.set(word, products);
  }
  const resolvedTerms = terms.map(({ correction, ...term }) => ({
    ...term,
    correction: correction && correction.length > 0 ? mostFound(correction, counts) : null,
  }));
  const corrected = resolvedTerms.some((term) => term.correction !== null);
  return {
    terms: resolvedTerms,
    exactNameSeqs: rows.rows[0]?.exact_names ?? [],
    showing: corrected ? resolvedTerms.map((term) => term.correction ?? term.text).join(' ') : null,
  };
}

/** The word in the most products; on a tie, the first (shortest, then alphabetical). */
function mostFound(words: string[], counts: ReadonlyMap<string, number>): string {
  return words.reduce((best, word) => ((counts.get(word) ?? 0) > (counts.get(best) ?? 0) ? word : best));
}

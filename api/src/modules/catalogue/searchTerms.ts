import { namedStatement, type Queryable } from '../../db/database';

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
  /**
   * How many products its words (typos' included) may match, counted up to REACH_BOUND: 0 in a
   * search of one word, where it is not needed.
   */
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

/** A search's words' products are counted up to this (migration 030's literal). */
export const REACH_BOUND = 2000;

/**
 * Each term's reach over all its words, typos' included, one space-separated list of words per
 * term (words are runs of letters and digits: none holds a space). Migration 030 counts a word
 * and its beginnings; the words within its typos are found here, after it, and a typo can match
 * far more products than the word typed ("shirt" in 1 445 products, and with "skirt" 15 525): a
 * term counted without them could lead a search it should follow.
 */
const TERMS_REACH = namedStatement(
  'search.termsReach',
  `SELECT (SELECT count(*)::int FROM (
       SELECT 1 FROM search_postings h WHERE h.word = ANY (string_to_array(t.words, ' ')) LIMIT ${REACH_BOUND}
     ) bounded) AS reach
   FROM unnest($1::text[]) WITH ORDINALITY AS t(words, n)
   ORDER BY t.n`,
);

interface ResolvedWordRow {
  word: string;
  /** Whether the search's last word is still being typed (no space after it, 2 letters or more): it matches as a start. */
  open: boolean;
  /** How many typos it forgives: 1 from 5 letters, 2 from 9; none with a digit in it (migration 030). */
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
      // Migration 030's function: it keeps its plan for the connection, where this statement sent
      // as text was planned afresh on every search (most of this step's time on PGlite).
      'SELECT * FROM search_resolve_words($1, $2)',
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
  // A search of several words: the terms that gained words within their typos are counted again.
  const recount = terms.length > 1 ? terms.filter((term, index) => term.words.length > 1 + (rows.rows[index]?.prefixes.length ?? 0)) : [];
  if (recount.length > 0) {
    const counted = await db.query<{ reach: number }>(TERMS_REACH, [recount.map((term) => term.words.map(({ word }) => word).join(' '))]);
    recount.forEach((term, index) => {
      term.reach = counted.rows[index]?.reach ?? term.reach;
    });
  }
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

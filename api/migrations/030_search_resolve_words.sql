-- What each word of a shopper's search matches, as one function (searchTerms.ts's resolveWords
-- reads it): a PL/pgSQL function keeps its statement's plan for the connection's life, where the
-- same statement sent as text was planned on every search. On PGlite at 10^5 products planning
-- took about 10 ms of a search's 12 in this step; the function answers in about 4.
--
-- The rules, written as literals so the kept plan can rely on them:
--   the first 8 words are read, the rest ignored;
--   the last word typed is still being typed ("open") when the search does not end in a space and
--     it has 2 letters or more: it then also matches the words it begins, the 50 shortest;
--   a word of letters forgives 1 typo from 5 letters, 2 from 9; longer than 64, or with a digit
--     in it, none (the api measures typos against its lexicon: typos says how many);
--   reach: for a search of several words, the products each word and its beginnings match,
--     counted up to 2 000, so the rarest can lead the search;
--   exact_names: the products whose whole name was typed (lowered_text, the search lowered with
--     its spaces folded).
CREATE FUNCTION search_resolve_words(search_text text, lowered_text text)
RETURNS TABLE (word text, open boolean, typos int, found boolean, prefixes text[], reach int, exact_names text[])
LANGUAGE plpgsql STABLE AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH chunks AS (
        SELECT c.n, search_tokens(c.chunk) AS tokens FROM regexp_split_to_table(search_text, '\s+') WITH ORDINALITY AS c(chunk, n)
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
        GROUP BY p.word ORDER BY min(p.n * 1000 + p.ord) LIMIT 8
      ),
      terms AS (
        SELECT word, ord,
          ord = (SELECT max(ord) FROM typed) AND search_text ~ '[[:alnum:]]$' AND char_length(word) >= 2 AS open,
          CASE WHEN word !~ '^[[:alpha:]]+$' OR char_length(word) > 64 THEN 0
            WHEN char_length(word) >= 9 THEN 2 WHEN char_length(word) >= 5 THEN 1 ELSE 0 END AS typos
        FROM typed
      ),
      expanded AS (
        SELECT t.word, t.ord, t.open, t.typos,
          EXISTS (SELECT 1 FROM search_postings h WHERE h.word = t.word) AS found,
          CASE WHEN t.open THEN ARRAY(
            SELECT s.word FROM search_words s
            WHERE (s.word COLLATE "C") > (t.word COLLATE "C") AND (s.word COLLATE "C") < ((t.word || U&'\+10FFFF') COLLATE "C")
              AND starts_with(s.word, t.word)
              AND EXISTS (SELECT 1 FROM search_postings h WHERE h.word = s.word)
            ORDER BY char_length(s.word), s.word
            LIMIT 50
          ) ELSE ARRAY[]::text[] END AS prefixes
        FROM terms t
      )
      SELECT e.word, e.open, e.typos, e.found, e.prefixes,
        -- How many products the word and its beginnings match, counted up to a bound: the
        -- rarest word of a search of several leads it (rankedPage).
        CASE WHEN (SELECT count(*) FROM terms) > 1 THEN (
          SELECT count(*)::int FROM (
            SELECT 1 FROM search_postings h WHERE h.word = ANY (e.word || e.prefixes) LIMIT 2000
          ) bounded
        ) ELSE 0 END AS reach,
        ARRAY(SELECT ps.seq::text FROM product_search ps WHERE ps.name_lower = lowered_text ORDER BY ps.seq) AS exact_names
      FROM expanded e
      ORDER BY e.ord;
END
$fn$;

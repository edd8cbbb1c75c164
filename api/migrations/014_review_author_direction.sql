-- Review authors are shown to every shopper. Direction controls (U+202A–U+202E, U+2066–U+2069)
-- in names saved before they were refused are taken out, so no author reads differently from
-- how the name was typed; a name that was nothing else becomes "A shopper".
UPDATE reviews
SET author_name = COALESCE(NULLIF(btrim(regexp_replace(author_name, '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), 'A shopper')
WHERE author_name ~ '[\u202A-\u202E\u2066-\u2069]';

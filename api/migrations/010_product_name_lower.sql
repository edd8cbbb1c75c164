-- A search ranks every match by whether its name holds the words (products named by more of the
-- words first; suggest also puts names starting with the text first). lower(name) worked out for
-- each of ~10 000 matches was a third of a common word's search at 10^5 products; stored, the
-- ranking reads it like any column.
ALTER TABLE products ADD COLUMN name_lower text GENERATED ALWAYS AS (lower(name)) STORED;

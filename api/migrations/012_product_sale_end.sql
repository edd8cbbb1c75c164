-- A listing, or facets, that read the clock (on sale, the price paid) stay right until the next
-- sale ends; the api keeps them in memory until then and asks when that is on every such read.
-- Without an index the question read every product (about 10 ms at 10^5 on PGlite).
CREATE INDEX products_on_sale_until_idx ON products (on_sale_until) WHERE on_sale_until IS NOT NULL;

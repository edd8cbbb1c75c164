-- Which colour each picture shows: null for a picture of every colour (a product sold
-- in one). The seed draws picture n of a product in colours in turn, its colour n - 1 modulo how
-- many it comes in; pictures already stored get that colour. The storefront shows the chosen
-- colour's pictures, and a cart line the picture of its own colour.
ALTER TABLE product_pictures ADD COLUMN colour text;

UPDATE product_pictures pp
SET colour = pc.colour
FROM (
  SELECT product_id, colour,
         row_number() OVER (PARTITION BY product_id ORDER BY position, colour) - 1 AS turn,
         count(*) OVER (PARTITION BY product_id) AS colours
  FROM product_colours
) pc
WHERE pc.product_id = pp.product_id AND pc.turn = (pp.position - 1) % pc.colours;

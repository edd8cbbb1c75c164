-- A product's stars are the mean of its written reviews, and its counts are how many there are
-- (docs/decisions/0009): the first seed gave products star ratings without reviews, so a product showed 4.1
-- stars beside "There are no reviews yet." Writing a review keeps them agreeing from here on.
UPDATE products p
SET rating = coalesce(r.average, 0),
    ratings_count = coalesce(r.reviews, 0),
    reviews_count = coalesce(r.reviews, 0)
FROM products q
LEFT JOIN (
  SELECT product_id, round(avg(rating), 2) AS average, count(*)::int AS reviews
  FROM reviews
  GROUP BY product_id
) r ON r.product_id = q.id
WHERE p.id = q.id
  AND (p.rating <> coalesce(r.average, 0) OR p.ratings_count <> coalesce(r.reviews, 0) OR p.reviews_count <> coalesce(r.reviews, 0));

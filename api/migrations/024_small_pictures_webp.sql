-- Small pictures (cards', cart lines') are served as WebP (api/src/images/webp.ts): a browser
-- decodes a bitmap off its page's main thread, where it parses, lays out and paints each SVG
-- picture. Their addresses say so; the api still answers the .svg ones, which orders keep.
UPDATE product_pictures
SET url = left(url, length(url) - length('.svg')) || '.webp'
WHERE kind = 'small' AND url LIKE '%-small.svg';

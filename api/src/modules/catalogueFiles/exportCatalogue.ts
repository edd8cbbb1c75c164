import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '../../db/database';
import { guardFormula } from './csvText';
import { htmlFromDescription } from './descriptions';
import { writePrice } from './prices';
import { COLUMNS, type ColumnKey, EXPORT_COLUMNS } from './shopifyColumns';

interface ExportedProduct {
  link: string;
  name: string;
  description: string;
  sku: string;
  stock: number;
  price_cents: number;
  sale_cents: number | null;
  on_sale: boolean;
  published: boolean;
  vendor: string;
  product_type: string;
  product_category: string;
  tags: string[];
  categories: { name: string; parent: string | null }[];
  colours: string[];
  sizes: { name: string; label: string }[];
  variants: { sku: string; colour: string | null; size: string | null; stock: number }[];
  pictures: { source: string; alt: string; colour: string | null }[];
}

/** Size names the store and Shopify both know, written as shops write them. */
const SIZE_WRITTEN: Record<string, string> = { s: 'S', m: 'M', l: 'L', xl: 'XL' };

const capitalised = (text: string) => text.replace(/(^|\s)\p{Ll}/gu, (letter) => letter.toUpperCase());

/** The category path a product's categories make, for a product that came with none written (the sample catalogue). */
function derivedCategory(product: ExportedProduct): string {
  const child = product.categories.find((category) => category.parent !== null);
  if (child) return `${child.parent} > ${child.name}`;
  return product.categories[0]?.name ?? '';
}

/** A product's variants; the sample catalogue's products (which have none stored) get one per colour and size, their stock shared out. */
function variantsOf(product: ExportedProduct): ExportedProduct['variants'] {
  if (product.variants.length > 0) return product.variants;
  const colours: (string | null)[] = product.colours.length > 0 ? product.colours : [null];
  const sizes: (string | null)[] = product.sizes.length > 0 ? product.sizes.map((size) => size.name) : [null];
  if (colours[0] === null && sizes[0] === null) return [{ sku: product.sku, colour: null, size: null, stock: product.stock }];
  const combinations = colours.flatMap((colour) => sizes.map((size) => ({ colour, size })));
  const share = Math.floor(product.stock / combinations.length);
  const left = product.stock - share * combinations.length;
  return combinations.map(({ colour, size }, index) => ({
    sku: [product.sku, colour, size].filter(Boolean).join('-').toUpperCase().replace(/[^A-Z0-9]+/g, '-'),
    colour,
    size,
    stock: share + (index < left ? 1 : 0),
  }));
}

function rowsOf(product: ExportedProduct): Record<ColumnKey, string>[] {
  const variants = variantsOf(product);
  const hasColour = product.colours.length > 0;
  const hasSize = product.sizes.length > 0;
  const optionNames = [...(hasColour ? ['Colour'] : []), ...(hasSize ? ['Size'] : [])];
  const sizeLabel = (name: string | null) => (name === null ? '' : (SIZE_WRITTEN[name] ?? product.sizes.find((size) => size.name === name)?.label ?? name));
  const empty = () => Object.fromEntries(EXPORT_COLUMNS.map((key) => [key, ''])) as Record<ColumnKey, string>;
  const rows: Record<ColumnKey, string>[] = [];
  const count = Math.max(variants.length, product.pictures.length);
  for (let index = 0; index < count; index += 1) {
    const row = empty();
    row.handle = product.link;
    if (index === 0) {
      row.title = product.name;
      row.body = htmlFromDescription(product.description);
      row.vendor = product.vendor;
      row.productCategory = product.product_category || derivedCategory(product);
      row.type = product.product_type;
      row.tags = product.tags.join(', ');
      row.published = product.published ? 'TRUE' : 'FALSE';
      row.status = product.published ? 'active' : 'draft';
      if (optionNames.length === 0) {
        row.option1Name = 'Title';
        row.option1Value = 'Default Title';
      } else {
        row.option1Name = optionNames[0] ?? '';
        row.option2Name = optionNames[1] ?? '';
      }
    }
    const variant = variants[index];
    if (variant) {
      const values = [...(hasColour ? [capitalised(variant.colour ?? '')] : []), ...(hasSize ? [sizeLabel(variant.size)] : [])];
      if (optionNames.length === 0) row.option1Value = 'Default Title';
      else {
        row.option1Value = values[0] ?? '';
        row.option2Value = values[1] ?? '';
      }
      row.sku = variant.sku;
      row.inventoryQty = String(variant.stock);
      row.price = writePrice(product.on_sale && product.sale_cents !== null ? product.sale_cents : product.price_cents);
      row.compareAtPrice = product.on_sale && product.sale_cents !== null ? writePrice(product.price_cents) : '';
      const own = variant.colour === null ? undefined : product.pictures.find((picture) => picture.colour === variant.colour);
      row.variantImage = own?.source ?? '';
    }
    const picture = product.pictures[index];
    if (picture) {
      row.imageSrc = picture.source;
      row.imagePosition = String(index + 1);
      row.imageAlt = picture.alt;
    }
    rows.push(row);
  }
  return rows;
}

/** Every text cell guarded against being run as a formula; numbers, handles and addresses are left as they are. */
const GUARDED: readonly ColumnKey[] = ['title', 'body', 'vendor', 'productCategory', 'type', 'tags', 'option1Value', 'option2Value', 'sku', 'imageAlt'];

/**
 * The whole catalogue, unpublished products too, as a Shopify product CSV (UTF-8, with the
 * byte-order mark Excel needs to read it as UTF-8): importing it changes nothing.
 */
export async function exportCatalogue(db: Queryable): Promise<string> {
  const products = await db.query<ExportedProduct>(
    `SELECT p.link, p.name, p.description, p.sku, p.stock,
       (p.price * 100)::bigint::float8 AS price_cents, (p.on_sale_price * 100)::bigint::float8 AS sale_cents,
       (p.on_sale_price IS NOT NULL AND (p.on_sale_until IS NULL OR p.on_sale_until > now())) AS on_sale,
       p.published, p.vendor, p.product_type, p.product_category, p.tags,
       COALESCE((SELECT json_agg(json_build_object('name', c.name, 'parent', parent.name) ORDER BY pc.position, c.id)
                 FROM product_categories pc JOIN categories c ON c.id = pc.category_id LEFT JOIN categories parent ON parent.id = c.parent_id
                 WHERE pc.product_id = p.id), '[]'::json) AS categories,
       ARRAY(SELECT colour FROM product_colours WHERE product_id = p.id ORDER BY position, colour) AS colours,
       COALESCE((SELECT json_agg(json_build_object('name', s.name, 'label', s.label) ORDER BY ps.position, s.position)
                 FROM product_sizes ps JOIN sizes s ON s.name = ps.size WHERE ps.product_id = p.id), '[]'::json) AS sizes,
       COALESCE((SELECT json_agg(json_build_object('sku', v.sku, 'colour', v.colour, 'size', v.size, 'stock', v.stock) ORDER BY v.position)
                 FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants,
       COALESCE((SELECT json_agg(json_build_object('source', s.source, 'alt', s.alt, 'colour', s.colour) ORDER BY s.position)
                 FROM picture_sources s WHERE s.product_id = p.id), '[]'::json) AS pictures
     FROM products p ORDER BY p.seq`,
  );
  const records = products.rows.flatMap(rowsOf).map((row) => EXPORT_COLUMNS.map((key) => (GUARDED.includes(key) ? guardFormula(row[key]) : row[key])));
  return `\ufeff${stringify([EXPORT_COLUMNS.map((key) => COLUMNS[key]), ...records], { record_delimiter: '\r\n' })}`;
}

import type { EditableProductSchema, OperatorProductSchema, Static } from '@storefront/contracts';
import { randomId } from '@storefront/shared/domain';
import type { Queryable } from '../../db/database';
import { colourCode, descriptionFromHtml, shortDescriptionOf, slugOf } from '../catalogueFiles';

export type EditableProduct = Static<typeof EditableProductSchema>;
export type OperatorProduct = Static<typeof OperatorProductSchema>;

/** Why an edit was refused: the field it names, for a 400, or a conflict with what the shop holds, for a 409. */
export class EditRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EditRefused';
  }
}

/** Statuses whose orders still hold their units in the shop (set aside, not yet gone out). */
export const HOLDING_STATUSES = ['awaiting_payment', 'placed', 'paid', 'packed', 'ready_for_collection'];

interface EditableRow {
  id: string;
  link: string;
  sku: string;
  name: string;
  description: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: Date | string | null;
  sale_starts_at: Date | string | null;
  scheduled_sale_price: number | null;
  scheduled_sale_until: Date | string | null;
  published: boolean;
  stock: number;
  categories: string[];
  colours: string[];
  sizes: string[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function readRow(db: Queryable, id: string, lock = false): Promise<EditableRow | null> {
  const rows = await db.query<EditableRow>(
    `SELECT p.id, p.link, p.sku, p.name, p.description, p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
       p.sale_starts_at, p.scheduled_sale_price::float8 AS scheduled_sale_price, p.scheduled_sale_until, p.published, p.stock,
       ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY position, category_id) AS categories,
       ARRAY(SELECT colour FROM product_colours WHERE product_id = p.id ORDER BY position, colour) AS colours,
       ARRAY(SELECT size FROM product_sizes WHERE product_id = p.id ORDER BY position, size) AS sizes
     FROM products p WHERE p.id = lower($1)${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows.rows[0] ?? null;
}

/** The product as the form edits it. A sale that has ended is no sale; one set to start later shows its start. */
function editableOf(row: EditableRow): EditableProduct {
  const saleNow = row.on_sale_price !== null && (row.on_sale_until === null || new Date(row.on_sale_until) > new Date());
  return {
    name: row.name,
    description: row.description,
    categories: row.categories,
    colours: row.colours,
    sizes: row.sizes,
    price: row.price,
    sale: saleNow
      ? { price: row.on_sale_price as number, starts_at: null, ends_at: iso(row.on_sale_until) }
      : row.scheduled_sale_price !== null
        ? { price: row.scheduled_sale_price, starts_at: iso(row.sale_starts_at), ends_at: iso(row.scheduled_sale_until) }
        : null,
    published: row.published,
  };
}

/** One product for the operator pages: the form's fields, stock by variant with what open orders hold, pictures and stock history. */
export async function readOperatorProduct(db: Queryable, id: string): Promise<OperatorProduct | null> {
  const row = await readRow(db, id);
  if (!row) return null;
  const variants = await db.query<OperatorProduct['variants'][number]>(
    `SELECT v.sku, v.colour, v.size, v.stock,
       COALESCE((SELECT sum(l.qty)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
                 WHERE l.product_id = v.product_id AND l.colour IS NOT DISTINCT FROM v.colour AND l.size IS NOT DISTINCT FROM v.size
                   AND o.status = ANY ($2::text[])), 0) AS held
     FROM product_variants v WHERE v.product_id = $1 ORDER BY v.position`,
    [row.id, HOLDING_STATUSES],
  );
  const held = await db.query<{ held: number }>(
    `SELECT COALESCE(sum(l.qty), 0)::int AS held FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.product_id = $1 AND o.status = ANY ($2::text[])`,
    [row.id, HOLDING_STATUSES],
  );
  const pictures = await db.query<OperatorProduct['pictures'][number]>(
    `SELECT s.position, CASE WHEN s.state = 'ready' THEN 'catalogue/' || s.product_id || '/' || s.small_file END AS url,
       s.colour, s.alt, s.state, s.problem
     FROM picture_sources s WHERE s.product_id = $1 ORDER BY s.position`,
    [row.id],
  );
  const history = await db.query<OperatorProduct['history'][number] & { at: Date | string }>(
    `SELECT at, actor AS by, sku, reason, quantity, change, stock_after, note FROM stock_movements WHERE product_id = $1 ORDER BY at DESC, id DESC LIMIT 50`,
    [row.id],
  );
  return {
    id: row.id,
    link: row.link,
    sku: row.sku,
    product: editableOf(row),
    variants: variants.rows.length > 0 ? variants.rows : [{ sku: row.sku, colour: null, size: null, stock: row.stock, held: held.rows[0]?.held ?? 0 }],
    pictures: pictures.rows,
    history: history.rows.map((movement) => ({ ...movement, at: new Date(movement.at).toISOString() })),
  };
}

/** The fields of two forms that differ, by name. */
export function changedFields(a: EditableProduct, b: EditableProduct): string[] {
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  const saleKey = (sale: EditableProduct['sale']) =>
    sale && { price: sale.price, starts_at: sale.starts_at && new Date(sale.starts_at).getTime(), ends_at: sale.ends_at && new Date(sale.ends_at).getTime() };
  return (Object.keys(a) as (keyof EditableProduct)[]).filter((field) => (field === 'sale' ? !same(saleKey(a.sale), saleKey(b.sale)) : !same(a[field], b[field])));
}

/** The form's text as the product page shows it: pasted HTML is read down to text, as an import's is. */
function cleanDescription(text: string): string {
  const unified = text.replace(/\r\n?/g, '\n');
  return (/<[a-z!/]/i.test(unified) ? descriptionFromHtml(unified) : unified).trim();
}

/** Checks what the form says against the shop's rules; answers it as written to the database. */
async function checked(db: Queryable, form: EditableProduct) {
  const now = Date.now();
  const sale = form.sale;
  if (sale) {
    if (sale.price >= form.price) throw new EditRefused(400, 'invalid_sale', 'sale.price: a sale price is below the price');
    const starts = sale.starts_at === null ? null : new Date(sale.starts_at);
    const ends = sale.ends_at === null ? null : new Date(sale.ends_at);
    if (ends && ends.getTime() <= now) throw new EditRefused(400, 'invalid_sale', 'sale.ends_at: the sale’s end has passed');
    if (starts && ends && ends <= starts) throw new EditRefused(400, 'invalid_sale', 'sale.ends_at: the sale ends after it starts');
  }
  if (form.categories.length > 0) {
    const known = await db.query<{ id: string }>('SELECT id FROM categories WHERE id = ANY ($1::text[])', [form.categories]);
    const unknown = form.categories.filter((id) => !known.rows.some((row) => row.id === id));
    if (unknown.length > 0) throw new EditRefused(400, 'invalid_category', `categories: no category "${unknown[0]}"`);
  }
  const colours = [...new Set(form.colours.map((name) => name.trim().toLowerCase().replace(/\s+/g, ' ')))];
  const sizes = [...new Set(form.sizes.map((name) => name.trim().toLowerCase().replace(/\s+/g, ' ')))];
  const description = cleanDescription(form.description);
  const startsLater = sale?.starts_at != null && new Date(sale.starts_at).getTime() > now;
  return {
    name: form.name.trim(),
    description,
    short_description: shortDescriptionOf(description),
    price: form.price,
    on_sale_price: sale && !startsLater ? sale.price : null,
    on_sale_until: sale && !startsLater ? sale.ends_at : null,
    sale_starts_at: startsLater ? sale?.starts_at : null,
    scheduled_sale_price: startsLater ? sale?.price : null,
    scheduled_sale_until: startsLater ? sale?.ends_at : null,
    published: form.published,
    categories: form.categories,
    colours,
    sizes,
    sizeLabels: new Map(form.sizes.map((written) => [written.trim().toLowerCase().replace(/\s+/g, ' '), written.trim().slice(0, 20)])),
  };
}

type Checked = Awaited<ReturnType<typeof checked>>;

/** Colours and sizes the shop does not have yet are added: a colour's swatch from its name, a size labelled as typed. */
async function ensureOptions(db: Queryable, form: Checked): Promise<void> {
  if (form.colours.length > 0) {
    await db.query(
      `INSERT INTO colours (name, code, position)
       SELECT c.name, c.code, (SELECT COALESCE(max(position), 0) FROM colours) + c.ord FROM json_to_recordset($1::json) AS c(name text, code text, ord int)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(form.colours.map((name, index) => ({ name, code: colourCode(name), ord: index + 1 })))],
    );
  }
  if (form.sizes.length > 0) {
    await db.query(
      `INSERT INTO sizes (name, label, position)
       SELECT s.name, s.label, (SELECT COALESCE(max(position), 0) FROM sizes) + s.ord FROM json_to_recordset($1::json) AS s(name text, label text, ord int)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(form.sizes.map((name, index) => ({ name, label: form.sizeLabels.get(name) ?? name, ord: index + 1 })))],
    );
  }
}

async function replaceList(db: Queryable, table: string, column: string, id: string, values: readonly string[]): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE product_id = $1`, [id]);
  if (values.length > 0) await db.query(`INSERT INTO ${table} (product_id, ${column}, position) SELECT $1, v, o::int - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(v, o)`, [id, values]);
}

const skuPart = (value: string | null) => (value ?? '').toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The product's variants become one per colour and size. A variant it keeps keeps its SKU and
 * stock; a new one starts at 0; one dropped must hold no stock (its units would be lost). A
 * product that had colours and sizes but no counts of its own (the sample catalogue) gets its
 * stock shared out among them.
 */
async function syncVariants(db: Queryable, id: string, sku: string, stock: number, colours: readonly string[], sizes: readonly string[]): Promise<void> {
  const existing = await db.query<{ sku: string; colour: string | null; size: string | null; stock: number }>('SELECT sku, colour, size, stock FROM product_variants WHERE product_id = $1 FOR UPDATE', [id]);
  const wanted = (colours.length > 0 ? colours : [null]).flatMap((colour) => (sizes.length > 0 ? sizes : [null]).map((size) => ({ colour, size })));
  const simple = colours.length === 0 && sizes.length === 0;
  const key = (variant: { colour: string | null; size: string | null }) => `${variant.colour}\u0000${variant.size}`;
  const kept = new Map(existing.rows.map((variant) => [key(variant), variant]));
  const dropped = existing.rows.filter((variant) => simple || !wanted.some((want) => key(want) === key(variant)));
  const stocked = dropped.find((variant) => variant.stock > 0);
  if (stocked) {
    throw new EditRefused(409, 'variant_has_stock', `${[stocked.colour, stocked.size].filter(Boolean).join(' ')} (${stocked.sku}) still has ${stocked.stock} in stock: count it to 0 first`);
  }
  await db.query('DELETE FROM product_variants WHERE product_id = $1', [id]);
  if (simple) return;
  const share = existing.rows.length === 0 ? Math.floor(stock / wanted.length) : 0;
  const left = existing.rows.length === 0 ? stock - share * wanted.length : 0;
  const taken = await db.query<{ sku: string }>('SELECT sku FROM product_variants UNION SELECT sku FROM products WHERE id <> $1', [id]);
  const used = new Set(taken.rows.map((row) => row.sku));
  const rows = wanted.map((want, position) => {
    const before = kept.get(key(want));
    if (before) return { ...before, product_id: id, position };
    let made = [sku, skuPart(want.colour), skuPart(want.size)].filter(Boolean).join('-').slice(0, 90);
    for (let n = 2; used.has(made); n += 1) made = `${made.replace(/-\d+$/, '')}-${n}`;
    used.add(made);
    return { product_id: id, sku: made, colour: want.colour, size: want.size, stock: share + (position < left ? 1 : 0), position };
  });
  await db.query(
    `INSERT INTO product_variants (product_id, sku, colour, size, stock, position)
     SELECT product_id, sku, colour, size, stock, position FROM json_populate_recordset(NULL::product_variants, $1::json)`,
    [JSON.stringify(rows)],
  );
  await db.query('UPDATE products SET stock = (SELECT COALESCE(sum(stock), 0) FROM product_variants WHERE product_id = $1) WHERE id = $1', [id]);
}

async function writeFields(db: Queryable, id: string, form: Checked): Promise<void> {
  await db.query(
    `UPDATE products SET name = $2, description = $3, short_description = $4, price = $5, on_sale_price = $6, on_sale_until = $7,
       sale_starts_at = $8, scheduled_sale_price = $9, scheduled_sale_until = $10, published = $11, has_variants = $12
     WHERE id = $1`,
    [id, form.name, form.description, form.short_description, form.price, form.on_sale_price, form.on_sale_until, form.sale_starts_at ?? null,
      form.scheduled_sale_price ?? null, form.scheduled_sale_until ?? null, form.published, form.colours.length > 0 || form.sizes.length > 0],
  );
  await replaceList(db, 'product_categories', 'category_id', id, form.categories);
  await replaceList(db, 'product_colours', 'colour', id, form.colours);
  await replaceList(db, 'product_sizes', 'size', id, form.sizes);
}

/** A new product, unpublished or not as the form says, with no stock until staff count it. */
export async function createProduct(db: Queryable, form: EditableProduct, link?: string): Promise<string> {
  const values = await checked(db, form);
  let address = link ?? slugOf(values.name, 'product');
  const taken = await db.query<{ link: string }>('SELECT link FROM products WHERE link = $1 OR link LIKE $2', [address, `${address}-%`]);
  if (link && taken.rows.some((row) => row.link === link)) throw new EditRefused(409, 'link_taken', `link: another product has the address "${link}"`);
  for (let n = 2; taken.rows.some((row) => row.link === address); n += 1) address = `${slugOf(values.name, 'product')}-${n}`;
  const id = randomId(12);
  const sku = `JAC-${randomId(8).toUpperCase()}`;
  await ensureOptions(db, values);
  await db.query(
    `INSERT INTO products (id, link, name, sku, price, stock, published, category_ids, colour_names) VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)`,
    [id, address, values.name, sku, values.price, values.published, values.categories, [...values.colours].sort()],
  );
  await writeFields(db, id, values);
  await syncVariants(db, id, sku, 0, values.colours, values.sizes);
  return id;
}

/**
 * Saves the form over the product, unless the product changed since the form was loaded (another
 * member of staff saved first): then nothing is written, and the refusal names what changed.
 */
export async function updateProduct(db: Queryable, id: string, base: EditableProduct, next: EditableProduct): Promise<{ conflict: { changed: string[]; current: EditableProduct } } | null> {
  const row = await readRow(db, id, true);
  if (!row) throw new EditRefused(404, 'not_found', `No product "${id}"`);
  const current = editableOf(row);
  const changed = changedFields(base, current);
  if (changed.length > 0) return { conflict: { changed, current } };
  const values = await checked(db, next);
  await ensureOptions(db, values);
  await writeFields(db, row.id, values);
  await syncVariants(db, row.id, row.sku, row.stock, values.colours, values.sizes);
  return null;
}

/** Starts the sales whose start has come: they become the product's sale, read as every sale is. */
export async function startScheduledSales(db: Queryable): Promise<number> {
  const started = await db.query(
    `UPDATE products SET on_sale_price = scheduled_sale_price, on_sale_until = scheduled_sale_until,
       sale_starts_at = NULL, scheduled_sale_price = NULL, scheduled_sale_until = NULL
     WHERE sale_starts_at <= now() RETURNING id`,
  );
  return started.rows.length;
}

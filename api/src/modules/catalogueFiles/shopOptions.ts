import colourNames from 'color-name';
import type { Queryable } from '../../db/database';
import type { PlannedProduct } from './readShopifyCsv';
import { slugOf } from './slug';

/** The categories, colours and sizes an import's products are in: found by name, or added to the shop. */

const slug = (name: string) => slugOf(name, 'category');

/** The categories a product is in, by name, parent first: the file's category path's last part under its parent, and its type. */
export function categoryNamesOf(product: Pick<PlannedProduct, 'productCategory' | 'type'>): { name: string; parent: string | null }[] {
  const path = product.productCategory
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean);
  const named: { name: string; parent: string | null }[] = [];
  const leaf = path.at(-1);
  const parent = path.length > 1 ? (path.at(-2) ?? null) : null;
  if (parent) named.push({ name: parent, parent: null });
  if (leaf) named.push({ name: leaf, parent });
  if (product.type && !named.some((category) => category.name.toLowerCase() === product.type.toLowerCase())) named.push({ name: product.type, parent: null });
  return named;
}

/** The ids of these categories, made where the shop has none of that name (matched in any letter case). */
export async function ensureCategories(tx: Queryable, products: readonly PlannedProduct[]): Promise<Map<string, string>> {
  const existing = await tx.query<{ id: string; name: string }>('SELECT id, name FROM categories');
  const byName = new Map(existing.rows.map((row) => [row.name.toLowerCase(), row.id]));
  const ids = new Set(existing.rows.map((row) => row.id));
  const made: { id: string; name: string; parent_id: string | null }[] = [];
  for (const product of products) {
    for (const { name, parent } of categoryNamesOf(product)) {
      if (byName.has(name.toLowerCase())) continue;
      let id = slug(name);
      for (let n = 2; ids.has(id); n += 1) id = `${slug(name)}-${n}`;
      ids.add(id);
      byName.set(name.toLowerCase(), id);
      made.push({ id, name: name.slice(0, 100), parent_id: parent ? (byName.get(parent.toLowerCase()) ?? null) : null });
    }
  }
  if (made.length > 0) {
    await tx.query(
      `INSERT INTO categories (id, name, parent_id, position)
       SELECT m.id, m.name, m.parent_id, (SELECT COALESCE(max(position), 0) FROM categories) + m.ord
       FROM json_to_recordset($1::json) AS m(id text, name text, parent_id text, ord int)
       ORDER BY m.ord`,
      [JSON.stringify(made.map((category, index) => ({ ...category, ord: index + 1 })))],
    );
  }
  return byName;
}

/** A colour's swatch: the CSS colour of that name where there is one ("navy blue" is navy), else a neutral grey. */
export function colourCode(name: string): string {
  const rgb = (colourNames as Record<string, [number, number, number]>)[name.replace(/\s+/g, '')];
  if (!rgb) return '#9ca3af';
  return `#${rgb.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

export async function ensureColoursAndSizes(tx: Queryable, products: readonly PlannedProduct[]): Promise<void> {
  const colours = [...new Set(products.flatMap((product) => product.colours))];
  if (colours.length > 0) {
    await tx.query(
      `INSERT INTO colours (name, code, position)
       SELECT c.name, c.code, (SELECT COALESCE(max(position), 0) FROM colours) + c.ord
       FROM json_to_recordset($1::json) AS c(name text, code text, ord int)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(colours.map((name, index) => ({ name, code: colourCode(name), ord: index + 1 })))],
    );
  }
  const sizes = new Map<string, string>();
  for (const size of products.flatMap((product) => product.sizes)) if (!sizes.has(size.name)) sizes.set(size.name, size.label);
  if (sizes.size > 0) {
    await tx.query(
      `INSERT INTO sizes (name, label, position)
       SELECT s.name, s.label, (SELECT COALESCE(max(position), 0) FROM sizes) + s.ord
       FROM json_to_recordset($1::json) AS s(name text, label text, ord int)
       ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify([...sizes].map(([name, label], index) => ({ name, label: label.slice(0, 20), ord: index + 1 })))],
    );
  }
}

import { randomId } from '@storefront/shared/domain';
import type { Database, Queryable } from '../../db/database';
import { replacePictureSources, type PictureWanted } from './pictureStore';
import { type CataloguePlan, type PlannedProduct, type Problem, readShopifyCsv } from './readShopifyCsv';
import { categoryNamesOf, ensureCategories, ensureColoursAndSizes } from './shopOptions';
import { type ImportLists, type ImportProgress, type ProductRow, writeProducts } from './writeProducts';

export type { ImportProgress } from './writeProducts';

/** What the command line found of each picture path the file names: its bytes' digest (sent already), or why it could not read it. */
export type PictureFiles = Record<string, { digest: string } | { missing: string }>;

export interface ImportRequest {
  csv: string;
  files: PictureFiles;
  dryRun: boolean;
  removeMissing: boolean;
}

export interface ImportOutcome {
  ok: boolean;
  problems: Problem[];
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  unpublished: number;
  /** Pictures waiting to be made after this import. */
  picturesWaiting: number;
  dryRun: boolean;
}

/** The product as the store holds it, in the terms of the file, to tell what an import changes. */
interface Stored {
  id: string;
  link: string;
  name: string;
  description: string;
  short_description: string;
  price_cents: number;
  sale_cents: number | null;
  sale_ended: boolean;
  on_sale_until: string | null;
  sku: string;
  stock: number;
  published: boolean;
  vendor: string;
  product_type: string;
  product_category: string;
  tags: string[];
  categories: string[];
  colours: string[];
  sizes: string[];
  variants: { sku: string; colour: string | null; size: string | null; stock: number }[];
  pictures: { source: string; upload: string | null; alt: string; colour: string | null; state: string }[];
}

async function readStored(tx: Queryable, handles: readonly string[]): Promise<Map<string, Stored>> {
  const rows = await tx.query<Stored>(
    `SELECT p.id, p.link, p.name, p.description, p.short_description,
       (p.price * 100)::bigint::float8 AS price_cents, (p.on_sale_price * 100)::bigint::float8 AS sale_cents,
       COALESCE(p.on_sale_until <= now(), false) AS sale_ended, p.on_sale_until::text AS on_sale_until,
       p.sku, p.stock, p.published, p.vendor, p.product_type, p.product_category, p.tags,
       ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY position, category_id) AS categories,
       ARRAY(SELECT colour FROM product_colours WHERE product_id = p.id ORDER BY position, colour) AS colours,
       ARRAY(SELECT size FROM product_sizes WHERE product_id = p.id ORDER BY position, size) AS sizes,
       COALESCE((SELECT json_agg(json_build_object('sku', v.sku, 'colour', v.colour, 'size', v.size, 'stock', v.stock) ORDER BY v.position)
                 FROM product_variants v WHERE v.product_id = p.id), '[]'::json) AS variants,
       COALESCE((SELECT json_agg(json_build_object('source', s.source, 'upload', s.upload, 'alt', s.alt, 'colour', s.colour, 'state', s.state) ORDER BY s.position)
                 FROM picture_sources s WHERE s.product_id = p.id), '[]'::json) AS pictures
     FROM products p WHERE p.link = ANY ($1::text[])`,
    [handles],
  );
  return new Map(rows.rows.map((row) => [row.link, row]));
}

/** SKUs of the file that the shop already has on another product: nothing is imported then. */
async function foreignSkus(tx: Queryable, plan: CataloguePlan): Promise<Problem[]> {
  const wanted = plan.products.flatMap((product) =>
    product.variants.length > 0
      ? product.variants.map((variant) => ({ sku: variant.sku, handle: product.handle, line: variant.line }))
      : [{ sku: product.sku, handle: product.handle, line: product.line }],
  );
  if (wanted.length === 0) return [];
  const taken = await tx.query<{ sku: string; link: string; line: number }>(
    `SELECT w.sku, owner.link, w.line
     FROM json_to_recordset($1::json) AS w(sku text, handle text, line int)
     JOIN LATERAL (
       SELECT p.link FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.sku = w.sku
       UNION ALL
       SELECT p.link FROM products p WHERE p.sku = w.sku
     ) owner ON owner.link <> w.handle
     ORDER BY w.line`,
    [JSON.stringify(wanted)],
  );
  return taken.rows.map((row) => ({
    line: row.line,
    column: '"Variant SKU"',
    message: `the SKU "${row.sku}" belongs to another product of the shop ("${row.link}")`,
  }));
}

/** The pictures the file asks for, or the problems of those the command line could not read. */
function picturesWanted(
  sent: ReadonlySet<string>,
  product: PlannedProduct,
  stored: Stored | undefined,
  { files, dryRun }: Pick<ImportRequest, 'files' | 'dryRun'>,
  problems: Problem[],
): PictureWanted[] {
  const wanted: PictureWanted[] = [];
  for (const picture of product.pictures) {
    if (/^https?:\/\//i.test(picture.source)) {
      wanted.push({ source: picture.source, upload: null, alt: picture.alt, colour: picture.colour });
      continue;
    }
    const file = files[picture.source];
    const kept = stored?.pictures.find((candidate) => candidate.source === picture.source && candidate.upload !== null);
    if (file && 'digest' in file) {
      // A dry run sends no picture: the command line has read and judged it beside the file.
      if (sent.has(file.digest) || kept?.upload === file.digest || dryRun) {
        wanted.push({ source: picture.source, upload: file.digest, alt: picture.alt, colour: picture.colour });
        continue;
      }
      problems.push({ line: picture.line, column: '"Image Src"', message: `the picture "${picture.source}" was not sent to the store` });
    } else if (kept) {
      // The file beside the CSV is gone, but the store made this picture from it before: kept as it is.
      wanted.push({ source: picture.source, upload: kept.upload, alt: picture.alt, colour: picture.colour });
    } else {
      problems.push({ line: picture.line, column: '"Image Src"', message: `cannot read the picture "${picture.source}": ${file?.missing ?? 'no such file beside the CSV'}` });
    }
  }
  return wanted;
}

function samePictures(stored: Stored | undefined, wanted: readonly PictureWanted[]): boolean {
  const before = stored?.pictures ?? [];
  return before.length === wanted.length && before.every((picture, index) => {
    const want = wanted[index] as PictureWanted;
    return picture.source === want.source && picture.upload === want.upload && picture.alt === want.alt && picture.colour === want.colour;
  });
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

class Rollback extends Error {
  constructor(readonly outcome: ImportOutcome) {
    super('rolled back');
  }
}

/**
 * Imports a Shopify product CSV: checked whole first, and all or nothing. Products are matched by
 * handle (the store's link) and their variants by SKU; what is the same as stored is left alone, so
 * importing the same file twice changes nothing. With `removeMissing`, products the file no longer
 * has are unpublished (never deleted: orders keep them). A dry run checks everything an import
 * would, the database's part included, and writes nothing.
 */
export async function importCatalogue(database: Database, request: ImportRequest, onProgress: ImportProgress = () => undefined): Promise<ImportOutcome> {
  const plan = readShopifyCsv(request.csv);
  const outcome: ImportOutcome = { ok: false, problems: plan.problems, rows: plan.rows, created: 0, updated: 0, unchanged: 0, unpublished: 0, picturesWaiting: 0, dryRun: request.dryRun };
  if (plan.problems.length > 0) return outcome;
  try {
    return await database.transaction(
      async (tx) => {
        // One import at a time: two at once could each find a SKU free and both take it.
        if (database.kind === 'postgres') await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:catalogue-import:' || current_schema()))`);
        const stored = await readStored(tx, plan.products.map((product) => product.handle));
        const problems = await foreignSkus(tx, plan);
        const digests = Object.values(request.files).flatMap((file) => ('digest' in file ? [file.digest] : []));
        const uploaded = await tx.query<{ digest: string }>('SELECT digest FROM picture_uploads WHERE digest = ANY ($1::text[])', [digests]);
        const sent = new Set(uploaded.rows.map((row) => row.digest));
        const pictures = new Map<string, PictureWanted[]>();
        for (const product of plan.products) pictures.set(product.handle, picturesWanted(sent, product, stored.get(product.handle), request, problems));
        if (problems.length > 0) throw new Rollback({ ...outcome, problems: problems.sort((a, b) => a.line - b.line) });

        const categoryIds = await ensureCategories(tx, plan.products);
        await ensureColoursAndSizes(tx, plan.products);
        const inserts: ProductRow[] = [];
        const updates: ProductRow[] = [];
        const lists: ImportLists[] = [];
        const changedPictures: { id: string; wanted: PictureWanted[] }[] = [];
        for (const product of plan.products) {
          const before = stored.get(product.handle);
          const categories = categoryNamesOf(product).map(({ name }) => categoryIds.get(name.toLowerCase()) as string);
          const wanted = pictures.get(product.handle) ?? [];
          // Where the file names no picture, a product keeps the ones it has (the sample catalogue's drawings).
          const picturesChange = product.pictures.length > 0 || (before?.pictures.length ?? 0) > 0 ? !samePictures(before, wanted) : false;
          // The same sale as before keeps its end; a new sale (or none) has none.
          const saleKept = before !== undefined && before.sale_cents === product.salePriceCents && !before.sale_ended;
          const variants = product.variants.map(({ sku, colour, size, stock }) => ({ sku, colour, size, stock }));
          const sizes = product.sizes.map((size) => size.name);
          const row: ProductRow = {
            id: before?.id ?? randomId(12),
            link: product.handle,
            name: product.title,
            description: product.description,
            // A description the file leaves as it was keeps the short line the shop may have written.
            short_description: before && before.description === product.description ? before.short_description : product.shortDescription,
            price: product.priceCents / 100,
            on_sale_price: product.salePriceCents === null ? null : product.salePriceCents / 100,
            on_sale_until: saleKept ? (before?.on_sale_until ?? null) : null,
            sku: product.sku,
            stock: product.stock,
            published: product.published,
            has_variants: product.colours.length > 0 || product.sizes.length > 0,
            vendor: product.vendor,
            product_type: product.type,
            product_category: product.productCategory,
            tags: product.tags,
            category_ids: categories,
            colour_names: [...product.colours].sort(),
          };
          const changedLists = {
            id: row.id,
            ...(!before || !sameList(before.categories, categories) ? { categories } : {}),
            ...(!before || !sameList(before.colours, product.colours) ? { colours: product.colours } : {}),
            ...(!before || !sameList(before.sizes, sizes) ? { sizes } : {}),
            ...(!before || !sameList(before.variants, variants) ? { variants: product.variants } : {}),
          };
          if (picturesChange) changedPictures.push({ id: row.id, wanted });
          if (!before) {
            inserts.push(row);
            lists.push(changedLists);
            continue;
          }
          const same =
            before.name === row.name &&
            before.description === row.description &&
            before.price_cents === product.priceCents &&
            (saleKept || (product.salePriceCents === null && (before.sale_cents === null || before.sale_ended))) &&
            before.sku === row.sku &&
            before.stock === row.stock &&
            before.published === row.published &&
            before.vendor === row.vendor &&
            before.product_type === row.product_type &&
            before.product_category === row.product_category &&
            sameList(before.tags, row.tags) &&
            Object.keys(changedLists).length === 1 &&
            !picturesChange;
          if (same) continue;
          updates.push(row);
          lists.push(changedLists);
        }
        outcome.created = inserts.length;
        outcome.updated = updates.length;
        outcome.unchanged = plan.products.length - inserts.length - updates.length;
        await writeProducts(tx, inserts, updates, lists, onProgress);
        for (const { id, wanted } of changedPictures) await replacePictureSources(tx, id, wanted);
        if (request.removeMissing) {
          const gone = await tx.query<{ id: string }>('UPDATE products SET published = false WHERE published AND NOT (link = ANY ($1::text[])) RETURNING id', [
            plan.products.map((product) => product.handle),
          ]);
          outcome.unpublished = gone.rows.length;
        }
        const waiting = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM picture_sources WHERE state = 'waiting'`);
        outcome.picturesWaiting = waiting.rows[0]?.n ?? 0;
        outcome.ok = true;
        if (request.dryRun) throw new Rollback(outcome);
        return outcome;
      },
      { unbounded: true },
    );
  } catch (error) {
    if (error instanceof Rollback) return error.outcome;
    throw error;
  }
}

import { parse } from 'csv-parse/sync';
import { unguardFormula } from './csvText';
import { descriptionFromHtml, shortDescriptionOf } from './descriptions';
import { readPrice } from './prices';
import { COLUMNS, type ColumnKey, columnLetter, OPTION_COLUMNS } from './shopifyColumns';

/** Something wrong in the file, where a person finds it: its line, and the column by name and letter. */
export interface Problem {
  line: number;
  column: string | null;
  message: string;
}

export function describeProblem(problem: Problem): string {
  return `line ${problem.line}${problem.column ? `, column ${problem.column}` : ''}: ${problem.message}`;
}

export interface PlannedVariant {
  sku: string;
  colour: string | null;
  size: string | null;
  stock: number;
  line: number;
}

export interface PlannedPicture {
  /** An http(s) address, or a path relative to the CSV file, as the file wrote it. */
  source: string;
  alt: string;
  /** The colour whose variants name this picture (`Variant Image`); null: every colour. */
  colour: string | null;
  line: number;
}

/** A size as the store keeps it: its name (s, m, 32) and how the file wrote it. */
export interface PlannedSize {
  name: string;
  label: string;
}

export interface PlannedProduct {
  /** The product's address in the store (its link), and how a later file names it again. */
  handle: string;
  line: number;
  title: string;
  description: string;
  shortDescription: string;
  vendor: string;
  type: string;
  productCategory: string;
  tags: string[];
  published: boolean;
  /** What the product sells at; with a sale, what it sold at before (the file's compare-at price). */
  priceCents: number;
  salePriceCents: number | null;
  colours: string[];
  sizes: PlannedSize[];
  /** Empty for a product sold in one kind only: then `sku` and `stock` are the product's. */
  variants: PlannedVariant[];
  sku: string;
  stock: number;
  pictures: PlannedPicture[];
}

export interface CataloguePlan {
  products: PlannedProduct[];
  problems: Problem[];
  rows: number;
}

/** What one file may hold: enough for a large shop, not enough to make the api work for minutes. */
export const FILE_LIMITS = { rows: 200_000, products: 50_000, picturesPerProduct: 24, cellLength: 65_536 };

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOUR_OPTION = /^colou?r$/i;
const SIZE_OPTION = /^size$/i;
const KNOWN_SIZES: Record<string, string> = { s: 's', small: 's', m: 'm', medium: 'm', l: 'l', large: 'l', xl: 'xl', 'extra large': 'xl' };
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** A size's name in the store: S, Small and s are one size; others keep their own name. */
export function sizeName(written: string): string {
  const lower = written.trim().toLowerCase().replace(/\s+/g, ' ');
  return KNOWN_SIZES[lower] ?? lower;
}

/** A colour's name in the store: lower case, single spaces ("Navy Blue" is "navy blue"). */
export function colourName(written: string): string {
  return written.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A SKU made from the handle and options, for variants the file leaves without one: the same file makes the same SKU. */
function madeSku(handle: string, colour: string | null, size: string | null): string {
  return [handle, colour, size]
    .filter((part): part is string => Boolean(part))
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);
}

interface Row {
  line: number;
  cell(key: ColumnKey): string;
  where(key: ColumnKey): string;
}

/** Reads the rows, with the header checked; a file that is not CSV is one problem, with its line. */
function readRows(text: string, problems: Problem[]): Row[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { info: true, relax_column_count: false, skip_empty_lines: true, max_record_size: FILE_LIMITS.cellLength * 8 }) as typeof records;
  } catch (error) {
    const { lines, code, record } = error as { lines?: number; code?: string; record?: unknown[] };
    const message =
      code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && Array.isArray(record)
        ? `the row has ${record.length} cells where the first line names ${headerLength(text)} columns (a comma inside a cell needs the cell in "quotes")`
        : `the file is not CSV: ${(error as Error).message}`;
    problems.push({ line: lines ?? 1, column: null, message });
    return [];
  }
  const [header, ...body] = records;
  if (!header) {
    problems.push({ line: 1, column: null, message: 'the file is empty: its first line names the columns (Handle, Title, …)' });
    return [];
  }
  const indexOf = new Map<string, number>();
  header.record.forEach((name, index) => indexOf.set(name.trim().toLowerCase(), index));
  for (const required of ['handle', 'title'] as const) {
    if (!indexOf.has(COLUMNS[required].toLowerCase())) {
      problems.push({ line: 1, column: null, message: `the column "${COLUMNS[required]}" is missing: this is not a Shopify product CSV` });
    }
  }
  if (problems.length > 0) return [];
  if (body.length > FILE_LIMITS.rows) {
    problems.push({ line: 1, column: null, message: `the file has ${body.length} rows; one import takes at most ${FILE_LIMITS.rows}` });
    return [];
  }
  return body.map(({ record, info }) => ({
    line: info.lines,
    cell(key) {
      const index = indexOf.get(COLUMNS[key].toLowerCase());
      return index === undefined ? '' : unguardFormula(record[index] ?? '').trim();
    },
    where(key) {
      const index = indexOf.get(COLUMNS[key].toLowerCase());
      return `"${COLUMNS[key]}"${index === undefined ? '' : ` (${columnLetter(index + 1)})`}`;
    },
  }));
}

/** `refused`: an option the store does not sell by, already reported on the first row. */
/** How many columns the header line names. */
function headerLength(text: string): number {
  try {
    return (parse(text, { to_line: 1 }) as string[][])[0]?.length ?? 0;
  } catch {
    return 0;
  }
}

type OptionKind = 'colour' | 'size' | 'default' | 'refused';

/** The store's options of a product, by the file's option column: colour, size, or Shopify's lone "Title". */
function readOptions(first: Row, problems: Problem[]): (OptionKind | null)[] {
  return OPTION_COLUMNS.map(({ name, value }) => {
    const written = first.cell(name);
    if (written === '') return null;
    if (COLOUR_OPTION.test(written)) return 'colour';
    if (SIZE_OPTION.test(written)) return 'size';
    if (written.toLowerCase() === 'title' && first.cell(value).toLowerCase() === 'default title') return 'default';
    problems.push({
      line: first.line,
      column: first.where(name),
      message: `the option "${written}" is not one the store sells by: only Colour (or Color) and Size`,
    });
    return 'refused';
  });
}

function readBoolean(row: Row, key: ColumnKey, problems: Problem[]): boolean | null {
  const written = row.cell(key).toLowerCase();
  if (written === '') return null;
  if (TRUE_WORDS.has(written)) return true;
  if (FALSE_WORDS.has(written)) return false;
  problems.push({ line: row.line, column: row.where(key), message: `"${row.cell(key)}" is not TRUE or FALSE` });
  return null;
}

function readCents(row: Row, key: ColumnKey, problems: Problem[]): number | null {
  if (row.cell(key) === '') return null;
  const reading = readPrice(row.cell(key));
  if (reading.ok) return reading.cents;
  problems.push({ line: row.line, column: row.where(key), message: `the price ${reading.problem}` });
  return null;
}

function readStock(row: Row, problems: Problem[]): number {
  const written = row.cell('inventoryQty');
  if (written === '') return 0;
  if (!/^-?[0-9]+$/.test(written) || Number(written) < 0 || Number(written) > 1_000_000) {
    problems.push({ line: row.line, column: row.where('inventoryQty'), message: `"${written}" is not a stock count: a whole number from 0 to 1000000` });
    return 0;
  }
  return Number(written);
}

function checkLength(row: Row, key: ColumnKey, max: number, what: string, problems: Problem[]): void {
  if (row.cell(key).length > max) problems.push({ line: row.line, column: row.where(key), message: `${what} is longer than ${max} characters` });
}

/** A picture's source as the file wrote it: an http(s) address, or a path relative to the file. */
function checkPictureSource(row: Row, key: ColumnKey, problems: Problem[]): boolean {
  const written = row.cell(key);
  if (/^[a-z][a-z0-9+.-]*:/i.test(written) && !/^https?:\/\//i.test(written)) {
    problems.push({ line: row.line, column: row.where(key), message: `"${written.slice(0, 80)}" is neither an http(s) address nor a path to a file beside the CSV` });
    return false;
  }
  if (written.length > 2048) {
    problems.push({ line: row.line, column: row.where(key), message: 'the picture’s address is longer than 2048 characters' });
    return false;
  }
  return true;
}

/** One product from its rows (the first carries the product; all share its handle). */
function planProduct(handle: string, rows: readonly Row[], problems: Problem[], skus: Map<string, number>): PlannedProduct | null {
  const first = rows[0] as Row;
  const before = problems.length;
  const title = first.cell('title');
  if (title === '') problems.push({ line: first.line, column: first.where('title'), message: 'the product has no title' });
  checkLength(first, 'title', 500, 'the title', problems);
  checkLength(first, 'vendor', 200, 'the vendor', problems);
  checkLength(first, 'type', 100, 'the type', problems);
  checkLength(first, 'productCategory', 500, 'the product category', problems);
  const kinds = readOptions(first, problems);
  const status = first.cell('status').toLowerCase();
  if (status !== '' && !['active', 'draft', 'archived'].includes(status)) {
    problems.push({ line: first.line, column: first.where('status'), message: `"${first.cell('status')}" is not a status: active, draft or archived` });
  }
  const published = (readBoolean(first, 'published', problems) ?? true) && (status === '' || status === 'active');

  const variants: PlannedVariant[] = [];
  const pictures: (PlannedPicture & { order: number })[] = [];
  const colours: string[] = [];
  const sizes: PlannedSize[] = [];
  let price: { cents: number; compareAt: number | null; line: number } | null = null;
  const pictureColours = new Map<string, string>();

  for (const row of rows) {
    const optionValues = OPTION_COLUMNS.map(({ value }) => row.cell(value));
    const isVariant = row.cell('price') !== '' || row.cell('sku') !== '' || optionValues.some((value) => value !== '');
    if (row !== first && row.cell('title') !== '' && row.cell('title') !== title) {
      problems.push({ line: row.line, column: row.where('title'), message: `a second title for "${handle}" (its first row, line ${first.line}, has "${title}"): a row with the same handle adds a variant or a picture` });
    }
    if (isVariant) {
      let colour: string | null = null;
      let size: string | null = null;
      kinds.forEach((kind, index) => {
        const column = OPTION_COLUMNS[index]?.value ?? 'option1Value';
        const value = optionValues[index] ?? '';
        if (kind === null || kind === 'default' || kind === 'refused') {
          if (kind === null && value !== '') problems.push({ line: row.line, column: row.where(column), message: `a value for an option the product's first row does not name` });
          return;
        }
        if (value === '') {
          problems.push({ line: row.line, column: row.where(column), message: `the variant has no ${kind}` });
          return;
        }
        if (kind === 'colour') {
          colour = colourName(value);
          if (colour.length > 50) problems.push({ line: row.line, column: row.where(column), message: 'a colour’s name is at most 50 characters' });
          if (!colours.includes(colour)) colours.push(colour);
        } else {
          size = sizeName(value);
          if (size.length > 20) problems.push({ line: row.line, column: row.where(column), message: 'a size’s name is at most 20 characters' });
          if (!sizes.some((known) => known.name === size)) sizes.push({ name: size, label: value });
        }
      });
      if (variants.some((variant) => variant.colour === colour && variant.size === size)) {
        problems.push({ line: row.line, column: row.where('option1Value'), message: `this colour and size are already a variant of "${handle}"` });
      }
      const cents = readCents(row, 'price', problems);
      const compareAt = readCents(row, 'compareAtPrice', problems);
      if (cents === null && row.cell('price') === '') problems.push({ line: row.line, column: row.where('price'), message: 'the variant has no price' });
      if (cents !== null) {
        if (price === null) price = { cents, compareAt, line: row.line };
        else if (price.cents !== cents || price.compareAt !== compareAt) {
          problems.push({
            line: row.line,
            column: row.where('price'),
            message: `every variant of a product has one price in this store (line ${price.line} has a different one)`,
          });
        }
      }
      const sku = row.cell('sku') || madeSku(handle, colour, size);
      if (sku.length > 100) problems.push({ line: row.line, column: row.where('sku'), message: 'a SKU is at most 100 characters' });
      const earlier = skus.get(sku.toUpperCase());
      if (earlier !== undefined) problems.push({ line: row.line, column: row.where('sku'), message: `the SKU "${sku}" is already on line ${earlier}` });
      else skus.set(sku.toUpperCase(), row.line);
      variants.push({ sku, colour, size, stock: readStock(row, problems), line: row.line });
      const variantImage = row.cell('variantImage');
      if (variantImage !== '' && checkPictureSource(row, 'variantImage', problems) && colour !== null) pictureColours.set(variantImage, colour);
    }
    const src = row.cell('imageSrc');
    if (src !== '' && checkPictureSource(row, 'imageSrc', problems)) {
      const position = row.cell('imagePosition');
      if (position !== '' && !/^[1-9][0-9]{0,3}$/.test(position)) {
        problems.push({ line: row.line, column: row.where('imagePosition'), message: `"${position}" is not a picture's position: 1, 2, 3…` });
      }
      checkLength(row, 'imageAlt', 512, 'the picture’s alt text', problems);
      if (!pictures.some((picture) => picture.source === src)) {
        pictures.push({ source: src, alt: row.cell('imageAlt'), colour: null, line: row.line, order: position === '' ? Number.MAX_SAFE_INTEGER : Number(position) });
      }
    }
    if (!isVariant && src === '' && row !== first) {
      problems.push({ line: row.line, column: null, message: `the row adds neither a variant nor a picture to "${handle}"` });
    }
  }
  // A variant's picture that the file lists only as its Variant Image is one of the product's pictures too.
  for (const [source, colour] of pictureColours) {
    const picture = pictures.find((candidate) => candidate.source === source);
    if (picture) picture.colour = colour;
    else pictures.push({ source, alt: '', colour, line: first.line, order: Number.MAX_SAFE_INTEGER });
  }
  if (pictures.length > FILE_LIMITS.picturesPerProduct) {
    problems.push({ line: first.line, column: first.where('imageSrc'), message: `"${handle}" has ${pictures.length} pictures; a product shows at most ${FILE_LIMITS.picturesPerProduct}` });
  }
  if (variants.length === 0) problems.push({ line: first.line, column: first.where('price'), message: 'the product has no price' });
  if (problems.length > before || price === null) return null;
  const { cents, compareAt } = price;
  const onSale = compareAt !== null && compareAt > cents;
  const description = descriptionFromHtml(first.cell('body'));
  const simple = colours.length === 0 && sizes.length === 0;
  return {
    handle,
    line: first.line,
    title,
    description,
    shortDescription: shortDescriptionOf(description),
    vendor: first.cell('vendor'),
    type: first.cell('type'),
    productCategory: first.cell('productCategory'),
    tags: [...new Set(first.cell('tags').split(',').map((tag) => tag.trim()).filter(Boolean))],
    published,
    // On sale: the compare-at price is what it sold at, and it sells at the price now.
    priceCents: onSale ? compareAt : cents,
    salePriceCents: onSale ? cents : null,
    colours,
    sizes,
    variants: simple ? [] : variants,
    sku: variants[0]?.sku ?? handle.toUpperCase(),
    stock: variants.reduce((sum, variant) => sum + variant.stock, 0),
    pictures: pictures
      .map((picture, index) => ({ picture, index }))
      .sort((a, b) => a.picture.order - b.picture.order || a.index - b.index)
      .map(({ picture }) => ({ source: picture.source, alt: picture.alt, colour: picture.colour, line: picture.line })),
  };
}

/**
 * Reads a Shopify product CSV into the store's products, or the problems that stop it, each with
 * its line and column. Rows of one handle may be apart in the file; the product's first row is
 * the first that names it.
 */
export function readShopifyCsv(text: string): CataloguePlan {
  const problems: Problem[] = [];
  const rows = readRows(text, problems);
  const byHandle = new Map<string, Row[]>();
  for (const row of rows) {
    const written = row.cell('handle');
    const handle = written.toLowerCase();
    if (handle === '') {
      problems.push({ line: row.line, column: row.where('handle'), message: 'the row has no handle' });
      continue;
    }
    if (!HANDLE.test(handle) || handle.length > 200) {
      problems.push({ line: row.line, column: row.where('handle'), message: `"${written.slice(0, 80)}" is not a handle: letters, digits and single hyphens, at most 200` });
      continue;
    }
    const group = byHandle.get(handle);
    if (group) group.push(row);
    else byHandle.set(handle, [row]);
  }
  if (byHandle.size > FILE_LIMITS.products) {
    problems.push({ line: 1, column: null, message: `the file has ${byHandle.size} products; one import takes at most ${FILE_LIMITS.products}` });
    return { products: [], problems, rows: rows.length };
  }
  const skus = new Map<string, number>();
  const products: PlannedProduct[] = [];
  for (const [handle, group] of byHandle) {
    const product = planProduct(handle, group, problems, skus);
    if (product) products.push(product);
  }
  problems.sort((a, b) => a.line - b.line);
  return { products, problems, rows: rows.length };
}

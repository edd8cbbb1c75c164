/**
 * Reading a shop's Shopify product CSV into the store's products: the mapping, and every refusal
 * with the line and column a person finds it at. Pure: no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { categoryNamesOf, colourCode } from './shopOptions';
import { decodeCsv, guardFormula, unguardFormula } from './csvText';
import { descriptionFromHtml, htmlFromDescription, shortDescriptionOf } from './descriptions';
import { readPrice } from './prices';
import { describeProblem, readShopifyCsv } from './readShopifyCsv';

const FIXTURE = fs.readFileSync(path.join(__dirname, 'fixtures/shop.csv'), 'utf8');
const HEADER = FIXTURE.split('\n')[0] as string;

/** A file of the fixture's header and these rows, each a record of column → cell. */
function csvOf(...rows: Record<string, string>[]): string {
  const columns = HEADER.split(',');
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [HEADER, ...rows.map((row) => columns.map((column) => quote(row[column] ?? '')).join(','))].join('\n');
}

const mug = (overrides: Record<string, string> = {}) => ({
  Handle: 'enamel-mug',
  Title: 'Enamel Mug',
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant SKU': 'MUG-1',
  'Variant Inventory Qty': '5',
  'Variant Price': '149.00',
  ...overrides,
});

describe('reading a Shopify product CSV', () => {
  it('maps a product with colours and sizes: its variants by SKU with their stock, its sale, categories and pictures', () => {
    const plan = readShopifyCsv(FIXTURE);
    expect(plan.problems).toEqual([]);
    expect(plan.rows).toBe(5);
    const [dress, mugProduct] = plan.products;
    expect(dress).toMatchObject({
      handle: 'karoo-linen-dress',
      title: 'Karoo Linen Dress',
      vendor: 'Jacaranda Studio',
      type: 'Dresses',
      tags: ['summer', 'linen'],
      published: true,
      // Compare-at above the price: on sale at the price, from the compare-at.
      priceCents: 109_900,
      salePriceCents: 89_900,
      colours: ['navy', 'red'],
      sizes: [
        { name: 's', label: 'S' },
        { name: 'm', label: 'M' },
      ],
      sku: 'KLD-NAV-S',
      stock: 13,
    });
    expect(dress?.variants.map(({ sku, colour, size, stock, line }) => ({ sku, colour, size, stock, line }))).toEqual([
      { sku: 'KLD-NAV-S', colour: 'navy', size: 's', stock: 4, line: 2 },
      { sku: 'KLD-NAV-M', colour: 'navy', size: 'm', stock: 6, line: 3 },
      { sku: 'KLD-RED-S', colour: 'red', size: 's', stock: 0, line: 4 },
      { sku: 'KLD-RED-M', colour: 'red', size: 'm', stock: 3, line: 5 },
    ]);
    // Variant Image names the picture of its colour.
    expect(dress?.pictures).toEqual([
      { source: 'pictures/dress-navy.jpg', alt: 'Karoo Linen Dress in navy', colour: 'navy', line: 2 },
      { source: 'pictures/dress-red.png', alt: 'Karoo Linen Dress in red', colour: 'red', line: 3 },
    ]);
    // The category path's last part under its parent; the type is the same category.
    expect(categoryNamesOf(dress as NonNullable<typeof dress>)).toEqual([
      { name: 'Clothing', parent: null },
      { name: 'Dresses', parent: 'Clothing' },
    ]);
    // "Default Title" alone: a product sold in one kind, its SKU and stock its own; R149.00 read.
    expect(mugProduct).toMatchObject({ handle: 'enamel-camp-mug', variants: [], colours: [], sizes: [], sku: 'VG-MUG-01', stock: 25, priceCents: 14_900, salePriceCents: null });
  });

  it('reads the description down to the text the product page shows: no markup, script or link', () => {
    const [dress] = readShopifyCsv(FIXTURE).products;
    expect(dress?.description).toBe('A loose linen dress for hot Karoo days.\n\n• 100% linen\n\n• Hand wash');
    expect(dress?.shortDescription).toBe('A loose linen dress for hot Karoo days.');
    expect(descriptionFromHtml('<p>Fish &amp; chips <a href="javascript:alert(1)">here</a></p><img src=x onerror="alert(1)"><style>p{}</style><p>Two<br>lines</p>')).toBe(
      'Fish & chips here\n\nTwo\n\nlines',
    );
    const text = 'First <b> paragraph & more\n\nSecond\n\nand a third';
    expect(descriptionFromHtml(htmlFromDescription(text))).toBe(text);
    expect(shortDescriptionOf('x'.repeat(300)).length).toBeLessThanOrEqual(160);
  });

  it('treats a compare-at price at or below the price as no sale, and a draft or unpublished product as unpublished', () => {
    const plan = readShopifyCsv(
      csvOf(
        mug({ 'Variant Compare At Price': '149.00' }),
        mug({ Handle: 'draft-mug', 'Variant SKU': 'MUG-2', Status: 'draft' }),
        mug({ Handle: 'hidden-mug', 'Variant SKU': 'MUG-3', Published: 'FALSE' }),
      ),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.products.map(({ priceCents, salePriceCents, published }) => ({ priceCents, salePriceCents, published }))).toEqual([
      { priceCents: 14_900, salePriceCents: null, published: true },
      { priceCents: 14_900, salePriceCents: null, published: false },
      { priceCents: 14_900, salePriceCents: null, published: false },
    ]);
  });

  it('gives a variant without a SKU one made from its handle and options, the same every time', () => {
    const plan = readShopifyCsv(
      csvOf(
        { Handle: 'tee', Title: 'Tee', 'Option1 Name': 'Color', 'Option1 Value': 'Sky Blue', 'Option2 Name': 'Size', 'Option2 Value': 'XL', 'Variant Price': '199' },
        { Handle: 'tee', 'Option1 Value': 'Sky Blue', 'Option2 Value': 'Small', 'Variant Price': '199' },
      ),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.products[0]?.variants.map(({ sku, colour, size }) => ({ sku, colour, size }))).toEqual([
      { sku: 'TEE-SKY-BLUE-XL', colour: 'sky blue', size: 'xl' },
      { sku: 'TEE-SKY-BLUE-S', colour: 'sky blue', size: 's' },
    ]);
    expect(colourCode('sky blue')).toBe('#87ceeb');
    expect(colourCode('heather oatmeal')).toBe('#9ca3af');
  });

  it('refuses every bad row with its line and column, and keeps no product from a file with problems', () => {
    const plan = readShopifyCsv(
      csvOf(
        mug({ Title: '' }),
        mug({ Handle: 'negative', 'Variant SKU': 'NEG', 'Variant Price': '-10' }),
        mug({ Handle: 'words', 'Variant SKU': 'WORDS', 'Variant Price': 'ten rand' }),
        mug({ Handle: 'ambiguous', 'Variant SKU': 'AMB', 'Variant Price': '1,299' }),
        mug({ Handle: 'material', 'Variant SKU': 'MAT', 'Option1 Name': 'Material', 'Option1 Value': 'Cotton' }),
        mug({ Handle: 'twin', 'Variant SKU': 'MUG-1' }),
        mug({ Handle: 'Bad Handle!', 'Variant SKU': 'BAD' }),
        mug({ Handle: 'stock', 'Variant SKU': 'STOCK', 'Variant Inventory Qty': '-3' }),
        mug({ Handle: 'etc', 'Variant SKU': 'ETC', 'Image Src': 'file:///etc/passwd' }),
        mug({ Handle: 'flag', 'Variant SKU': 'FLAG', Published: 'maybe' }),
        mug({ Handle: 'state', 'Variant SKU': 'STATE', Status: 'sold' }),
        { Handle: 'two-prices', Title: 'Two prices', 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Variant SKU': 'TP-S', 'Variant Price': '100' },
        { Handle: 'two-prices', 'Option1 Value': 'M', 'Variant SKU': 'TP-M', 'Variant Price': '120' },
      ),
    );
    expect(plan.problems.map(describeProblem)).toEqual([
      'line 2, column "Title" (B): the product has no title',
      'line 3, column "Variant Price" (Q): the price is negative ("-10")',
      'line 4, column "Variant Price" (Q): the price is not a price ("ten rand"): write it as 1299.00',
      'line 5, column "Variant Price" (Q): the price is ambiguous ("1,299"): write 1299.00 or 1.30, not 1,299',
      'line 6, column "Option1 Name" (I): the option "Material" is not one the store sells by: only Colour (or Color) and Size',
      'line 7, column "Variant SKU" (O): the SKU "MUG-1" is already on line 2',
      'line 8, column "Handle" (A): "Bad Handle!" is not a handle: letters, digits and single hyphens, at most 200',
      'line 9, column "Variant Inventory Qty" (P): "-3" is not a stock count: a whole number from 0 to 1000000',
      'line 10, column "Image Src" (S): "file:///etc/passwd" is neither an http(s) address nor a path to a file beside the CSV',
      'line 11, column "Published" (H): "maybe" is not TRUE or FALSE',
      'line 12, column "Status" (W): "sold" is not a status: active, draft or archived',
      'line 14, column "Variant Price" (Q): every variant of a product has one price in this store (line 13 has a different one)',
    ]);
  });

  it('refuses a file that is not a Shopify product CSV, or not CSV at all, with its line', () => {
    expect(readShopifyCsv('Name,Price\nMug,10').problems.map(describeProblem)).toEqual([
      'line 1: the column "Handle" is missing: this is not a Shopify product CSV',
      'line 1: the column "Title" is missing: this is not a Shopify product CSV',
    ]);
    const broken = readShopifyCsv(`${HEADER}\nmug,"Mug with an open quote,,,\n`);
    expect(broken.products).toEqual([]);
    expect(broken.problems[0]?.message).toMatch(/^the file is not CSV/);
    expect(readShopifyCsv('Handle,Title,Variant Price\nmug,Mug,1,299.00\n').problems.map(describeProblem)).toEqual([
      'line 2: the row has 4 cells where the first line names 3 columns (a comma inside a cell needs the cell in "quotes")',
    ]);
    expect(readShopifyCsv('').problems.map(describeProblem)).toEqual(['line 1: the file is empty: its first line names the columns (Handle, Title, …)']);
  });
});

describe('prices as shops write them', () => {
  it.each([
    ['1299', 129_900],
    ['1299.00', 129_900],
    ['1299.5', 129_950],
    ['1 299,00', 129_900],
    ['R1,299.00', 129_900],
    ['R 1 299.00', 129_900],
    ['1.299,50', 129_950],
    ['ZAR 12,5', 1_250],
    ['0', 0],
    ['1\u00a0299,99', 129_999],
  ])('reads %s', (written, cents) => {
    expect(readPrice(written)).toEqual({ ok: true, cents });
  });

  it.each(['1,299', '1.299', '-5', '12.345.6', '1,2,3', 'R', '', '1 29,00', '1.299.00,5,1', '10,00.00', '5 rand'])('refuses %s', (written) => {
    expect(readPrice(written).ok).toBe(false);
  });
});

describe('files as shops have them', () => {
  it('reads UTF-8 with and without a byte-order mark, and Windows-1252, by their bytes', () => {
    const text = 'Handle,Title\ncafe,Café crème\n';
    expect(decodeCsv(Buffer.from(text, 'utf8'))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual({ text, encoding: 'utf-8' });
    // é is 0xE9 and the apostrophe ’ 0x92 in Windows-1252: not UTF-8, so read as what Excel wrote.
    const excel = Buffer.from([...Buffer.from('Handle,Title\ncafe,Caf', 'latin1'), 0xe9, 0x20, 0x92, 0x0a]);
    expect(decodeCsv(excel)).toEqual({ text: 'Handle,Title\ncafe,Café ’\n', encoding: 'windows-1252' });
    expect(() => decodeCsv(excel, 'utf-8')).toThrow(/not valid UTF-8.*--encoding windows-1252/);
  });

  it('guards a cell a spreadsheet would run as a formula on the way out, and takes the guard off on the way in', () => {
    for (const cell of ['=HYPERLINK("http://evil")', '+27 82', '-1', '@SUM(A1)', '\tx']) {
      expect(guardFormula(cell)).toBe(`'${cell}`);
      expect(unguardFormula(guardFormula(cell))).toBe(cell);
    }
    expect(guardFormula('Mug')).toBe('Mug');
    expect(unguardFormula("'tis the season")).toBe("'tis the season");
  });
});

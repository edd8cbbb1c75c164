/**
 * The columns of Shopify's product CSV that the store reads and writes. A file may hold more
 * (SEO, Google Shopping, weights…); they are ignored on import. One row per variant and per
 * picture: the first row of a handle carries the product, the rows after it (same `Handle`, the
 * product's cells left empty) add variants and pictures.
 */
export const COLUMNS = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  productCategory: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  option1Name: 'Option1 Name',
  option1Value: 'Option1 Value',
  option2Name: 'Option2 Name',
  option2Value: 'Option2 Value',
  option3Name: 'Option3 Name',
  option3Value: 'Option3 Value',
  sku: 'Variant SKU',
  inventoryQty: 'Variant Inventory Qty',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  variantImage: 'Variant Image',
  status: 'Status',
} as const;

export type ColumnKey = keyof typeof COLUMNS;

/** The order the store writes them in, Shopify's own. */
export const EXPORT_COLUMNS: readonly ColumnKey[] = [
  'handle',
  'title',
  'body',
  'vendor',
  'productCategory',
  'type',
  'tags',
  'published',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
  'sku',
  'inventoryQty',
  'price',
  'compareAtPrice',
  'imageSrc',
  'imagePosition',
  'imageAlt',
  'variantImage',
  'status',
];

export const OPTION_COLUMNS = [
  { name: 'option1Name', value: 'option1Value' },
  { name: 'option2Name', value: 'option2Value' },
  { name: 'option3Name', value: 'option3Value' },
] as const satisfies readonly { name: ColumnKey; value: ColumnKey }[];

/** A spreadsheet's column letter (1 → A, 27 → AA), for problems a person finds in Excel. */
export function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

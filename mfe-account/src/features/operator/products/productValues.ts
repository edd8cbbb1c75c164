import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import type { EditableProduct } from './productsApi';

/** The product form's fields as typed: amounts and moments stay text until they are saved. */
export interface ProductFormValues {
  name: string;
  description: string;
  categories: string[];
  colours: string[];
  sizes: string[];
  price: string;
  onSale: boolean;
  salePrice: string;
  saleStarts: string;
  saleEnds: string;
  published: boolean;
  /** A new product's address in the store; made from its name when empty. */
  link: string;
}

/** The api's limits (contracts' EditableProductSchema). */
export const PRODUCT_LIMITS = { name: 500, description: 20_000, categories: 10, colours: 20, sizes: 20, colourName: 50, sizeName: 20, link: 200 } as const;
const MAX_AMOUNT = 9_999_999.99;
const LINK_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const EMPTY_PRODUCT: EditableProduct = {
  name: '',
  description: '',
  categories: [],
  colours: [],
  sizes: [],
  price: 0,
  sale: null,
  published: false,
};

export type AmountReading = { amount: number; problem?: undefined } | { amount?: undefined; problem: string };

/**
 * A Rand amount as staff type it: "1299.5", "R1 299,50", "1,299.50". Spaces between thousands go;
 * a comma is the decimal mark ("1 299,50"), unless it only groups thousands as the shop writes
 * prices ("1,299") or a point follows it ("1,299.50").
 */
export function readAmount(text: string, label: string): AmountReading {
  let plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^r/i, '');
  if (plain === '') return { problem: `Enter the ${label.toLowerCase()}` };
  if (plain.startsWith('-')) return { problem: `The ${label.toLowerCase()} can’t be below R0` };
  if (plain.includes(',') && plain.includes('.')) {
    // Both marks: the last one is the decimal mark ("1,299.50", "1.299,50").
    plain = plain.lastIndexOf(',') > plain.lastIndexOf('.') ? plain.replace(/\./g, '').replace(',', '.') : plain.replace(/,/g, '');
  } else if (/^\d{1,3}(,\d{3})+$/.test(plain)) plain = plain.replace(/,/g, '');
  else if (/^\d*,\d*$/.test(plain)) plain = plain.replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(plain)) return { problem: `Enter the ${label.toLowerCase()} as a number of rand, like 1299.50` };
  if (/\.\d{3,}$/.test(plain)) return { problem: `The ${label.toLowerCase()} takes at most 2 decimals (cents)` };
  const amount = Number(plain);
  if (amount > MAX_AMOUNT) return { problem: `The ${label.toLowerCase()} can be at most R9 999 999.99` };
  return { amount: Math.round(amount * 100) / 100 };
}

/** An amount as the form shows it after the field is left: "1299.50". Text that is not an amount stays as typed. */
export function tidyAmount(text: string | undefined): string {
  if (!text) return '';
  const { amount } = readAmount(text, 'amount');
  return amount === undefined ? text : amount.toFixed(2);
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** An api moment (ISO) as a datetime-local field holds it, in this browser's time zone: "2026-03-05T14:05". */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return '';
  return `${moment.getFullYear()}-${twoDigits(moment.getMonth() + 1)}-${twoDigits(moment.getDate())}T${twoDigits(moment.getHours())}:${twoDigits(moment.getMinutes())}`;
}

/** A datetime-local field's value (this browser's time zone) as an ISO moment, or null when empty or not a moment. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  // "2026-03-05T14:05" without an offset is read as local time.
  const moment = new Date(value.length === 16 ? `${value}:00` : value);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/**
 * The moment to save: the loaded one, unchanged, when the field still shows it (a datetime-local
 * field drops seconds, and an untouched sale should stay as it was), else the field's.
 */
function savedMoment(value: string, loaded: string | null | undefined): string | null {
  if (loaded && toLocalInput(loaded) === value) return loaded;
  return fromLocalInput(value);
}

export function toFormValues(product: EditableProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    categories: [...product.categories],
    colours: [...product.colours],
    sizes: [...product.sizes],
    price: product.price.toFixed(2),
    onSale: product.sale !== null,
    salePrice: product.sale ? product.sale.price.toFixed(2) : '',
    saleStarts: toLocalInput(product.sale?.starts_at ?? null),
    saleEnds: toLocalInput(product.sale?.ends_at ?? null),
    published: product.published,
    link: '',
  };
}

/** A colour's or size's name as the api keeps it: trimmed, lower case, single spaces. */
export function optionName(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The product to save, from values that passed `productFormProblems`. `base`: the product as loaded. */
export function toEditableProduct(values: ProductFormValues, base: EditableProduct = EMPTY_PRODUCT): EditableProduct {
  const salePrice = readAmount(values.salePrice ?? '', 'sale price').amount;
  return {
    name: values.name.trim(),
    description: (values.description ?? '').replace(/\r\n?/g, '\n').trim(),
    categories: [...new Set(values.categories ?? [])],
    colours: [...new Set((values.colours ?? []).map(optionName))],
    sizes: [...new Set((values.sizes ?? []).map(optionName))],
    price: readAmount(values.price ?? '', 'price').amount ?? 0,
    sale:
      values.onSale && salePrice !== undefined
        ? { price: salePrice, starts_at: savedMoment(values.saleStarts ?? '', base.sale?.starts_at), ends_at: savedMoment(values.saleEnds ?? '', base.sale?.ends_at) }
        : null,
    published: Boolean(values.published),
  };
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues, string>>;

/** The form's own rules, before anything is sent: what the api would refuse, said beside the field. */
export function productFormProblems(values: ProductFormValues, { isNew, now = Date.now() }: { isNew: boolean; now?: number }): ProductFormErrors {
  const errors: ProductFormErrors = {};
  const name = values.name?.trim() ?? '';
  if (!name) errors.name = 'Enter the product’s name';
  else if (name.length > PRODUCT_LIMITS.name) errors.name = `The name must be at most ${PRODUCT_LIMITS.name} characters`;
  else if (changesTextDirection(name)) errors.name = `The name ${DIRECTION_CONTROL_MESSAGE}`;
  const description = values.description ?? '';
  if (description.length > PRODUCT_LIMITS.description) errors.description = `The description must be at most ${PRODUCT_LIMITS.description} characters`;
  else if (changesTextDirection(description)) errors.description = `The description ${DIRECTION_CONTROL_MESSAGE}`;
  if ((values.categories ?? []).length > PRODUCT_LIMITS.categories) errors.categories = `Choose at most ${PRODUCT_LIMITS.categories} categories`;
  if ((values.colours ?? []).length > PRODUCT_LIMITS.colours) errors.colours = `Choose at most ${PRODUCT_LIMITS.colours} colours`;
  if ((values.sizes ?? []).length > PRODUCT_LIMITS.sizes) errors.sizes = `Choose at most ${PRODUCT_LIMITS.sizes} sizes`;

  const price = readAmount(values.price ?? '', 'price');
  if (price.problem) errors.price = price.problem;
  if (values.onSale) {
    const sale = readAmount(values.salePrice ?? '', 'sale price');
    if (sale.amount === undefined) errors.salePrice = sale.problem;
    else if (price.amount !== undefined && sale.amount >= price.amount) errors.salePrice = 'The sale price must be below the price';
    const starts = fromLocalInput(values.saleStarts ?? '');
    const ends = fromLocalInput(values.saleEnds ?? '');
    if (values.saleStarts && !starts) errors.saleStarts = 'Enter the date and time the sale starts';
    if (values.saleEnds && !ends) errors.saleEnds = 'Enter the date and time the sale ends';
    else if (ends && Date.parse(ends) <= now) errors.saleEnds = 'The sale’s end has passed: choose a later one, or leave it empty';
    else if (starts && ends && Date.parse(ends) <= Date.parse(starts)) errors.saleEnds = 'The sale must end after it starts';
  }
  const link = values.link?.trim() ?? '';
  if (isNew && link) {
    if (link.length > PRODUCT_LIMITS.link) errors.link = `The address must be at most ${PRODUCT_LIMITS.link} characters`;
    else if (!LINK_PATTERN.test(link)) errors.link = 'Use lower-case letters, digits and single hyphens between them, like summer-kaftan';
  }
  return errors;
}

/** What the api's field names (an edit conflict's `changed`) are called on the form. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  categories: 'Categories',
  colours: 'Colours',
  sizes: 'Sizes',
  price: 'Price',
  sale: 'Sale',
  published: 'Published',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

import { apiErrorMessage } from '@storefront/shared';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useEffect, type RefObject } from 'react';

/**
 * The api names the field a refusal is about at the start of its message ("sale.price: a sale
 * price is below the price"). A form shows it beside that field (`fields` maps the api's names to
 * the form's), without the name; anything else goes above the Save button.
 */
export function fieldSubmitErrors(error: unknown, fallback: string, fields: Readonly<Record<string, string>>): SubmissionErrors {
  const message = apiErrorMessage(error, fallback);
  const named = /^([a-z_]+(?:\.[a-z_]+)*): (.+)$/s.exec(message);
  const field = named ? fields[named[1] ?? ''] : undefined;
  if (!named || !field) return { [FORM_ERROR]: message };
  const text = named[2] ?? message;
  return { [field]: `${text.charAt(0).toUpperCase()}${text.slice(1)}` };
}

/** A message without the api's field name in front ("body: the file is not a picture…"), for a place that is about one thing. */
export function withoutFieldName(message: string): string {
  const named = /^[a-z_]+(?:\.[a-z_]+)*: (.+)$/s.exec(message);
  const text = named?.[1] ?? message;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The product form's fields by the api's names for them. */
export const PRODUCT_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  categories: 'categories',
  colours: 'colours',
  sizes: 'sizes',
  price: 'price',
  'sale.price': 'salePrice',
  'sale.starts_at': 'saleStarts',
  'sale.ends_at': 'saleEnds',
  link: 'link',
};

/** The stock form's fields by the api's names for them. */
export const STOCK_FIELDS: Readonly<Record<string, string>> = { sku: 'sku', quantity: 'quantity', note: 'note' };

/**
 * After a refused save, focus goes to what says why: the message above the button (marked
 * `data-save-outcome`), else the first field the api refused. Rendered inside the form, so it
 * runs once the form shows the errors.
 */
export function FocusOnRefusal({ submitErrors, form }: { submitErrors: SubmissionErrors | undefined; form: RefObject<HTMLFormElement | null> }) {
  useEffect(() => {
    if (!submitErrors) return;
    const element = form.current;
    const target = element?.querySelector<HTMLElement>('[data-save-outcome]') ?? element?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [submitErrors, form]);
  return null;
}

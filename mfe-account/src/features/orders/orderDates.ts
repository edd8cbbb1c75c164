/**
 * The shop is in Pretoria and its day, its payment windows and its totals are South African
 * time: a date is shown in Africa/Johannesburg wherever the reader's browser is (an operator on
 * holiday abroad, a shopper abroad), so it agrees with the mails and the operator's totals.
 */
export const SHOP_TIME_ZONE = 'Africa/Johannesburg';

const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** "05 Mar 2026" */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "05 Mar 2026, 14:05" */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A date as South Africans write it in full, "5 January 2026", in the shopper's time zone: what
 * Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' }) writes. Written
 * out because creating a page's first Intl formatter loads the browser's locale data, tens of
 * milliseconds of main-thread time on a phone while the product page starts. An invalid date
 * gives an empty string, where the formatter would throw.
 */
export function formatLongDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

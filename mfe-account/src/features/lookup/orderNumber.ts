/** An order number as the shop writes it (JAC-2026-000123); the api's pattern, upper case. */
const ORDER_NUMBER = /^[A-Z]{3}-\d{4}-\d{6,12}$/;

/** As typed (any case, spaces around) to as the shop writes it. */
export function normaliseOrderNumber(typed: string): string {
  return typed.trim().toUpperCase();
}

/** What the form says about a typed order number, or undefined when it is one. */
export function orderNumberProblem(typed: string | undefined): string | undefined {
  const number = normaliseOrderNumber(typed ?? '');
  if (!number) return 'Order number is required';
  return ORDER_NUMBER.test(number) ? undefined : 'Enter the order number as on your confirmation, e.g. JAC-2026-000123';
}

export { cartLineKey, productIdFromKey, DEFAULT_VARIANT_PART } from './cartLineKey';
export type { KeyedProduct } from './cartLineKey';
export { cartCount, cartSubtotal, cartTotal, DELIVERY_FEE } from './cartTotals';
export type { PricedLine } from './cartTotals';
export { formatRand, toCents, fromCents } from './money';
export { effectivePrice, isOnSale, salePercent, salePercentLabel } from './pricing';
export type { SalePricing } from './pricing';
export { ratingBarWidth, MAX_RATING, RATING_BAR_PERCENT_PER_POINT } from './rating';
export { normalisePhone, isValidPhone, PHONE_PREFIX, PHONE_LENGTH } from './phone';
export { clampQuantity, MIN_QUANTITY } from './quantity';
export { randomId, RANDOM_ID_ALPHABET, RANDOM_ID_LENGTH } from './randomId';
export { normaliseProduct, slugify } from './normaliseProduct';
export { assetUrl } from './assetUrl';
export { SIZES, COLOURS, CATEGORIES, SEARCH_CATEGORIES } from './catalogue';
export type { SearchCategory } from './catalogue';
export { vatIncluded, VAT_RATE } from './vat';
export { isSaProvince, isValidPostalCode, POSTAL_CODE_PATTERN, SA_PROVINCES } from './address';
export type { SaProvince } from './address';
export { orderTotals, orderTotalsInCents } from './orderTotals';
export {
  nextOrderStatuses,
  ORDER_NOTE_LIMITS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  refusedOrderMove,
} from './orderLife';
export type { OrderForMoves } from './orderLife';
export type { OrderTotals } from './orderTotals';
export { isEmailAddress } from './email';
export { MIN_PASSWORD_LENGTH, newPasswordProblem } from './password';
export { validateContactMessage, isBlankPhone, CONTACT_LIMITS } from './contactMessage';
export type { ContactMessageInput, ContactMessageErrors } from './contactMessage';

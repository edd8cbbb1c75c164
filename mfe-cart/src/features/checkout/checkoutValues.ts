import { isValidPhone, normalisePhone, PHONE_PREFIX, type DeliveryMethod, type PaymentMethod, type PlaceOrderRequest } from '@storefront/shared';
import { isSaProvince, isValidPostalCode } from '@storefront/shared/domain';
import { personNameProblem } from '@storefront/shared/text-direction';

/** The checkout form as react-final-form holds it: flat, every field a string until it is sent. */
export interface CheckoutValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  delivery_method: DeliveryMethod;
  street: string;
  suburb: string;
  city: string;
  province: string;
  postal_code: string;
  payment_method: PaymentMethod;
  /** Email news and offers: never ticked until the shopper ticks it. */
  marketing_consent: boolean;
}

/**
 * What POST /orders is sent. `marketingConsent` goes only when the shopper ticked the box: an
 * api that does not know it yet refuses unknown properties, and must keep taking the orders of
 * shoppers who did not tick it.
 */
export type PlaceOrderBody = PlaceOrderRequest;

export function initialCheckoutValues(deliveryMethod: DeliveryMethod): CheckoutValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    delivery_method: deliveryMethod,
    street: '',
    suburb: '',
    city: '',
    province: '',
    postal_code: '',
    payment_method: 'eft',
    marketing_consent: false,
  };
}

/** How each payment method is named to the shopper, on the form and in the review. */
export function paymentMethodLabel(method: PaymentMethod, collecting: boolean): string {
  if (method === 'eft') return 'EFT bank transfer';
  return collecting ? 'Cash on collection' : 'Cash on delivery';
}

/** `?delivery=collect` (from the cart page) starts the checkout on collect in store; anything else is delivery. */
export function deliveryMethodFromSearch(value: string | null): DeliveryMethod {
  return value === 'collect' ? 'collect' : 'delivery';
}

/** The checkout's two steps: the shopper's details, then the whole order to review before it is placed. */
export type CheckoutStep = 'details' | 'review';

/** `?step=review` is the review; anything else is the details. */
export function checkoutStepFromSearch(value: string | null): CheckoutStep {
  return value === 'review' ? 'review' : 'details';
}

/** What POST /orders takes: trimmed text, address fields only for delivery, and the marketing consent only when given. */
export function toPlaceOrderRequest(values: CheckoutValues): PlaceOrderBody {
  const contact = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone,
  };
  const delivery: PlaceOrderRequest['delivery'] =
    values.delivery_method === 'delivery' && isSaProvince(values.province)
      ? {
          method: 'delivery',
          street: values.street.trim(),
          suburb: values.suburb.trim(),
          city: values.city.trim(),
          province: values.province,
          postal_code: values.postal_code,
        }
      : { method: 'collect' };
  const request: PlaceOrderBody = { contact, delivery, payment_method: values.payment_method };
  if (values.marketing_consent === true) request.marketingConsent = true;
  return request;
}

/**
 * The phone box as the shopper types: digits only behind a forced +27. Erasing back into
 * the prefix empties the box instead of putting +27 straight back, so it can be cleared.
 */
export function parsePhone(input: string | undefined): string {
  const text = (input ?? '').trim();
  if (text === '' || PHONE_PREFIX.startsWith(text)) return '';
  return normalisePhone(text);
}

/** Postal codes are four digits; anything else typed is dropped. */
export function parsePostalCode(input: string | undefined): string {
  return (input ?? '').replace(/\D/g, '').slice(0, 4);
}

export type Validator = (value: string | undefined) => string | undefined;

export const required =
  (label: string): Validator =>
  (value) =>
    value && value.trim() ? undefined : `${label} is required`;

// One @, something either side, a dot in the domain: the api checks the format again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateEmail: Validator = (value) => {
  if (!value || !value.trim()) return 'Email address is required';
  return EMAIL.test(value.trim()) ? undefined : 'Enter a valid email address, like thandi@example.co.za';
};

export const validatePhone: Validator = (value) => {
  if (!value) return 'Phone number is required';
  return isValidPhone(value) ? undefined : 'Enter a South African number: +27 and 9 digits, like +27 82 123 4567';
};

export const validateProvince: Validator = (value) => (value && isSaProvince(value) ? undefined : 'Choose a province');

export const validatePostalCode: Validator = (value) => {
  if (!value) return 'Postal code is required';
  return isValidPostalCode(value) ? undefined : 'A postal code is 4 digits';
};

export const validateFirstName: Validator = (value) => personNameProblem('First name', value);
export const validateLastName: Validator = (value) => personNameProblem('Last name', value);

type TextFieldName = Exclude<keyof CheckoutValues, 'delivery_method' | 'payment_method' | 'marketing_consent'>;

/** Each typed field's rule, as its field on the form checks it. */
export const FIELD_RULES: Readonly<Record<TextFieldName, Validator>> = {
  first_name: validateFirstName,
  last_name: validateLastName,
  email: validateEmail,
  phone: validatePhone,
  street: required('Street address'),
  suburb: required('Suburb'),
  city: required('City or town'),
  province: validateProvince,
  postal_code: validatePostalCode,
};

const ADDRESS_FIELDS: readonly TextFieldName[] = ['street', 'suburb', 'city', 'province', 'postal_code'];

/**
 * What is wrong with the whole form, field by field, by the same rules the fields show: the
 * address counts only for delivery. Empty when the details can be reviewed and placed.
 */
export function checkoutErrors(values: CheckoutValues): Partial<Record<TextFieldName, string>> {
  const errors: Partial<Record<TextFieldName, string>> = {};
  for (const [name, rule] of Object.entries(FIELD_RULES) as [TextFieldName, Validator][]) {
    if (values.delivery_method !== 'delivery' && ADDRESS_FIELDS.includes(name)) continue;
    const error = rule(values[name]);
    if (error) errors[name] = error;
  }
  return errors;
}

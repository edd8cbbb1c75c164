import { isValidPhone, normalisePhone, PHONE_PREFIX, type DeliveryMethod, type PaymentMethod, type PlaceOrderRequest } from '@storefront/shared';
import { isSaProvince, isValidPostalCode } from '@storefront/shared/domain';

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
}

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
  };
}

/** `?delivery=collect` (from the cart page) starts the checkout on collect in store; anything else is delivery. */
export function deliveryMethodFromSearch(value: string | null): DeliveryMethod {
  return value === 'collect' ? 'collect' : 'delivery';
}

/** What POST /orders takes: trimmed text, and address fields only for delivery. */
export function toPlaceOrderRequest(values: CheckoutValues): PlaceOrderRequest {
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
  return { contact, delivery, payment_method: values.payment_method };
}

/**
 * The phone box as the shopper types (§5): digits only behind a forced +27. Erasing back into
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

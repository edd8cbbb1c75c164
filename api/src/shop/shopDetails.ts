/**
 * Who the shop is, as its configuration gives it (SHOP_* variables, read once at start by
 * settings.ts): the details the law on selling online asks a shop to show shoppers (its legal
 * name, registration and VAT numbers, physical address, email and phone), and the policy texts
 * it may write in its own words. disclosures.ts turns them into GET /shop/disclosures' answer.
 *
 * Like the bank account, they are the shop's own: a production start refuses to run without the
 * required ones. In development and tests made-up samples stand in, and the answer says so.
 */
import { isEmailAddress } from '@storefront/shared/domain';
import { changesTextDirection } from '@storefront/shared/text-direction';
import type { ShopDisclosures } from '@storefront/shared/types';

/** Policy texts the shop has written; null where it leaves the store's own rules to speak. */
export interface ShopPolicyTexts {
  returns: string[] | null;
  deliveryTimes: string[] | null;
  privacy: string[] | null;
  paymentSecurity: string[] | null;
}

/** Who the shop is, as GET /shop/disclosures gives it (`sample`: never in production), and its own policy texts. */
export interface ShopDetails extends Pick<ShopDisclosures, 'legalName' | 'registrationNumber' | 'vatNumber' | 'address' | 'email' | 'phone' | 'sample'> {
  policies: ShopPolicyTexts;
}

/** Required in production, each named when it is missing. */
export const SHOP_REQUIRED_VARIABLES = ['SHOP_LEGAL_NAME', 'SHOP_REGISTRATION_NUMBER', 'SHOP_ADDRESS', 'SHOP_EMAIL', 'SHOP_PHONE'] as const;

type RequiredVariable = (typeof SHOP_REQUIRED_VARIABLES)[number];

/** What each required variable is, in the words of the refusal that names it. */
const REQUIRED_MEANING: Readonly<Record<RequiredVariable, string>> = {
  SHOP_LEGAL_NAME: "the business's registered legal name",
  SHOP_REGISTRATION_NUMBER: 'its company registration number',
  SHOP_ADDRESS: 'its physical address, lines separated by ";"',
  SHOP_EMAIL: "the shop's email address for shoppers",
  SHOP_PHONE: "the shop's phone number for shoppers",
};

/**
 * The made-up shop of development and the test suites: the storefront's own footer details
 * under an obviously invented company, so no page ever passes them off as a real business.
 */
export const SAMPLE_SHOP: ShopDetails = {
  legalName: 'Jacaranda Sample Trading (Pty) Ltd',
  registrationNumber: '2000/000000/07',
  vatNumber: '4000000000',
  address: ['12 Jacaranda Street', 'Hatfield', 'Pretoria', '0083'],
  email: 'hello@jacaranda.co.za',
  phone: '+27 12 345 6789',
  policies: { returns: null, deliveryTimes: null, privacy: null, paymentSecurity: null },
  sample: true,
};

/** Limits on what the variables may hold: each shown on every page that gives the details. */
export const SHOP_TEXT_LIMITS = {
  legalName: 200,
  registrationNumber: 40,
  addressLine: 100,
  addressLines: 8,
  email: 254,
  phone: 30,
  paragraph: 2_000,
  paragraphs: 20,
  policy: 8_000,
} as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Line breaks separate lines and paragraphs; every other control character is refused.
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Paragraphs or lines of a multi-line variable: split at line breaks, or at a written "\n" (an
 * env file keeps a value on one line), or at `extra` (";" for an address). Blank ones dropped.
 */
function splitLines(value: string, extra?: string): string[] {
  const breaks = extra ? new RegExp(`\\r?\\n|\\r|\\\\n|${extra}`) : /\r?\n|\r|\\n/;
  return value
    .split(breaks)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '');
}

/** What is wrong with the characters of `value`, or null; a problem names `name`. */
function characterProblem(name: string, value: string, multiLine: boolean): string | null {
  if ((multiLine ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value)) return `${name} must not contain control characters${multiLine ? ' (line breaks separate lines)' : ''}`;
  if (changesTextDirection(value)) return `${name} must not contain characters that change the direction of text`;
  return null;
}

const DIGITS = (value: string) => value.replace(/\D/g, '');

/**
 * Reads the shop's details. In production every required variable must be given (each missing
 * one is a problem of its own); elsewhere a missing one is taken from SAMPLE_SHOP and the details
 * are marked as samples. Every given value is checked, and a bad one is a problem naming it.
 */
export function readShopDetails(given: (name: string) => string | undefined, production: boolean, problems: string[]): ShopDetails {
  const missing = SHOP_REQUIRED_VARIABLES.filter((name) => given(name) === undefined);
  if (production) {
    for (const name of missing) {
      problems.push(`NODE_ENV=production needs ${name}: ${REQUIRED_MEANING[name]}, which the store must show shoppers before they buy`);
    }
  }

  const singleLine = (name: RequiredVariable, max: number, sample: string, shape?: (value: string) => string | null): string => {
    const value = given(name);
    if (value === undefined) return sample;
    const problem = characterProblem(name, value, false) ?? (value.length > max ? `${name} must be at most ${max} characters` : null) ?? shape?.(value) ?? null;
    if (problem) problems.push(problem);
    return value.replace(/\s+/g, ' ');
  };

  const legalName = singleLine('SHOP_LEGAL_NAME', SHOP_TEXT_LIMITS.legalName, SAMPLE_SHOP.legalName);
  const registrationNumber = singleLine('SHOP_REGISTRATION_NUMBER', SHOP_TEXT_LIMITS.registrationNumber, SAMPLE_SHOP.registrationNumber, (value) =>
    /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(value) && /\d/.test(value)
      ? null
      : `SHOP_REGISTRATION_NUMBER must be a registration number such as 2015/123456/07 (letters, digits, "/", "-", "."), got "${value}"`,
  );
  const email = singleLine('SHOP_EMAIL', SHOP_TEXT_LIMITS.email, SAMPLE_SHOP.email, (value) =>
    isEmailAddress(value) && /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/.test(value)
      ? null
      : `SHOP_EMAIL must be one email address such as hello@shop.example.co.za, got "${value}"`,
  );
  const phone = singleLine('SHOP_PHONE', SHOP_TEXT_LIMITS.phone, SAMPLE_SHOP.phone, (value) => {
    const digits = DIGITS(value).length;
    return /^\+?[0-9][0-9 ()-]*$/.test(value) && digits >= 9 && digits <= 15
      ? null
      : `SHOP_PHONE must be a phone number of 9 to 15 digits, such as +27 12 345 6789 (spaces, "(", ")" and "-" allowed), got "${value}"`;
  });

  let address = SAMPLE_SHOP.address;
  const addressValue = given('SHOP_ADDRESS');
  if (addressValue !== undefined) {
    address = splitLines(addressValue, ';');
    const problem =
      characterProblem('SHOP_ADDRESS', addressValue, true) ??
      (address.length < 2 || address.length > SHOP_TEXT_LIMITS.addressLines
        ? `SHOP_ADDRESS must be a physical address of 2 to ${SHOP_TEXT_LIMITS.addressLines} lines separated by ";" (street; suburb; town; postal code), got "${addressValue}"`
        : null) ??
      (address.some((line) => line.length > SHOP_TEXT_LIMITS.addressLine) ? `SHOP_ADDRESS lines must be at most ${SHOP_TEXT_LIMITS.addressLine} characters each` : null);
    if (problem) problems.push(problem);
  }

  let vatNumber: string | null = null;
  const vatValue = given('SHOP_VAT_NUMBER');
  if (vatValue !== undefined) {
    const digits = vatValue.replace(/[\s-]/g, '');
    // A South African VAT number: 10 digits, the first a 4.
    if (/^4\d{9}$/.test(digits)) vatNumber = digits;
    else problems.push(`SHOP_VAT_NUMBER must be a South African VAT number, 10 digits starting with 4 (leave it unset if the business is not registered for VAT), got "${vatValue}"`);
  } else if (missing.length === SHOP_REQUIRED_VARIABLES.length && !production) {
    vatNumber = SAMPLE_SHOP.vatNumber;
  }

  const policy = (name: string): string[] | null => {
    const value = given(name);
    if (value === undefined) return null;
    const paragraphs = splitLines(value);
    const problem =
      characterProblem(name, value, true) ??
      (value.length > SHOP_TEXT_LIMITS.policy ? `${name} must be at most ${SHOP_TEXT_LIMITS.policy} characters` : null) ??
      (paragraphs.length > SHOP_TEXT_LIMITS.paragraphs ? `${name} must be at most ${SHOP_TEXT_LIMITS.paragraphs} paragraphs (one a line)` : null) ??
      (paragraphs.some((paragraph) => paragraph.length > SHOP_TEXT_LIMITS.paragraph) ? `${name} paragraphs must be at most ${SHOP_TEXT_LIMITS.paragraph} characters each` : null);
    if (problem) problems.push(problem);
    return paragraphs;
  };

  return {
    legalName,
    registrationNumber,
    vatNumber,
    address,
    email,
    phone,
    policies: {
      returns: policy('SHOP_RETURNS_POLICY'),
      deliveryTimes: policy('SHOP_DELIVERY_TIMES'),
      privacy: policy('SHOP_PRIVACY_POLICY'),
      paymentSecurity: policy('SHOP_PAYMENT_SECURITY'),
    },
    sample: missing.length > 0,
  };
}

import type { ContactMessageInput } from '../types/messages';
import { isEmailAddress } from './email';
import { isValidPhone, normalisePhone } from './phone';

/**
 * Longest accepted values, trimmed: generous for people, bounded for the database. The contact
 * message's schema in @storefront/contracts bounds the same fields by them.
 */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, subject: 150, message: 5000 } as const;

export type { ContactMessageInput };

export type ContactMessageErrors = Partial<Record<keyof ContactMessageInput, string>>;

/** A phone field left empty, or holding only the forced +27, is no phone at all. */
export function isBlankPhone(phone: string | undefined): boolean {
  return phone === undefined || phone.replace(/\D/g, '').replace(/^27/, '') === '';
}

/**
 * The contact form's rules, with the messages a shopper reads beside each field; the api answers
 * the first of them as its 400. Empty when the message may be sent.
 */
export function validateContactMessage(input: ContactMessageInput): ContactMessageErrors {
  const errors: ContactMessageErrors = {};
  const name = input.name.trim();
  if (!name) errors.name = 'Enter your name.';
  else if (name.length > CONTACT_LIMITS.name) errors.name = `Keep your name under ${CONTACT_LIMITS.name} characters.`;
  if (!input.email.trim()) errors.email = 'Enter your email address.';
  else if (!isEmailAddress(input.email)) errors.email = 'Enter a valid email address.';
  if (!isBlankPhone(input.phone) && !isValidPhone(normalisePhone(input.phone ?? ''))) {
    errors.phone = 'Enter a South African mobile number: +27 and 9 digits, or leave it empty.';
  }
  const subject = input.subject.trim();
  if (!subject) errors.subject = 'Enter a subject.';
  else if (subject.length > CONTACT_LIMITS.subject) errors.subject = `Keep the subject under ${CONTACT_LIMITS.subject} characters.`;
  const message = input.message.trim();
  if (!message) errors.message = 'Write your message.';
  else if (message.length > CONTACT_LIMITS.message) errors.message = `Keep the message under ${CONTACT_LIMITS.message} characters.`;
  return errors;
}

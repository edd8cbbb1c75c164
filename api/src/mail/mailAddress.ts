import { isEmailAddress } from '@storefront/shared/domain';

/** A sender or recipient: the name shown beside the address (may be empty). */
export interface MailAddress {
  name: string;
  address: string;
}

/** The shop's own address, the one on its contact page, so a shopper's reply reaches the shop. */
export const DEFAULT_MAIL_FROM: MailAddress = { name: 'Jacaranda', address: 'hello@jacaranda.co.za' };

/** `Name <address>`, `"Name" <address>` or a bare address. */
const NAMED = /^(?:"([^"]*)"|([^"<>]*?))\s*<([^<>\s]+)>$/;

/**
 * Reads MAIL_FROM. Refuses line breaks and anything but one address, so the value can never add
 * a header or a second recipient.
 */
export function parseMailAddress(value: string): MailAddress | null {
  const text = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(text)) return null;
  const named = NAMED.exec(text);
  const name = (named ? (named[1] ?? named[2] ?? '') : '').trim();
  const address = named ? (named[3] ?? '') : text;
  if (!isEmailAddress(address) || /[<>,;"()[\]\\]/.test(address) || /[<>]/.test(name)) return null;
  return { name, address };
}

export function formatMailAddress({ name, address }: MailAddress): string {
  return name ? `${name} <${address}>` : address;
}

/**
 * A recipient as the log may show it: the first letter and the domain (t***@example.co.za), so
 * an operator can tell mail providers apart without the log holding shoppers' addresses.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** Every address in `text` (a mail server's answer often repeats the recipient) masked. */
export function maskAddressesIn(text: string): string {
  return text.replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, maskAddress);
}

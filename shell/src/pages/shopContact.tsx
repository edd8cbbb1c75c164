import type { ShopDisclosures } from '../api/shopApi';

/** A phone number as a tel: link dials it: digits and a leading +, without the "(0)" written after a country code. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')}`;
}

/** The shop's email address (its disclosures'), as a link that writes to it. */
export function EmailLink({ shop, testId }: { shop: Pick<ShopDisclosures, 'email'>; testId?: string }) {
  return (
    <a href={`mailto:${shop.email}`} data-testid={testId}>
      {shop.email}
    </a>
  );
}

/** The shop's phone number (its disclosures'), as a link that dials it. */
export function PhoneLink({ shop, testId }: { shop: Pick<ShopDisclosures, 'phone'>; testId?: string }) {
  return (
    <a href={telHref(shop.phone)} data-testid={testId}>
      {shop.phone}
    </a>
  );
}

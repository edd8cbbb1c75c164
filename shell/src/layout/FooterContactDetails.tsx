import { Link } from '@storefront/shared';
import type { ReactNode } from 'react';
import { useGetShellDisclosuresQuery } from '../api/shopApi';
import { EmailLink, PhoneLink } from '../pages/shopContact';

/**
 * The footer's address, phone and email as the shop's configuration gives them (GET
 * /shop/disclosures, as the legal and contact pages show them). A chunk of its own, loaded when
 * the footer comes near the screen (Footer.tsx); `placeholder` holds their place meanwhile.
 */
export function FooterContactDetails({ placeholder }: { placeholder: ReactNode }) {
  const { data: shop, isError } = useGetShellDisclosuresQuery();
  if (shop) {
    return (
      <address>
        {shop.address.join(', ')}
        <br />
        <PhoneLink shop={shop} />
        <br />
        <EmailLink shop={shop} />
      </address>
    );
  }
  return isError ? (
    <p>
      <Link to="/contact">Our address, phone and email</Link>
    </p>
  ) : (
    placeholder
  );
}

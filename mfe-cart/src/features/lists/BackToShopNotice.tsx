import { Link } from '@storefront/shared';
import type { ReactNode } from 'react';

/**
 * A notice where a page has nothing to show (an empty cart or wishlist, an order not found): what
 * the shopper should know, then the way back to the shop.
 */
export function BackToShopNotice({ children }: { children: ReactNode }) {
  return (
    <div className="sf-notice">
      {children}
      <Link className="sf-button" to="/shop">
        Continue shopping
      </Link>
    </div>
  );
}

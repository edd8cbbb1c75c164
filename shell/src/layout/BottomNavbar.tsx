import { Embedded, NavLink, useBottomBarHeight } from '@storefront/shared';
import { useRef } from 'react';
import { showsBottomNav } from '../behaviour/thresholds';
import { useScrollY, useViewportWidth } from '../behaviour/viewport';
import type { RemoteModuleProps } from '../federation/remoteModules';
import './bottomNavbar.css';

const ICONS = {
  home: <path d="M3 11l9-7 9 7v9h-6v-6H9v6H3z" fill="none" stroke="currentColor" strokeWidth="2" />,
  shop: <path d="M5 8h14l-1 12H6zM9 8a3 3 0 0 1 6 0" fill="none" stroke="currentColor" strokeWidth="2" />,
  wishlist: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="2" />,
  cart: <path d="M3 4h2l2.4 11h11l2-8H6.2" fill="none" stroke="currentColor" strokeWidth="2" />,
  account: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />,
};

/** The lists' counts beside their links: the cart team's (mfe-cart's ListCount); without it, the links alone. */
const COUNTS: Record<'cart' | 'wishlist', RemoteModuleProps['mfe-cart/ListCount']> = { cart: { list: 'cart' }, wishlist: { list: 'wishlist' } };

/** At widths up to 576 px, once the page has scrolled 400 px, quick links stick to the bottom. */
export function BottomNavbar() {
  const visible = showsBottomNav(useViewportWidth(), useScrollY());
  const bar = useRef<HTMLElement>(null);
  // The product page's sticky bar sits on it, Back to top above it (shared/src/ui/bottomBars.ts).
  useBottomBarHeight('--sf-bottom-nav-height', bar, visible);
  if (!visible) return null;
  const items = [
    { to: '/', label: 'Home', icon: ICONS.home },
    { to: '/shop', label: 'Shop', icon: ICONS.shop },
    { to: '/wishlist', label: 'Wishlist', icon: ICONS.wishlist, count: COUNTS.wishlist },
    { to: '/cart', label: 'Cart', icon: ICONS.cart, count: COUNTS.cart },
    { to: '/account', label: 'Account', icon: ICONS.account },
  ];
  return (
    <nav ref={bar} aria-label="Quick links" className="shell-bottom-nav" data-testid="bottom-navbar">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'}>
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">{item.icon}</svg>
              <span>{item.label}</span>
              {item.count && <Embedded remote="mfe-cart" module="ListCount" props={item.count} unavailable={null} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

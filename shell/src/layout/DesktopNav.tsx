import { NavLink } from '@storefront/shared';
import { AccountMenu } from './AccountMenu';
import { ShopMegaMenu } from './ShopMegaMenu';
import './desktopNav.css';

/**
 * The desktop header's main menu, with the Shop mega-menu and the Account dropdown. Only a
 * desktop draws it: it is in the desktop header's chunk (DesktopHeader.ts), which a phone never loads.
 */
export function DesktopNav() {
  return (
    <nav aria-label="Main" className="shell-nav">
      <NavLink to="/" end>
        Home
      </NavLink>
      <ShopMegaMenu />
      <NavLink to="/about">About Us</NavLink>
      <NavLink to="/contact">Contact Us</NavLink>
      <AccountMenu />
    </nav>
  );
}

import { NavLink } from '@storefront/shared';
import { AccountMenu } from './AccountMenu';
import { ShopMegaMenu } from './ShopMegaMenu';
import './desktopNav.css';

/**
 * The desktop header's main menu (§1), with the Shop mega-menu and the Account dropdown. Only a
 * desktop draws it, so it is a chunk of its own (laterParts.ts), which a desktop's index.html
 * preloads and its first render waits for; a phone never loads it.
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

import { Link, NavLink, selectUser, useAppSelector, useGetCategoriesQuery } from '@storefront/shared';
import { useEffect, useRef } from 'react';
import { MEGA_MENU_CATEGORIES } from './menuLinks';
import { ShopSearchForm } from './ShopSearchForm';
import './mobileMenu.css';

/**
 * The slide-in menu below 992 px, with its own search field. The header decides when it
 * is open (it closes on route change and once the width reaches 992 px); Esc, the close button
 * and a click on the backdrop close it, and focus goes back to the menu button.
 */
export function MobileMenu({ onClose }: { onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const { data: categories } = useGetCategoriesQuery();
  const operator = useAppSelector(selectUser)?.operator === true;
  const topCategories = (categories ?? []).filter((category) => category.parent === null).slice(0, MEGA_MENU_CATEGORIES);

  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      // Focus stays inside the open menu.
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>('a[href], button, input')];
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="shell-mobile-menu">
      <div className="shell-mobile-menu__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={panel} id="mobile-menu" className="shell-mobile-menu__panel" role="dialog" aria-modal="true" aria-label="Menu">
        <div className="shell-mobile-menu__top">
          <span className="shell-mobile-menu__title">Menu</span>
          <button type="button" className="shell-icon-button" aria-label="Close menu" onClick={onClose}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
        </div>
        <ShopSearchForm className="shell-mobile-menu__search" />
        <nav aria-label="Mobile">
          <ul className="shell-mobile-menu__links">
            <li><NavLink to="/" end>Home</NavLink></li>
            <li><NavLink to="/shop" end>Shop</NavLink></li>
            {topCategories.map((category) => (
              <li key={category.id} className="shell-mobile-menu__sub">
                <Link to={`/shop?${new URLSearchParams({ category: category.name }).toString()}`}>{category.name}</Link>
              </li>
            ))}
            <li><NavLink to="/about">About Us</NavLink></li>
            <li><NavLink to="/contact">Contact Us</NavLink></li>
            <li><NavLink to="/account">Account</NavLink></li>
            {operator && <li><NavLink to="/operator">Shop orders (operator)</NavLink></li>}
            <li><NavLink to="/wishlist">Wishlist</NavLink></li>
            <li><NavLink to="/cart">Cart</NavLink></li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

import {
  cartCount,
  loginModalOpened,
  selectSignedIn,
  selectUser,
  useAppDispatch,
  useAppSelector,
  useGetCartQuery,
  useGetMeQuery,
  useGetWishlistQuery,
} from '@storefront/shared';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { AccountMenu } from './AccountMenu';
import { RemoteRegion } from './RemoteRegion';
import './headerSearch.css';

type Dropdown = 'cart' | 'wishlist';

function DropdownLoading() {
  return <div className="shell-dropdown__loading" aria-busy="true">Loading…</div>;
}

/** Logo, menu, login, and the wishlist and cart with their counts; the dropdowns come from the cart remote. */
export function Header() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  // A dropdown stays open only on the page it was opened on: §2 closes them on route change.
  const [opened, setOpened] = useState<{ dropdown: Dropdown; at: string } | null>(null);
  const open = opened?.at === here ? opened.dropdown : null;
  const { data: cart } = useGetCartQuery();
  const { data: wishlist } = useGetWishlistQuery();
  // Asked once at start-up: who is signed in decides what the login icon and Account menu do.
  useGetMeQuery();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!open) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const toggle = (dropdown: Dropdown) => setOpened(open === dropdown ? null : { dropdown, at: here });
  const close = () => setOpened(null);
  const cartItems = cart ? cartCount(cart) : 0;
  const wishlistItems = wishlist?.length ?? 0;

  return (
    <header className="shell-header">
      <div className="sf-container shell-header__bar">
        <Link to="/" className="shell-logo" aria-label="Jacaranda home">
          <span aria-hidden="true" className="shell-logo__mark" />
          Jacaranda
        </Link>
        <nav aria-label="Main" className="shell-nav">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/shop">Shop</NavLink>
          <AccountMenu />
        </nav>
        <div className="shell-header__search">
          <RemoteRegion remote="mfe-catalog" module="HeaderSearch" label="search" loading={<div className="shell-header__search-loading" aria-busy="true" aria-label="Loading search" />} />
        </div>
        <div className="shell-actions">
          <button
            type="button"
            className="shell-icon-button"
            aria-label={signedIn ? `Signed in as ${user?.first_name ?? 'you'}` : 'Sign in'}
            onClick={() => {
              // §4: signed in, the icon only logs a message.
              if (signedIn) console.info(`[shell] already signed in as ${user?.email ?? 'this shopper'}`);
              else dispatch(loginModalOpened());
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
          <div className="shell-dropdown">
            <button
              type="button"
              className="shell-icon-button"
              aria-expanded={open === 'wishlist'}
              aria-controls="wishlist-dropdown"
              aria-label={`Wishlist, ${wishlistItems} ${wishlistItems === 1 ? 'item' : 'items'}`}
              onClick={() => toggle('wishlist')}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
              <span className="sf-badge" data-testid="wishlist-count">
                {wishlistItems}
              </span>
            </button>
            {open === 'wishlist' && (
              <div id="wishlist-dropdown" className="shell-dropdown__panel">
                <RemoteRegion remote="mfe-cart" module="WishlistDropdown" label="the wishlist" props={{ onClose: close }} loading={<DropdownLoading />} />
              </div>
            )}
          </div>
          <div className="shell-dropdown">
            <button
              type="button"
              className="shell-icon-button"
              aria-expanded={open === 'cart'}
              aria-controls="cart-dropdown"
              aria-label={`Cart, ${cartItems} ${cartItems === 1 ? 'item' : 'items'}`}
              onClick={() => toggle('cart')}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><path d="M3 4h2l2.4 11h11l2-8H6.2" fill="none" stroke="currentColor" strokeWidth="2" /><circle cx="9" cy="20" r="1.5" /><circle cx="17" cy="20" r="1.5" /></svg>
              <span className="sf-badge" data-testid="cart-count">
                {cartItems}
              </span>
            </button>
            {open === 'cart' && (
              <div id="cart-dropdown" className="shell-dropdown__panel">
                <RemoteRegion remote="mfe-cart" module="CartDropdown" label="the cart" props={{ onClose: close }} loading={<DropdownLoading />} />
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

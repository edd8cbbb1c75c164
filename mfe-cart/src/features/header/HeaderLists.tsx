/**
 * The header's wishlist and cart: each a button with its count (the cart's is the sum of its lines'
 * quantities, the wishlist's its products) that opens its dropdown. The cart team owns them; the
 * shell's header shows them where its actions are. A dropdown belongs to the page it was opened on:
 * it closes when the shopper moves to another page, on Escape, and on its own links.
 */
import { ErrorBoundary, useGetCartQuery, useGetWishlistQuery, useLocation } from '@storefront/shared';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { countCartItems, countWishlistItems, items, type List } from './listCounts';
import './header.css';

// The dropdowns' code comes when one is first opened: the header itself is on every page.
const CartDropdown = lazy(() => import(/* webpackChunkName: "cart-dropdown" */ '../../exposes/CartDropdown'));
const WishlistDropdown = lazy(() => import(/* webpackChunkName: "wishlist-dropdown" */ '../../exposes/WishlistDropdown'));

const ICONS: Record<List, ReactNode> = {
  wishlist: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="2" />,
  cart: (
    <>
      <path d="M3 4h2l2.4 11h11l2-8H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="17" cy="20" r="1.5" />
    </>
  ),
};

const NAMES: Record<List, string> = { wishlist: 'Wishlist', cart: 'Cart' };

function ListButton({ list, count, open, onToggle, children }: { list: List; count: number; open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <div className="crt-lists__list">
      <button type="button" className="crt-lists__button" aria-expanded={open} aria-controls={`${list}-dropdown`} aria-label={`${NAMES[list]}, ${items(count)}`} onClick={onToggle}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          {ICONS[list]}
        </svg>
        <span className="sf-badge" data-testid={`${list}-count`}>
          {count}
        </span>
      </button>
      {open && (
        <div id={`${list}-dropdown`} className="crt-lists__panel">
          <ErrorBoundary name={`mfe-cart/${list}-dropdown`} fallback={() => <p className="crt-lists__message">Sorry, the {list} is not available right now.</p>}>
            <Suspense
              fallback={
                <div className="crt-lists__message" aria-busy="true">
                  Loading…
                </div>
              }
            >
              {children}
            </Suspense>
          </ErrorBoundary>
        </div>
      )}
    </div>
  );
}

export function HeaderLists() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const [opened, setOpened] = useState<{ list: List; at: string } | null>(null);
  const open = opened?.at === here ? opened.list : null;
  const { count: cartItems } = useGetCartQuery(undefined, { selectFromResult: countCartItems });
  const { count: wishlistItems } = useGetWishlistQuery(undefined, { selectFromResult: countWishlistItems });

  useEffect(() => {
    if (!open) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const toggle = (list: List) => setOpened(open === list ? null : { list, at: here });
  const close = () => setOpened(null);
  return (
    <div className="crt-lists">
      <ListButton list="wishlist" count={wishlistItems} open={open === 'wishlist'} onToggle={() => toggle('wishlist')}>
        <WishlistDropdown onClose={close} />
      </ListButton>
      <ListButton list="cart" count={cartItems} open={open === 'cart'} onToggle={() => toggle('cart')}>
        <CartDropdown onClose={close} />
      </ListButton>
    </div>
  );
}

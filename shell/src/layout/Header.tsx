import { Embedded, Link, loginModalOpened, NavLink, selectSignedIn, selectUser, useAppDispatch, useAppSelector, useGetMeQuery, useLocation } from '@storefront/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isDesktopWidth } from '../behaviour/thresholds';
import { useScrollY, useViewportWidth } from '../behaviour/viewport';
import { HEADER_LISTS } from './frameEmbeds';
import { desktopHeader, mobileMenu } from './laterParts';
import './headerSearch.css';

/** The main menu's links while the desktop's menu loads (a phone turned, a window widened past 992 px), or if it could not. */
function PlainDesktopNav() {
  return (
    <nav aria-label="Main" className="shell-nav">
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/shop">Shop</NavLink>
      <NavLink to="/about">About Us</NavLink>
      <NavLink to="/contact">Contact Us</NavLink>
    </nav>
  );
}

/**
 * Whether the api has said who the shopper is: it knows them, or it answered that nobody is signed
 * in (401). Until then (the server's page, a skeleton, a failed request) the login icon names no
 * state it does not know.
 */
const readWhetherAnswered = ({ isSuccess, isError, error }: { isSuccess: boolean; isError: boolean; error?: unknown }) => ({
  answered: isSuccess || (isError && (error as { status?: unknown } | undefined)?.status === 401),
});

const WISHLIST_ICON = <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill="none" stroke="currentColor" strokeWidth="2" />;
const CART_ICON = <path d="M3 4h2l2.4 11h11l2-8H6.2" fill="none" stroke="currentColor" strokeWidth="2" />;

/**
 * In place of the cart's wishlist and cart buttons while their code loads on a page the browser
 * draws, or when it cannot be had: plain links to the wishlist and cart pages, without counts.
 */
function PlainListLinks() {
  return (
    <>
      <Link to="/wishlist" className="shell-icon-button" aria-label="Wishlist">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">{WISHLIST_ICON}</svg>
      </Link>
      <Link to="/cart" className="shell-icon-button" aria-label="Cart">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">{CART_ICON}</svg>
      </Link>
    </>
  );
}

const NO_PROPS = {};

/** The custom property on <html> holding the header's height, for the scroll padding in shell.css. */
const HEADER_HEIGHT_PROPERTY = '--sf-header-height';

/**
 * Logo, menu, login, and the wishlist and cart with their counts and dropdowns, which the cart
 * team owns (mfe-cart's HeaderLists, drawn in the header's slot). Once the page scrolls the header
 * is fixed to the top, in its desktop variant from 992 px and its mobile one (menu button, slide-in
 * menu) below; its place stays reserved, so nothing jumps.
 */
export function Header() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const desktop = isDesktopWidth(useViewportWidth());
  const fixed = useScrollY() > 0;
  const bar = useRef<HTMLElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    // Reserve the header's height while it is fixed, so the page below does not jump up. Measured
    // after the paint: a state update in a layout effect makes React run every passive effect
    // (the queries' subscriptions among them) before the first paint.
    if (!fixed) setHeight(bar.current?.offsetHeight || undefined);
  }, [fixed, desktop]);
  useEffect(() => {
    // The header's height on <html> (--sf-header-height), which the shell's CSS keeps clear at the
    // top of the screen whenever the page is scrolled to something (scroll-padding-top): a control
    // Tab moves to, a section a link jumps to or the page scrolls to, never lands under the fixed
    // header, where a tap meant for it would go to the header instead.
    if (!height) return undefined;
    const root = document.documentElement;
    root.style.setProperty(HEADER_HEIGHT_PROPERTY, `${height}px`);
    return () => {
      root.style.removeProperty(HEADER_HEIGHT_PROPERTY);
    };
  }, [height]);
  // Like the dropdowns, the mobile menu belongs to the page it was opened on: another page has it closed.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === here && !desktop;
  const menuButton = useRef<HTMLButtonElement>(null);
  // The mobile menu closes once the width reaches 992 px (and stays closed coming back below).
  if (desktop && menuOpenedAt !== null) setMenuOpenedAt(null);
  // The slide-in menu's code loads when the shopper reaches for its button, or opens it.
  const [menuWanted, setMenuWanted] = useState(false);
  const wantMenu = () => setMenuWanted(true);
  const menu = mobileMenu.useLoaded(menuWanted || menuOpen);
  const desktopParts = desktopHeader.useLoaded(desktop);
  const closeMenu = useCallback(() => {
    setMenuOpenedAt(null);
    menuButton.current?.focus();
  }, []);
  // Asked once at start-up: who is signed in decides what the login icon and Account menu do
  // (read through selectSignedIn and selectUser below; this query's state only says whether the api has answered yet).
  const { answered } = useGetMeQuery(undefined, { selectFromResult: readWhetherAnswered });
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  // Named for what it does once known; before, neutrally: the server draws every page without the
  // session, so "Sign in" there would be said to shoppers who are signed in.
  const loginLabel = signedIn ? `Signed in as ${user?.first_name ?? 'you'}` : answered ? 'Sign in' : 'Profile';
  const dispatch = useAppDispatch();

  return (
    <div className="shell-header-slot" style={fixed && height ? { minHeight: height } : undefined}>
    <header ref={bar} className={`shell-header${fixed ? ' shell-header--fixed' : ''}`} data-variant={desktop ? 'desktop' : 'mobile'} data-fixed={fixed}>
      <div className="sf-container shell-header__bar">
        {!desktop && (
          <button
            ref={menuButton}
            type="button"
            className="shell-icon-button shell-menu-button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onPointerEnter={wantMenu}
            onPointerDown={wantMenu}
            onFocus={wantMenu}
            onClick={() => {
              setMenuOpenedAt(here);
              // Again, if its code failed to come the last time.
              mobileMenu.load().catch(() => undefined);
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
        )}
        <Link to="/" className="shell-logo" aria-label="Jacaranda home">
          <span aria-hidden="true" className="shell-logo__mark" />
          Jacaranda
        </Link>
        {desktop && (
          <>
            {desktopParts ? <desktopParts.DesktopNav /> : <PlainDesktopNav />}
            <div className="shell-header__search">{desktopParts ? <desktopParts.HeaderSearchSlot /> : <div className="shell-header__search-loading" role="status" aria-busy="true" aria-label="Loading search" />}</div>
          </>
        )}
        <div className="shell-actions">
          <button
            type="button"
            className="shell-icon-button"
            aria-label={loginLabel}
            onClick={() => {
              // Signed in, the icon only logs a message; signed out (or not known yet), it opens the login modal.
              if (signedIn) console.info(`[shell] already signed in as ${user?.email ?? 'this shopper'}`);
              else dispatch(loginModalOpened());
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
          </button>
          <Embedded remote={HEADER_LISTS.remote} module={HEADER_LISTS.module} props={NO_PROPS} unavailable={<PlainListLinks />} loading={<PlainListLinks />} />
        </div>
      </div>
    </header>
    {menuOpen && menu && <menu.MobileMenu onClose={closeMenu} />}
    </div>
  );
}

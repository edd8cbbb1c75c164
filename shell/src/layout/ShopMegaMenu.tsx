import { Link, NavLink, ProductImage, useGetCategoriesQuery, useGetProductsQuery, useLocation } from '@storefront/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { useMenuKeys, useOpenWithArrowDown } from '../behaviour/useMenuKeys';
import { MEGA_MENU_CATEGORIES, PRODUCT_LAYOUT_LINKS, productLayoutPath, SHOP_LAYOUT_LINKS } from './menuLinks';

/**
 * The main menu's Shop link and its mega-menu (ArrowDown on either opens it): every shop
 * layout, every product layout (shown with the most popular product), the top categories and a
 * promotion with its picture.
 */
export function ShopMegaMenu() {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpenAt(null), []);
  useMenuKeys(open, root, panel, button, close);

  const { data: categories } = useGetCategoriesQuery(undefined, { skip: !open });
  const { data: popular } = useGetProductsQuery({ sort: 'popularity', limit: 1 }, { skip: !open });
  const featured = popular?.products[0];
  const topCategories = (categories ?? []).filter((category) => category.parent === null).slice(0, MEGA_MENU_CATEGORIES);

  const onButtonKeyDown = useOpenWithArrowDown(open, panel, () => setOpenAt(pathname));

  return (
    <div className="shell-mega" ref={root}>
      {/* Shop itself stays one click away; the button beside it opens the mega-menu. */}
      <NavLink to="/shop" onKeyDown={onButtonKeyDown}>
        Shop
      </NavLink>
      <button
        ref={button}
        type="button"
        className="shell-nav__button shell-mega__toggle"
        aria-label="Shop menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : pathname)}
        onKeyDown={onButtonKeyDown}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16"><path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" /></svg>
      </button>
      {open && (
        <div id={panelId} ref={panel} className="shell-mega__panel" onClick={(event) => (event.target as HTMLElement).closest('a') && close()}>
          <nav aria-label="Shop layouts" className="shell-mega__column">
            <h2>Shop layouts</h2>
            <ul className="shell-mega__list shell-mega__list--two">
              {SHOP_LAYOUT_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Product layouts" className="shell-mega__column">
            <h2>Product layouts</h2>
            {featured ? (
              <ul className="shell-mega__list shell-mega__list--two">
                {PRODUCT_LAYOUT_LINKS.map((link) => (
                  <li key={link.layout}>
                    <Link to={productLayoutPath(link.layout, featured.link)}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p aria-busy="true">Loading…</p>
            )}
          </nav>
          <nav aria-label="Top categories" className="shell-mega__column">
            <h2>Top categories</h2>
            {categories ? (
              <ul className="shell-mega__list">
                {topCategories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/shop?${new URLSearchParams({ category: category.name }).toString()}`}>{category.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p aria-busy="true">Loading…</p>
            )}
          </nav>
          <div className="shell-mega__promo">
            {featured && (
              <Link to={`/product?id=${encodeURIComponent(featured.link)}`} className="shell-mega__promo-link">
                <ProductImage picture={featured.large_pictures[0] ?? featured.small_pictures[0]} alt="" width={400} height={400} loading="lazy" />
                <span className="shell-mega__promo-text">
                  <span className="shell-mega__promo-kicker">Most popular</span>
                  <span>{featured.name}</span>
                </span>
              </Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

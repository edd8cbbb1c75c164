import { Link, Skeleton } from '@storefront/shared';
import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../behaviour/useNearViewport';
import { NewsletterSignup } from './NewsletterSignup';

// The details and their read of the api load when the footer comes near, not with every first
// page (chunk later-*, which e2e/support/firstLoad.ts leaves out of the first-load budgets).
const FooterContactDetails = lazy(() => import(/* webpackChunkName: "later-footer-contact" */ './FooterContactDetails').then((module) => ({ default: module.FooterContactDetails })));

/** Three lines at the height of the address block, while it loads. */
function ContactPlaceholder() {
  return (
    <div className="shell-footer__contact-placeholder" aria-hidden="true">
      <Skeleton height="14px" width="90%" />
      <Skeleton height="14px" width="50%" />
      <Skeleton height="14px" width="65%" />
    </div>
  );
}

/**
 * The shop's address, phone and email, asked when the footer comes near the screen: no code or
 * request for a shopper who never scrolls to it. Until then, and on the server, lines hold their place.
 */
function ShopContact() {
  const block = useRef<HTMLDivElement>(null);
  const near = useNearViewport(block);
  return (
    <div ref={block} data-testid="footer-contact">
      {near ? (
        <Suspense fallback={<ContactPlaceholder />}>
          <FooterContactDetails placeholder={<ContactPlaceholder />} />
        </Suspense>
      ) : (
        <ContactPlaceholder />
      )}
    </div>
  );
}

/** Contact details, trading hours, links, the shop's disclosures and policies on every page, and the newsletter. */
export function Footer() {
  return (
    <footer className="shell-footer">
      <div className="sf-container shell-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ShopContact />
          <h3 className="shell-footer__subhead">Trading hours</h3>
          <p>Mon-Sun 9:00 AM - 8:00 PM</p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li><Link to="/shop">All products</Link></li>
            <li><Link to="/shop?category=Fashion">Fashion</Link></li>
            <li><Link to="/shop?category=Electronics">Electronics</Link></li>
            <li><Link to="/shop?category=Accessories">Accessories</Link></li>
            <li><Link to="/shop?on_sale=true">On sale</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help">Help</h2>
          <ul>
            <li><Link to="/about">About us</Link></li>
            <li><Link to="/contact">Contact us</Link></li>
            <li><Link to="/account">My account</Link></li>
            <li><Link to="/order-status">Track an order</Link></li>
            <li><Link to="/wishlist">Wishlist</Link></li>
            <li><Link to="/cart">Cart</Link></li>
          </ul>
        </nav>
        <NewsletterSignup />
      </div>
      {/* The shop's disclosures and policies, on every page. shellPages.ts's LEGAL_PAGES, written out: that module stays off every page's first load. */}
      <div className="sf-container shell-footer__legal">
        <p>© {new Date().getFullYear()} Jacaranda. Prices include VAT.</p>
        <nav aria-label="Shop information" className="shell-footer__information">
          <ul>
            <li><Link to="/legal">Business details</Link></li>
            <li><Link to="/legal/returns">Returns and refunds</Link></li>
            <li><Link to="/legal/delivery">Delivery</Link></li>
            <li><Link to="/legal/privacy">Privacy</Link></li>
            <li><Link to="/legal/payment">Paying safely</Link></li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

import { Link, Skeleton } from '@storefront/shared';
import { useRef } from 'react';
import { useGetShellDisclosuresQuery } from '../api/shopApi';
import { useNearViewport } from '../behaviour/useNearViewport';
import { EmailLink, PhoneLink } from '../pages/shopContact';
import { NewsletterSignup } from './NewsletterSignup';

/**
 * The shop's address, phone and email as its configuration gives them (GET /shop/disclosures, as
 * the legal and contact pages show them), asked when the footer comes near the screen: no request
 * for a shopper who never scrolls to it. Until then, and on the server, lines hold their place.
 */
function ShopContact() {
  const block = useRef<HTMLDivElement>(null);
  const near = useNearViewport(block);
  const { data: shop, isError } = useGetShellDisclosuresQuery(undefined, { skip: !near });
  return (
    <div ref={block} data-testid="footer-contact">
      {shop ? (
        <address>
          {shop.address.join(', ')}
          <br />
          <PhoneLink shop={shop} />
          <br />
          <EmailLink shop={shop} />
        </address>
      ) : isError ? (
        <p>
          <Link to="/contact">Our address, phone and email</Link>
        </p>
      ) : (
        <div className="shell-footer__contact-placeholder" aria-hidden="true">
          <Skeleton height="14px" width="90%" />
          <Skeleton height="14px" width="50%" />
          <Skeleton height="14px" width="65%" />
        </div>
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

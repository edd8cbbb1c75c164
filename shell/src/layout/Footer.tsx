import { Link } from '@storefront/shared';
import { NewsletterSignup } from './NewsletterSignup';

/** Contact details, trading hours, links, the shop's disclosures and policies on every page, and the newsletter. */
export function Footer() {
  return (
    <footer className="shell-footer">
      <div className="sf-container shell-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <address>
            12 Jacaranda Street, Hatfield, Pretoria, 0083
            <br />
            <a href="tel:+27123456789">+27 12 345 6789</a>
            <br />
            <a href="mailto:hello@jacaranda.co.za">hello@jacaranda.co.za</a>
          </address>
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

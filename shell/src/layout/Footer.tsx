import { Link } from 'react-router-dom';

/** Contact details, trading hours and links (§1). */
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
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">Trading hours</h2>
          <p>Mon-Sun 9:00 AM - 8:00 PM</p>
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">Shop</h2>
          <ul>
            <li><Link to="/shop">All products</Link></li>
            <li><Link to="/shop?category=fashion">Fashion</Link></li>
            <li><Link to="/shop?category=electronics">Electronics</Link></li>
            <li><Link to="/cart">Cart</Link></li>
          </ul>
        </nav>
      </div>
      <p className="sf-container shell-footer__legal">© {new Date().getFullYear()} Jacaranda. Prices include VAT.</p>
    </footer>
  );
}

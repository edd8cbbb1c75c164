import { DELIVERY_FEE, formatRand, Link, Skeleton } from '@storefront/shared';
import { useGetShellDisclosuresQuery } from '../api/shopApi';
import './pages.css';

/** The shop's physical address as its configuration gives it (GET /shop/disclosures). */
function ShopAddress() {
  const { data: shop, isError } = useGetShellDisclosuresQuery();
  if (shop) return <span data-testid="about-address">{shop.address.join(', ')}.</span>;
  if (isError) return <Link to="/contact">Our address is on the contact page.</Link>;
  return <Skeleton width="16em" />;
}

/** /about: who the shop is, in the shop's own words. */
export function AboutPage() {
  return (
    <article className="sf-container shell-page">
      <h1>About Jacaranda</h1>
      <p className="shell-page__lead">
        Jacaranda is a family-run clothing and general shop from Pretoria, named after the trees that turn our streets purple
        every October. We started with a market stall in Hatfield and now deliver across South Africa.
      </p>
      <div className="shell-page__columns">
        <section aria-labelledby="about-what">
          <h2 id="about-what">What we sell</h2>
          <p>
            Everyday fashion (dresses, blouses, T-shirts and trousers), accessories and watches, headphones and other electronics, and
            toys. We choose every line ourselves and keep our prices honest: what you see, in Rand and including VAT, is what you pay.
          </p>
        </section>
        <section aria-labelledby="about-delivery">
          <h2 id="about-delivery">Delivery and collection</h2>
          <p>
            We deliver anywhere in the nine provinces for a flat {formatRand(DELIVERY_FEE)}, or you can collect your order from our shop for free.
            Pay by EFT or cash on delivery.
          </p>
        </section>
        <section aria-labelledby="about-visit">
          <h2 id="about-visit">Visit us</h2>
          <p>
            <ShopAddress /> We are open Mon-Sun 9:00 AM - 8:00 PM.
          </p>
        </section>
      </div>
      <p className="shell-page__actions">
        <Link className="sf-button" to="/shop">
          Browse the shop
        </Link>
        <Link className="sf-button sf-button--ghost" to="/contact">
          Get in touch
        </Link>
      </p>
    </article>
  );
}

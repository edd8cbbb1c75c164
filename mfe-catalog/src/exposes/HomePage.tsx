import { CategoryTiles } from '../features/home/CategoryTiles';
import { HOME_CAROUSELS } from '../features/home/homeQueries';
import { ProductCarousel } from '../features/home/ProductCarousel';
import { Link } from '@storefront/shared';
import '../features/home/home.css';

export { prefetchHomePage as prefetchPageData } from '../features/home/homeQueries';

/** The home page: a hero, the categories, and carousels of popular, new and on-sale products from the api. */
export default function HomePage() {
  return (
    <div className="cat-home">
      <section className="cat-hero" aria-labelledby="home-hero-title">
        <div className="sf-container cat-hero__inner">
          <div>
            <p className="cat-hero__eyebrow">New season</p>
            <h1 id="home-hero-title">Style and gear for every season</h1>
            <p>Clothing, electronics, accessories and toys, delivered across South Africa.</p>
            <div className="cat-hero__actions">
              <Link className="sf-button" to="/shop">
                Shop now
              </Link>
              <Link className="sf-button sf-button--ghost" to="/shop?on_sale=true">
                See the sale
              </Link>
            </div>
          </div>
        </div>
      </section>
      <div className="sf-container">
        <section aria-labelledby="home-categories-title" className="cat-section">
          <h2 id="home-categories-title">Shop by category</h2>
          <CategoryTiles />
        </section>
        <ProductCarousel
          title="Popular products"
          query={HOME_CAROUSELS.popular}
          viewAll="/shop?sort=popularity"
          empty={<p>Nothing is trending right now. <Link to="/shop">Browse the shop</Link></p>}
        />
        <ProductCarousel
          title="New arrivals"
          query={HOME_CAROUSELS.newArrivals}
          viewAll="/shop?is_new=true&sort=newest"
          empty={<p>No new arrivals this week. <Link to="/shop">Browse the shop</Link></p>}
        />
        <ProductCarousel
          title="On sale"
          query={HOME_CAROUSELS.onSale}
          viewAll="/shop?on_sale=true"
          empty={<p>Nothing is on sale right now. <Link to="/shop">Browse the shop</Link></p>}
        />
      </div>
    </div>
  );
}

import { useGetProductsQuery } from '@storefront/shared';
import { Link } from 'react-router-dom';
import { CategoryTiles } from '../features/home/CategoryTiles';
import { ProductGrid } from '../features/products/ProductGrid';
import '../features/catalog.css';

/** The home page: a hero, the categories, and products from the api. */
export default function HomePage() {
  const { data, isLoading, isError, refetch } = useGetProductsQuery({ limit: 8 });
  return (
    <div className="cat-home">
      <section className="cat-hero" aria-labelledby="home-hero-title">
        <div className="sf-container">
          <h1 id="home-hero-title">Style and gear for every season</h1>
          <p>Clothing, electronics, accessories and toys, delivered across South Africa.</p>
          <Link className="sf-button" to="/shop">
            Shop now
          </Link>
        </div>
      </section>
      <div className="sf-container">
        <section aria-labelledby="home-categories-title" className="cat-section">
          <h2 id="home-categories-title">Shop by category</h2>
          <CategoryTiles />
        </section>
        <section aria-labelledby="home-products-title" className="cat-section">
          <div className="cat-section__head">
            <h2 id="home-products-title">Featured products</h2>
            <Link to="/shop">View all</Link>
          </div>
          <ProductGrid
            label="Featured products"
            products={data?.products}
            isLoading={isLoading}
            isError={isError}
            onRetry={() => void refetch()}
            empty={
              <p>
                Nothing to show yet. <Link to="/shop">Browse the shop</Link>
              </p>
            }
          />
        </section>
      </div>
    </div>
  );
}

import { Embedded, emitStorefrontEvent, Link, Price, type Product, ProductImage, RatingBar, salePercentLabel } from '@storefront/shared';
import { useState } from 'react';
import type { CartAddToCartProps, CartWishlistToggleProps } from '../../embeds';
import type { ShopView } from '../shop/shopFilters';
import './productCards.css';

export function productPath(product: Product): string {
  return `/product?id=${encodeURIComponent(product.link)}`;
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * Out of stock, the product page's options, or the cart's one-tap Add to Cart (mfe-cart's
 * AddToCart, embedded: the cart team owns adding to the cart).
 */
function BuyAction({ product }: { product: Product }) {
  if (product.out_of_stock) return <p className="cat-card__stock">Out of stock</p>;
  if (product.has_variants) {
    return (
      <Link className="sf-button sf-button--ghost cat-card__action" to={productPath(product)} aria-label={`Select options for ${product.name}`}>
        Select options
      </Link>
    );
  }
  const props: CartAddToCartProps = { product, colour: null, size: null, place: 'card' };
  return (
    <div className="cat-card__action cat-card__buy">
      <Embedded remote="mfe-cart" module="AddToCart" props={props} unavailable={<p className="cat-card__unavailable">Cart unavailable</p>} />
    </div>
  );
}

/**
 * The cart's wishlist heart (mfe-cart's WishlistToggle, embedded: the cart team owns the wishlist).
 * A cart that cannot be had leaves no heart, rather than one that could not work; the rest of the
 * card, its quick view too, stays.
 */
function WishlistHeart({ product }: { product: Product }) {
  const props: CartWishlistToggleProps = { product, place: 'card' };
  return <Embedded remote="mfe-cart" module="WishlistToggle" props={props} unavailable={null} />;
}

/**
 * A product in a list: picture (the second one on hover), labels, name, R price, rating, and the
 * ways to buy, keep or look closer. `view="list"` lays it out as a row with the description.
 */
export function ProductCard({ product, view = 'grid', priority = false }: { product: Product; view?: ShopView; priority?: boolean }) {
  const saleLabel = salePercentLabel(product);
  const headingId = `product-card-${product.id}`;
  const [first, second] = product.small_pictures;
  // The second picture shows on hover or focus: it is fetched when first wanted, not beside every
  // card's first picture (a phone never hovers, and the first pictures load sooner alone).
  const [wantsSecond, setWantsSecond] = useState(false);
  const wantSecond = () => setWantsSecond(true);
  return (
    <article
      className={`cat-card cat-card--${view}${product.out_of_stock ? ' cat-card--sold-out' : ''}`}
      aria-labelledby={headingId}
      data-testid="product-card"
      onPointerEnter={wantSecond}
      onFocus={wantSecond}
    >
      <div className="cat-card__media">
        <Link to={productPath(product)} tabIndex={-1} aria-hidden="true" className="cat-card__pictures">
          <ProductImage
            picture={first}
            alt=""
            width={400}
            height={400}
            className="cat-card__picture"
            {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
          {second && wantsSecond && <ProductImage picture={second} alt="" width={400} height={400} className="cat-card__picture cat-card__picture--hover" />}
        </Link>
        <span className="cat-card__labels">
          {product.is_popular && <span className="sf-label sf-label--hot">HOT</span>}
          {saleLabel && <span className="sf-label sf-label--sale">{saleLabel}</span>}
          {product.is_new && <span className="sf-label sf-label--new">NEW</span>}
          {product.out_of_stock && <span className="sf-label cat-label--sold-out">Sold out</span>}
        </span>
        <div className="cat-card__tools">
          <WishlistHeart product={product} />
          <button
            type="button"
            className="cat-card__icon"
            aria-label={`Quick view ${product.name}`}
            onClick={() => emitStorefrontEvent('product:quick-view-requested', { productId: product.id })}
          >
            <EyeIcon />
          </button>
        </div>
      </div>
      <div className="cat-card__body">
        {product.categories[0] && <p className="cat-card__category">{product.categories[product.categories.length - 1]?.name}</p>}
        <h3 id={headingId} className="cat-card__name">
          <Link to={productPath(product)}>{product.name}</Link>
        </h3>
        <RatingBar rating={product.rating} />
        <Price product={product} />
        {view === 'list' && <p className="cat-card__description">{product.description || product.short_description}</p>}
        <BuyAction product={product} />
      </div>
    </article>
  );
}

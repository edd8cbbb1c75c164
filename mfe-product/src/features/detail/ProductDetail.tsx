import {
  Price,
  QuantityInput,
  RatingBar,
  MESSAGES,
  cartLineKey,
  clampQuantity,
  useAddToCart,
  useGetCartQuery,
  type Product,
} from '@storefront/shared';
import { useReducer } from 'react';
import { Link } from 'react-router-dom';
import { Gallery } from './Gallery';
import { addToCartBlocker, initialSelection, selectionReducer } from './selection';
import { WishlistButton } from './WishlistButton';

/**
 * Name, price, rating, stock, the variant pickers and the buttons that buy (§2, §4, §5).
 * Render it with `key={product.id}` once the cart is known: §4 resets colour, size and quantity
 * whenever the product changes, the quantity to what is already in the cart for that product.
 */
export function ProductDetail({ product }: { product: Product }) {
  const { data: cart } = useGetCartQuery();
  const [selection, dispatch] = useReducer(selectionReducer, undefined, () => {
    const inCart = cart?.find((line) => line.product_id === product.id.toLowerCase())?.qty;
    return { ...initialSelection, qty: inCart ? clampQuantity(inCart, product.available_stock) : 1 };
  });
  const [addToCart, { isLoading: adding }] = useAddToCart();

  const blocker = addToCartBlocker(product, selection);
  const colour = product.colours.find((item) => item.name === selection.colour) ?? null;
  const size = product.sizes.find((item) => item.name === selection.size) ?? null;
  const stockText = product.out_of_stock || product.available_stock < 1 ? 'Out of stock' : `${product.available_stock} in stock`;

  return (
    <div className="prd-layout">
      <Gallery product={product} />
      <div className="prd-info">
        <h1 className="prd-info__name">{product.name}</h1>
        <div className="prd-info__rating">
          <RatingBar rating={product.rating} />
          {product.reviews_count === 0 ? (
            <span>{MESSAGES.noReviews}</span>
          ) : (
            <span>
              {product.reviews_count} {product.reviews_count === 1 ? 'review' : 'reviews'}
            </span>
          )}
        </div>
        <p className="prd-info__price">
          <Price product={product} />
        </p>
        <p className="prd-info__short">{product.short_description}</p>
        <p className={`prd-info__stock ${product.out_of_stock ? 'prd-info__stock--out' : ''}`}>{stockText}</p>

        {product.has_variants && product.colours.length > 0 && (
          <fieldset className="prd-options">
            <legend>
              Colour{selection.colour ? `: ${selection.colour}` : ''}
            </legend>
            {product.colours.map((item) => (
              <button
                key={item.name}
                type="button"
                className="prd-swatch"
                style={{ backgroundColor: item.code }}
                aria-pressed={selection.colour === item.name}
                aria-label={item.name}
                title={item.name}
                onClick={() => dispatch({ type: 'colourClicked', colour: item.name })}
              />
            ))}
          </fieldset>
        )}
        {product.has_variants && product.sizes.length > 0 && (
          <fieldset className="prd-options">
            <legend>Size{size ? `: ${size.label}` : ''}</legend>
            {product.sizes.map((item) => (
              <button
                key={item.name}
                type="button"
                className="prd-size"
                aria-pressed={selection.size === item.name}
                aria-label={item.label}
                onClick={() => dispatch({ type: 'sizeClicked', size: item.name })}
              >
                {item.name.toUpperCase()}
              </button>
            ))}
          </fieldset>
        )}
        {product.has_variants && (
          <button type="button" className="prd-clear" onClick={() => dispatch({ type: 'cleared' })}>
            Clear
          </button>
        )}

        <div className="prd-buy">
          <QuantityInput
            value={selection.qty}
            max={product.available_stock}
            disabled={product.out_of_stock}
            onChange={(qty) => dispatch({ type: 'qtyChanged', qty })}
          />
          <button
            type="button"
            className="sf-button prd-buy__add"
            disabled={blocker !== null || adding}
            aria-describedby={blocker ? 'add-to-cart-blocker' : undefined}
            data-cart-key={cartLineKey(product, selection.colour, selection.size)}
            onClick={() => void addToCart({ product, colour, size, qty: selection.qty })}
          >
            {adding ? 'Adding…' : 'Add to Cart'}
          </button>
          <WishlistButton product={product} />
        </div>
        {blocker && (
          <p id="add-to-cart-blocker" className="prd-buy__hint">
            {blocker}
          </p>
        )}

        <dl className="prd-meta">
          <dt>SKU</dt>
          <dd>{product.sku}</dd>
          {product.categories.length > 0 && (
            <>
              <dt>{product.categories.length === 1 ? 'Category' : 'Categories'}</dt>
              <dd>
                {product.categories.map((category, index) => (
                  <span key={category.id}>
                    {index > 0 && ', '}
                    <Link to={`/shop?category=${encodeURIComponent(category.id)}`}>{category.name}</Link>
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
        {product.description && (
          <section className="prd-description" aria-labelledby="product-description">
            <h2 id="product-description">Description</h2>
            <p>{product.description}</p>
          </section>
        )}
      </div>
    </div>
  );
}

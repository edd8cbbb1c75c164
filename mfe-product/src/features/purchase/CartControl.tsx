import { Embedded, type Product } from '@storefront/shared';
import type { CartAddToCartProps } from '../../embeds';

/**
 * The cart's Add to Cart control (mfe-cart's AddToCart, embedded): the cart team owns adding to
 * the cart, its quantity and its messages. A cart that cannot be had leaves the product on show,
 * with a plain word in the control's place.
 */
export function CartControl({ product, colour, size, place, onChooseOptions }: Omit<CartAddToCartProps, 'product'> & { product: Product }) {
  const props: CartAddToCartProps = { product, colour, size, place, ...(onChooseOptions ? { onChooseOptions } : {}) };
  return (
    <Embedded
      remote="mfe-cart"
      module="AddToCart"
      props={props}
      unavailable={
        <p className={`prd-cart-unavailable prd-cart-unavailable--${place}`} role="status">
          Adding to the cart is unavailable right now.
        </p>
      }
      loading={<div className={`prd-cart-loading prd-cart-loading--${place}`} aria-hidden="true" />}
    />
  );
}

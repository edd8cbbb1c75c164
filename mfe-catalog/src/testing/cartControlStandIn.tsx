import type { Product } from '@storefront/shared';
import type { CartAddToCartProps } from '../embeds';

/**
 * The catalog team's tests stand the cart's AddToCart in with this (the cart team tests its own):
 * it shows what the card passes it.
 */
function CartControlStandIn({ product, place }: CartAddToCartProps) {
  return <output aria-label="Cart control">{`${place}: ${(product as Product).name}`}</output>;
}

export const CART_EMBEDS = { 'mfe-cart/AddToCart': CartControlStandIn };

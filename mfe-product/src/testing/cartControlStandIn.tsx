import type { Product } from '@storefront/shared';
import type { CartAddToCartProps } from '../embeds';

/**
 * The product team's tests stand the cart's AddToCart in with this (the cart team tests its own):
 * it shows what the page passes it, so a test reads the colour and size the shopper chose.
 */
function CartControlStandIn({ product, colour, size, place }: CartAddToCartProps) {
  return <output aria-label={`Cart control (${place})`}>{`${(product as Product).id} · ${colour ?? 'no colour'} · ${size ?? 'no size'}`}</output>;
}

export const CART_EMBEDS = { 'mfe-cart/AddToCart': CartControlStandIn };

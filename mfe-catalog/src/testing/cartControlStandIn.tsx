import { useGetWishlistQuery, type Product } from '@storefront/shared';
import type { CartAddToCartProps, CartWishlistToggleProps } from '../embeds';

/**
 * The catalog team's tests stand the cart's AddToCart (and its wishlist heart, below) in with these (the cart team tests its own):
 * it shows what the card passes it.
 */
function CartControlStandIn({ product, place }: CartAddToCartProps) {
  return <output aria-label="Cart control">{`${place}: ${(product as Product).name}`}</output>;
}

/**
 * The cart's wishlist heart stood in likewise: it shows the product the card passes it and, as the
 * heart does, reads whether that product is in the wishlist.
 */
function WishlistStandIn({ product, place }: CartWishlistToggleProps) {
  const { id, name } = product as Product;
  const { data: wishlist } = useGetWishlistQuery();
  const wished = wishlist?.some((item) => item.id === id) ?? false;
  return <output aria-label="Wishlist control">{`${place}: ${name}${wished ? ' (wished for)' : ''}`}</output>;
}

export const CART_EMBEDS = { 'mfe-cart/AddToCart': CartControlStandIn, 'mfe-cart/WishlistToggle': WishlistStandIn };

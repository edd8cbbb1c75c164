import { useGetWishlistQuery, type Product } from '@storefront/shared';
import type { CartAddToCartProps, CartWishlistToggleProps } from '../embeds';

/**
 * The product team's tests stand the cart's AddToCart (and its wishlist button, below) in with these (the cart team tests its own):
 * it shows what the page passes it, so a test reads the colour and size the shopper chose.
 */
function CartControlStandIn({ product, colour, size, place }: CartAddToCartProps) {
  return <output aria-label={`Cart control (${place})`}>{`${(product as Product).id} · ${colour ?? 'no colour'} · ${size ?? 'no size'}`}</output>;
}

/**
 * The cart's wishlist button stood in likewise: it shows the product the page passes it and, as
 * the button does, reads whether that product is in the wishlist.
 */
function WishlistStandIn({ product, place }: CartWishlistToggleProps) {
  const { id } = product as Product;
  const { data: wishlist } = useGetWishlistQuery();
  const wished = wishlist?.some((item) => item.id === id) ?? false;
  return <output aria-label={`Wishlist control (${place})`}>{`${id}${wished ? ' · wished for' : ''}`}</output>;
}

export const CART_EMBEDS = { 'mfe-cart/AddToCart': CartControlStandIn, 'mfe-cart/WishlistToggle': WishlistStandIn };

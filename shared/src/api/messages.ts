/** The toast and popup texts shoppers read (docs/behaviour.md#messages). */
export const MESSAGES = {
  addedToCart: 'has been added to cart',
  errorAddingToCart: 'error adding to cart',
  removedFromCart: 'has been removed from cart',
  errorRemovingFromCart: 'error removing from cart',
  addedToWishlist: 'has been added to wishlist',
  errorAddingToWishlist: 'error adding to wishlist',
  removedFromWishlist: 'has been removed from wishlist',
  errorRemovingFromWishlist: 'error removing from wishlist',
  wishlistPopup: 'Product added!',
  emptyCart: 'No products in the cart.',
  emptyWishlist: 'No products in the wishlist.',
  noReviews: 'There are no reviews yet.',
  imageFailed: 'This image failed to load',
} as const;

/**
 * Toasts for adds that meet the stock (the product page's "Update cart"
 * has its own in mfe-product): each says what happened to the cart, never "added" when nothing was.
 */
export const CART_MESSAGES = {
  holdsAllStock: (name: string, qty: number) => `Your cart already holds all ${qty} of ${name} we have: nothing more was added.`,
  addedUpToStock: (name: string, added: number, qty: number) =>
    `Only ${added} more of ${name} could be added: your cart now holds all ${qty} we have.`,
} as const;


/** Toast and popup texts of the spec's error catalogue (§8). */
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

/**
 * What mfe-cart adds to the one store. Each release publishes it (contract.json) and release
 * managers' checks refuse two remotes claiming one name; contract.test.ts keeps it true.
 */
export const CONTRACT = {
  slices: [] as string[],
  endpoints: ['addToCart', 'addToWishlist', 'getPaymentMethods', 'placeOrder', 'removeFromCart', 'removeFromWishlist', 'updateCartLine'],
};

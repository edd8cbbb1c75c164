/**
 * The wishlist's writes: adding a product and removing one, the cart team's own endpoints on the
 * one api slice. Reading the wishlist (`getWishlist`, tag 'Wishlist') stays in shared, because the
 * platform reads it too: every page the server draws counts the shopper's lists in the header.
 */
import { baseApi, type Product } from '@storefront/shared';

export const wishlistApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A wishlist item is added by its id: the product itself is sent. Once the api has taken it, the
     * wishlist already read holds it at once, so no control shows it missing while the list is read again.
     */
    addToWishlist: build.mutation<Product, Product>({
      query: (product) => ({ url: 'wishlist', method: 'POST', body: product }),
      async onQueryStarted(product, { dispatch, queryFulfilled }) {
        const added = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!added) return;
        dispatch(
          baseApi.util.updateQueryData('getWishlist', undefined, (wishlist) => {
            if (!wishlist.some((item) => item.id === product.id)) wishlist.push(product);
          }),
        );
      },
      invalidatesTags: ['Wishlist'],
    }),
    /** Removes a product by its id, at once, put back if the api refuses. */
    removeFromWishlist: build.mutation<Product, string>({
      query: (id) => ({ url: `wishlist/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(baseApi.util.updateQueryData('getWishlist', undefined, (wishlist) => wishlist.filter((product) => product.id !== id)));
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Wishlist'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAddToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;

/**
 * The cart's writes: adding to it, setting a line's quantity and removing a line, the cart team's
 * own endpoints on the one api slice. Reading the cart (`getCart`) stays in shared, because the
 * platform reads it too: the server draws the header's counts and the shell asks for it early.
 */
import { baseApi, cartLineKey, effectivePrice, type CartItem, type CartItemPayload, type Colour, type Product, type Size } from '@storefront/shared';

export interface AddToCartArgs {
  product: Product;
  colour?: Colour | null;
  size?: Size | null;
  qty: number;
}

/**
 * What is sent to add to the cart: the line's key (product, colour and size: `cartLineKey`, which
 * the api checks), the quantity, and for a product with variants the size, colour and colour code
 * chosen. The name, price and pictures go too: the api builds the line from its catalogue anyway.
 */
export function cartPayload({ product, colour, size, qty }: AddToCartArgs): CartItemPayload {
  const payload: CartItemPayload = {
    id: cartLineKey(product, colour?.name, size?.name),
    name: product.name,
    price: effectivePrice(product),
    has_variants: product.has_variants,
    small_pictures: product.small_pictures,
    qty,
  };
  if (product.has_variants) {
    if (size) payload.size = size.name;
    if (colour) {
      payload.colour = colour.name;
      payload.colour_code = colour.code;
    }
  }
  return payload;
}

export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One POST that adds `qty` to the line on the api, in one statement, and answers the line as
     * that add left it (capped at the stock). Reading the line and writing the sum back would let
     * adds from several tabs at once overwrite each other and lose units
     * (docs/decisions/0001-atomic-cart-adds.md).
     */
    addToCart: build.mutation<CartItem, AddToCartArgs>({
      query: (args) => ({ url: 'cart', method: 'POST', body: cartPayload(args) }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        // Show the new line at once (the badge counts it); the invalidation then refreshes from the api.
        const { data: line } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!line) return;
        dispatch(
          baseApi.util.updateQueryData('getCart', undefined, (cart) => {
            const index = cart.findIndex((item) => item.id === line.id);
            if (index === -1) cart.push(line);
            else cart[index] = line;
          }),
        );
      },
      invalidatesTags: ['Cart'],
    }),
    /** Sets a line's quantity (the cart page's steppers, Update cart), shown at once and undone if the api refuses. */
    updateCartLine: build.mutation<CartItem, { line: CartItem; qty: number }>({
      query: ({ line, qty }) => ({
        url: `cart/${encodeURIComponent(line.id)}`,
        method: 'PATCH',
        body: {
          id: line.id,
          name: line.name,
          price: line.price,
          has_variants: line.has_variants,
          small_pictures: line.small_pictures,
          qty,
          ...(line.size ? { size: line.size } : {}),
          ...(line.colour ? { colour: line.colour } : {}),
          ...(line.colour_code ? { colour_code: line.colour_code } : {}),
        },
      }),
      async onQueryStarted({ line, qty }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          baseApi.util.updateQueryData('getCart', undefined, (cart) => {
            const item = cart.find((candidate) => candidate.id === line.id);
            if (item) item.qty = qty;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Cart'],
    }),
    /** Removes a line, at once, put back if the api refuses. */
    removeFromCart: build.mutation<CartItem, CartItem>({
      query: (line) => ({ url: `cart/${encodeURIComponent(line.id)}`, method: 'DELETE' }),
      async onQueryStarted(line, { dispatch, queryFulfilled }) {
        const patch = dispatch(baseApi.util.updateQueryData('getCart', undefined, (cart) => cart.filter((item) => item.id !== line.id)));
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Cart'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useAddToCartMutation, useUpdateCartLineMutation, useRemoveFromCartMutation } = cartApi;

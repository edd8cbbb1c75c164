/**
 * What this remote's pages pass the modules of other remotes they embed: its side of the contract
 * with them, which release managers' checks compile against each release's declared props
 * (scripts/lib/exposedProps.ts), as they do the shell's. Written out, free of imports.
 */
export interface CartAddToCartProps {
  /** The product shown (shared's Product: both sides take it from the same @storefront/shared, which compose checks on its own). */
  product: unknown;
  colour: string | null;
  size: string | null;
  place: 'panel' | 'bar';
  onChooseOptions?: () => void;
}

export interface CartWishlistToggleProps {
  /** The product shown, as for Add to Cart. */
  product: unknown;
  place: 'page';
}

export interface EmbeddedModuleProps {
  'mfe-cart/AddToCart': CartAddToCartProps;
  'mfe-cart/WishlistToggle': CartWishlistToggleProps;
}

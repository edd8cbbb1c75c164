/**
 * The cart's Add to Cart control, which other remotes' pages embed (the product page's detail
 * panel, its sticky bar and the quick view): the cart team owns adding to the cart wherever it
 * appears, so a change to adding ships with a release of the cart alone.
 */
import { AddToCart, type AddToCartProps } from '../features/purchase/AddToCart';

export type { AddToCartProps };
export default AddToCart;

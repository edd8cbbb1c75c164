/**
 * The count of the shopper's cart or wishlist, which the shell's bottom quick links show beside
 * their links: the cart team owns how its lists are counted and said.
 */
import { ListCount, type ListCountProps } from '../features/header/ListCount';

export type { ListCountProps };
export default ListCount;

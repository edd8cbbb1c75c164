/**
 * The header's wishlist and cart buttons, their counts and their dropdowns, which the shell's
 * header shows: the cart team owns them, so a change to them ships with a release of the cart alone.
 */
import { HeaderLists } from '../features/header/HeaderLists';

export default HeaderLists;

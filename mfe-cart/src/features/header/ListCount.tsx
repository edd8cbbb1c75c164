/**
 * How much one of the shopper's lists holds, for the shell's bottom quick links on phones: the
 * badge, and the words a screen reader says after the link's name (", 2 items").
 */
import { useGetCartQuery, useGetWishlistQuery } from '@storefront/shared';
import { countCartItems, countWishlistItems, items, type List } from './listCounts';

export interface ListCountProps {
  list: List;
}

export function ListCount({ list }: ListCountProps) {
  const cart = useGetCartQuery(undefined, { skip: list !== 'cart', selectFromResult: countCartItems });
  const wishlist = useGetWishlistQuery(undefined, { skip: list !== 'wishlist', selectFromResult: countWishlistItems });
  const { count } = list === 'cart' ? cart : wishlist;
  return (
    <>
      <span className="sf-badge" aria-hidden="true">
        {count}
      </span>
      <span className="sf-visually-hidden">{`, ${items(count)}`}</span>
    </>
  );
}

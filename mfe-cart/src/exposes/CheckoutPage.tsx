import { MESSAGES, Skeleton, useAppSelector, useGetCartQuery } from '@storefront/shared';
import { useState, type ReactNode } from 'react';
import { CheckoutForm } from '../features/checkout/CheckoutForm';
import { BackToShopNotice } from '../features/lists/BackToShopNotice';
import '../features/cart.css';
import '../features/checkout/checkout.css';

/**
 * /checkout: the two steps that place an order from the shopper's cart (details, then the review
 * of the whole order), or why the cart cannot be checked out yet.
 */
export default function CheckoutPage() {
  // A cart changed in another tab shows here once the shopper comes back to this one.
  const { data: cart, isLoading, refetch } = useGetCartQuery(undefined, { refetchOnFocus: true });
  // The cart falls back to a sample when the api is down; nobody can order a sample.
  const cartIsSample = useAppSelector((state) => state.sampleData.endpoints.includes('getCart'));
  // Once the order is placed the cart empties at once, while the confirmation page is still on its
  // way: the shopper who just paid must not read "No products in the cart" in between.
  const [placed, setPlaced] = useState(false);

  if (placed) {
    return (
      <div className="sf-container chk-page" aria-busy="true">
        <h1>Checkout</h1>
        <p role="status">Your order is placed. Opening your confirmation…</p>
        <Skeleton height="280px" />
      </div>
    );
  }

  if (isLoading) {
    return (
      <div className="sf-container chk-page" aria-busy="true">
        <h1>Checkout</h1>
        <Skeleton height="280px" />
      </div>
    );
  }
  let unavailable: ReactNode = null;
  if (cartIsSample) {
    unavailable = (
      <div className="sf-notice" role="alert">
        <p>We cannot reach the shop right now, so your cart cannot be checked out. Nothing has been ordered.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!cart || cart.length === 0) {
    unavailable = (
      <BackToShopNotice>
        <p>{MESSAGES.emptyCart}</p>
        <p>Add something you like, then come back here to check out.</p>
      </BackToShopNotice>
    );
  }
  // The form stays while the cart is unavailable, so what the shopper typed is still there when it is back.
  return (
    <div className="sf-container chk-page">
      <h1>Checkout</h1>
      <CheckoutForm cart={cart ?? []} unavailable={unavailable} onPlaced={() => setPlaced(true)} />
    </div>
  );
}

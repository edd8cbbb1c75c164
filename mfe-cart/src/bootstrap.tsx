import '@storefront/shared/styles.css';
import { Route, Routes } from '@storefront/shared';
import { mountStandalone } from '@storefront/shared/standalone';
import CartDropdown from './exposes/CartDropdown';
import CartPage from './exposes/CartPage';
import CheckoutPage from './exposes/CheckoutPage';
import MiniPopup from './exposes/MiniPopup';
import OrderCompletePage from './exposes/OrderCompletePage';
import WishlistDropdown from './exposes/WishlistDropdown';
import WishlistPage from './exposes/WishlistPage';

const noop = () => undefined;

mountStandalone({
  name: 'mfe-cart',
  links: [
    { to: '/cart', label: 'Cart page' },
    { to: '/wishlist', label: 'Wishlist page' },
    { to: '/checkout', label: 'Checkout' },
    { to: '/dropdowns', label: 'Dropdowns' },
  ],
  children: (
    <>
      <MiniPopup />
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/wishlist" element={<WishlistPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/checkout/complete/:id" element={<OrderCompletePage />} />
        <Route
          path="*"
          element={
            <div className="sf-container" style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', padding: 24 }}>
              <CartDropdown onClose={noop} />
              <WishlistDropdown onClose={noop} />
            </div>
          }
        />
      </Routes>
    </>
  ),
});

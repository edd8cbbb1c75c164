import '@storefront/shared/styles.css';
import { mountStandalone } from '@storefront/shared';
import { Route, Routes } from 'react-router-dom';
import CartDropdown from './exposes/CartDropdown';
import CartPage from './exposes/CartPage';
import WishlistDropdown from './exposes/WishlistDropdown';

const noop = () => undefined;

mountStandalone({
  name: 'mfe-cart',
  links: [
    { to: '/cart', label: 'Cart page' },
    { to: '/dropdowns', label: 'Dropdowns' },
  ],
  children: (
    <Routes>
      <Route path="/cart" element={<CartPage />} />
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
  ),
});

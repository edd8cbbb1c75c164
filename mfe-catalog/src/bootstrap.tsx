import '@storefront/shared/styles.css';
import { Route, Routes } from '@storefront/shared';
import { mountStandalone } from '@storefront/shared/standalone';
import HomePage from './exposes/HomePage';
import ShopPage from './exposes/ShopPage';

mountStandalone({
  name: 'mfe-catalog',
  links: [
    { to: '/', label: 'Home' },
    { to: '/shop', label: 'Shop' },
  ],
  children: (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/shop/*" element={<ShopPage />} />
    </Routes>
  ),
});

import '@storefront/shared/styles.css';
import { mountStandalone } from '@storefront/shared';
import { Route, Routes } from 'react-router-dom';
import ProductPage from './exposes/ProductPage';

mountStandalone({
  name: 'mfe-product',
  links: [
    { to: '/product?id=1', label: 'Product 1' },
    { to: '/product?id=2', label: 'Product 2' },
  ],
  children: (
    <Routes>
      <Route path="/product/*" element={<ProductPage />} />
      <Route path="*" element={<ProductPage />} />
    </Routes>
  ),
});

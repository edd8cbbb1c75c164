import '@storefront/shared/styles.css';
import { Route, Routes, useParams } from '@storefront/shared';
import { mountStandalone } from '@storefront/shared/standalone';
import ProductPage from './exposes/ProductPage';
import QuickView from './exposes/QuickView';

mountStandalone({
  name: 'mfe-product',
  links: [
    { to: '/product?id=1', label: 'Product 1' },
    { to: '/product/sticky-both/1', label: 'Sticky both' },
    { to: '/quick-view/2', label: 'Quick view 2' },
  ],
  children: (
    <Routes>
      <Route path="/product/*" element={<ProductPage />} />
      <Route path="/quick-view/:id" element={<QuickViewPreview />} />
      <Route path="*" element={<ProductPage />} />
    </Routes>
  ),
});

function QuickViewPreview() {
  const { id = '' } = useParams();
  return (
    <div className="prd-container" style={{ maxWidth: 960, paddingTop: 24 }}>
      <QuickView productId={id} />
    </div>
  );
}

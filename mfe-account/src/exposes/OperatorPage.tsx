import { Link, Navigate, Route, Routes, useLocation } from '@storefront/shared';
import { OperatorGate } from '../features/operator/OperatorAccess';
import { OperatorOrderDetail } from '../features/operator/OperatorOrderDetail';
import { OperatorOrderList } from '../features/operator/OperatorOrderList';
import { OperatorProductList } from '../features/operator/products/OperatorProductList';
import { EditProductPage, NewProductPage } from '../features/operator/products/ProductPages';
import '../features/account.css';
import '../features/operator/operator.css';

/**
 * The operator's two parts, on every page of them. A part's own list is the page ("page"); a page
 * inside it (an order, a product) is where the operator is ("true").
 */
function OperatorNav() {
  const { pathname } = useLocation();
  const inProducts = pathname === '/operator/products' || pathname.startsWith('/operator/products/');
  const current = (part: 'orders' | 'products', home: string) => {
    if ((part === 'products') !== inProducts) return undefined;
    return pathname.replace(/\/$/, '') === home ? 'page' : 'true';
  };
  return (
    <nav className="op-nav" aria-label="Operator pages">
      <ul>
        <li>
          <Link to="/operator" aria-current={current('orders', '/operator')}>
            Orders
          </Link>
        </li>
        <li>
          <Link to="/operator/products" aria-current={current('products', '/operator/products')}>
            Products
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * /operator/*: the shop's operators' side. /operator lists the orders (?status=&q=&page=),
 * /operator/orders/:number moves one; /operator/products lists the products (?q=&page=),
 * /operator/products/new and /operator/products/:id edit one (the catalogue role, which the api
 * checks). Anyone else is told to sign in, or that it is not for them.
 */
export default function OperatorPage() {
  return (
    <div className="sf-container acc-page op-page">
      <OperatorGate>
        <OperatorNav />
        <Routes>
          <Route index element={<OperatorOrderList />} />
          <Route path="orders/:number" element={<OperatorOrderDetail />} />
          <Route path="products" element={<OperatorProductList />} />
          <Route path="products/new" element={<NewProductPage />} />
          <Route path="products/:id" element={<EditProductPage />} />
          <Route path="*" element={<Navigate to="/operator" replace />} />
        </Routes>
      </OperatorGate>
    </div>
  );
}

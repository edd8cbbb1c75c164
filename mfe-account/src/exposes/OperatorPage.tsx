import { Navigate, Route, Routes } from '@storefront/shared';
import { OperatorGate } from '../features/operator/OperatorAccess';
import { OperatorOrderDetail } from '../features/operator/OperatorOrderDetail';
import { OperatorOrderList } from '../features/operator/OperatorOrderList';
import '../features/account.css';
import '../features/operator/operator.css';

/**
 * /operator/*: the shop's operators' side of the orders: /operator lists them (?status=&q=&page=),
 * /operator/orders/:number moves one. Anyone else is told to sign in, or that it is not for them.
 */
export default function OperatorPage() {
  return (
    <div className="sf-container acc-page op-page">
      <OperatorGate>
        <Routes>
          <Route index element={<OperatorOrderList />} />
          <Route path="orders/:number" element={<OperatorOrderDetail />} />
          <Route path="*" element={<Navigate to="/operator" replace />} />
        </Routes>
      </OperatorGate>
    </div>
  );
}

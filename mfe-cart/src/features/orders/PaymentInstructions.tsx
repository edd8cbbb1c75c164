import { formatRand, type Order } from '@storefront/shared';
import { SAMPLE_BANK_DETAILS } from './bankDetails';

/** How to pay: the EFT details with the order number as the reference, or cash on delivery or collection. */
export function PaymentInstructions({ order }: { order: Order }) {
  if (order.payment_method === 'cod') {
    return (
      <p>
        Pay <strong>{formatRand(order.total)}</strong> in cash{' '}
        {order.delivery_method === 'delivery' ? 'to the courier when your order arrives' : 'at the store when you collect your order'}.
      </p>
    );
  }
  return (
    <>
      <p>
        Please pay <strong>{formatRand(order.total)}</strong> by EFT into the account below. Use your order number as the payment
        reference, so we can match your payment: we send your order once it reflects.
      </p>
      <p className="chk-reference">
        Payment reference: <strong data-testid="payment-reference">{order.number}</strong>
      </p>
      <div className="chk-bank">
        <p className="chk-bank__title">
          Bank details <span className="chk-sample-badge">Sample details: not a real account, do not pay into it</span>
        </p>
        <dl>
          <dt>Bank</dt>
          <dd>{SAMPLE_BANK_DETAILS.bank}</dd>
          <dt>Account holder</dt>
          <dd>{SAMPLE_BANK_DETAILS.accountHolder}</dd>
          <dt>Account number</dt>
          <dd>{SAMPLE_BANK_DETAILS.accountNumber}</dd>
          <dt>Account type</dt>
          <dd>{SAMPLE_BANK_DETAILS.accountType}</dd>
          <dt>Branch code</dt>
          <dd>{SAMPLE_BANK_DETAILS.branchCode}</dd>
          <dt>Reference</dt>
          <dd>{order.number}</dd>
        </dl>
      </div>
    </>
  );
}

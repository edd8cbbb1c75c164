import { formatRand, Link, type Order } from '@storefront/shared';

/** How to pay: the shop's EFT details with the order number as the reference, or cash on delivery or collection. */
export function PaymentInstructions({ order }: { order: Order }) {
  if (order.payment_method === 'cod') {
    return (
      <p>
        Pay <strong>{formatRand(order.total)}</strong> in cash{' '}
        {order.delivery_method === 'delivery' ? 'to the courier when your order arrives' : 'at the store when you collect your order'}.
      </p>
    );
  }
  const eft = order.eft_payment;
  return (
    <>
      <p>
        Please pay <strong>{formatRand(order.total)}</strong> by EFT{eft ? ' into the account below' : ''}. Use your order number as the payment
        reference, so we can match your payment: we send your order once it reflects.
      </p>
      <p className="chk-reference">
        Payment reference: <strong data-testid="payment-reference">{order.number}</strong>
      </p>
      {eft ? (
        <div className="chk-bank">
          <p className="chk-bank__title">Bank details</p>
          <dl data-testid="bank-details">
            <dt>Bank</dt>
            <dd>{eft.bank}</dd>
            <dt>Account holder</dt>
            <dd>{eft.account_holder}</dd>
            <dt>Account number</dt>
            <dd>{eft.account_number}</dd>
            {eft.account_type && (
              <>
                <dt>Account type</dt>
                <dd>{eft.account_type}</dd>
              </>
            )}
            <dt>Branch code</dt>
            <dd>{eft.branch_code}</dd>
            <dt>Reference</dt>
            <dd>{eft.reference}</dd>
          </dl>
        </div>
      ) : (
        <p className="sf-notice" role="note">
          Our bank details are not on hand just now. <Link to="/contact">Contact us</Link> for them, and do not pay into any other account.
        </p>
      )}
    </>
  );
}

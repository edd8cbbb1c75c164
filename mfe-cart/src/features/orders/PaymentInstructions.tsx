import { formatRand, Link, type Order } from '@storefront/shared';

/** When the payment window closes, as a shopper here reads it: 29 Nov 2026, 14:05 (shop time). */
const PAY_BY = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

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
      {order.pay_by && (
        <p data-testid="pay-by">
          We hold your order until <strong>{PAY_BY.format(new Date(order.pay_by))}</strong>. If the payment has not reflected by then, the
          order expires and its items go back on the shelf.
        </p>
      )}
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

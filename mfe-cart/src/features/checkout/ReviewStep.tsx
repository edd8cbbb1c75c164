import { type CartItem, formatRand, ProductImage, useGetCartQuery } from '@storefront/shared';
import { orderTotals } from '@storefront/shared/domain';
import type { FormEvent, ReactNode, Ref } from 'react';
import { lineTotal, variantText } from '../cart/CartLineRow';
import { CheckoutProblemNotice } from './CheckoutProblemNotice';
import type { CheckoutProblem } from './checkoutProblem';
import { paymentMethodLabel, type CheckoutValues } from './checkoutValues';
import { NewTabLink } from './NewTabLink';
import { TotalsList } from './TotalsList';

/** The fields a "Change" in the review takes the shopper back to. */
export type ChangeTarget = 'first_name' | 'marketing_consent' | 'delivery_method' | 'street' | 'payment_method';

/** The shop's policies, served by the shell; read before the order is placed. */
export const POLICY_LINKS = [
  { href: '/legal/returns', label: 'Returns and refunds policy' },
  { href: '/legal/delivery', label: 'Delivery policy' },
  { href: '/legal/privacy', label: 'Privacy policy' },
  { href: '/legal/payment', label: 'Payment policy' },
] as const;

function ReviewPart({ id, title, change, children }: { id: string; title: string; change: ReactNode; children: ReactNode }) {
  return (
    <section className="chk-review-part" aria-labelledby={id}>
      <div className="chk-review-part__head">
        <h3 id={id}>{title}</h3>
        {change}
      </div>
      {children}
    </section>
  );
}

/** "Change", named for screen readers by what it changes ("Change delivery address"). */
function ChangeButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button type="button" className="crt-link-button chk-change" onClick={onClick}>
      Change<span className="sf-visually-hidden"> {what}</span>
    </button>
  );
}

/** A line as it will be ordered: no links away from the checkout, so nothing typed is lost. */
function ReviewLine({ line }: { line: CartItem }) {
  const variant = variantText(line);
  return (
    <li className="crt-line chk-review-line" data-testid="review-line">
      <span className="crt-line__thumb">
        <ProductImage picture={line.small_pictures[0]} alt="" width={78} height={78} />
      </span>
      <div className="crt-line__info">
        <span className="crt-line__name">{line.name}</span>
        {variant && <span className="crt-line__variant">{variant}</span>}
        <span className="crt-line__qty">
          Quantity {line.qty} × {formatRand(line.price)}
        </span>
        {line.qty > line.available_stock && (
          <span className="chk-stock-warning">
            Only {line.available_stock} left. <NewTabLink href="/cart">Update your cart</NewTabLink>
          </span>
        )}
      </div>
      <span className="crt-line__total">
        <span className="sf-visually-hidden">Line total </span>
        {formatRand(lineTotal(line))}
      </span>
    </li>
  );
}

interface ReviewStepProps {
  cart: readonly CartItem[];
  values: CheckoutValues;
  submitting: boolean;
  problem: CheckoutProblem | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onChange: (target: ChangeTarget | null) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The second step: the whole order as it will be placed (lines, delivery and its cost, totals with
 * the VAT they include, payment, address or collection, contact, the marketing choice), each part
 * with a way back to change it, the shop's policies, and the one button that places the order.
 * The cart is asked for again when the step opens and whenever the tab comes back into focus, so
 * a cart changed in another tab shows here as it is.
 */
export function ReviewStep({ cart, values, submitting, problem, onSubmit, onChange, headingRef }: ReviewStepProps) {
  useGetCartQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const collecting = values.delivery_method === 'collect';
  const method = collecting ? 'collect' : 'delivery';
  const totals = orderTotals(cart, method);
  const payment = paymentMethodLabel(values.payment_method, collecting);
  const units = cart.reduce((sum, line) => sum + line.qty, 0);

  return (
    <>
      <h2 id="checkout-review-heading" className="chk-step-heading" ref={headingRef} tabIndex={-1}>
        Review your order
      </h2>
      <p className="chk-review-intro">Check your order below. Use Change to correct anything before you place it.</p>
      <form className="chk-layout" onSubmit={onSubmit} noValidate aria-labelledby="checkout-review-heading">
        <div className="chk-main chk-review">
          <ReviewPart
            id="review-items"
            title={`Your items (${units})`}
            change={
              <NewTabLink href="/cart" className="chk-change">
                Change<span className="sf-visually-hidden"> your items in the cart</span>
              </NewTabLink>
            }
          >
            <ul className="crt-lines chk-review__lines" aria-label="Items in your order">
              {cart.map((line) => (
                <ReviewLine key={line.id} line={line} />
              ))}
            </ul>
            <p className="chk-review-hint">Changes you make in the cart show here when you come back to this tab.</p>
          </ReviewPart>

          <ReviewPart id="review-delivery-heading" title="Delivery" change={<ChangeButton what="how you get your order" onClick={() => onChange('delivery_method')} />}>
            <p data-testid="review-delivery">
              {collecting ? 'Collect in store: free. We will tell you when your order is ready to fetch from our store.' : `Deliver to my door: ${formatRand(totals.delivery)}`}
            </p>
          </ReviewPart>

          {!collecting && (
            <ReviewPart id="review-address-heading" title="Delivery address" change={<ChangeButton what="delivery address" onClick={() => onChange('street')} />}>
              <address data-testid="review-address">
                {values.first_name.trim()} {values.last_name.trim()}
                <br />
                {values.street.trim()}
                <br />
                {values.suburb.trim()}
                <br />
                {values.city.trim()}, {values.province}
                <br />
                {values.postal_code}
              </address>
            </ReviewPart>
          )}

          <ReviewPart id="review-payment-heading" title="Payment" change={<ChangeButton what="payment method" onClick={() => onChange('payment_method')} />}>
            <p data-testid="review-payment">
              {payment}
              {values.payment_method === 'eft' && <span className="chk-review-note">Once the order is placed, we show you our bank details and your payment reference.</span>}
            </p>
          </ReviewPart>

          <ReviewPart id="review-contact-heading" title="Contact details" change={<ChangeButton what="contact details" onClick={() => onChange('first_name')} />}>
            <p data-testid="review-contact">
              {values.first_name.trim()} {values.last_name.trim()}
              <br />
              {values.email.trim()}
              <br />
              {values.phone}
            </p>
          </ReviewPart>

          <ReviewPart id="review-marketing-heading" title="News and offers" change={<ChangeButton what="news and offers by email" onClick={() => onChange('marketing_consent')} />}>
            <p data-testid="review-marketing">
              {values.marketing_consent
                ? 'Yes, email me news and offers. We will first email you to confirm.'
                : 'No news or offers by email.'}
            </p>
          </ReviewPart>
        </div>

        <section className="chk-summary chk-summary--review" aria-labelledby="review-total-heading">
          <h3 id="review-total-heading">Total</h3>
          <TotalsList totals={totals} deliveryMethod={method} />
          <div className="chk-policies">
            <p id="review-policies">Please read our policies before you place your order:</p>
            <ul aria-labelledby="review-policies">
              {POLICY_LINKS.map((policy) => (
                <li key={policy.href}>
                  <NewTabLink href={policy.href}>{policy.label}</NewTabLink>
                </li>
              ))}
            </ul>
          </div>
          <p className="chk-place-note" data-testid="review-commitment">
            Placing your order means you agree to buy these items and to pay {formatRand(totals.total)} ({payment}).
          </p>
          {problem && <CheckoutProblemNotice problem={problem} />}
          <button type="submit" className="sf-button chk-place" disabled={submitting}>
            {submitting && <span className="chk-spinner" aria-hidden="true" />}
            {submitting ? 'Placing your order…' : 'Place order'}
          </button>
          <p className="sf-visually-hidden" role="status">
            {submitting ? 'Placing your order…' : ''}
          </p>
          <button type="button" className="sf-button sf-button--ghost chk-place chk-back" onClick={() => onChange(null)}>
            Back to your details
          </button>
        </section>
      </form>
    </>
  );
}

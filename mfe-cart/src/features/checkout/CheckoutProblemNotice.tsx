import { Link } from '@storefront/shared';
import type { CheckoutProblem } from './checkoutProblem';
import { NewTabLink } from './NewTabLink';

function ProblemText({ problem }: { problem: CheckoutProblem }) {
  switch (problem.kind) {
    case 'insufficient_stock':
      return (
        <>
          <p>Sorry, we no longer have enough stock for your whole order. Nothing was ordered or charged.</p>
          <ul>
            {problem.lines.map((line) => (
              <li key={line.id}>
                {line.name}: you asked for {line.requested}, {line.available === 0 ? 'it is sold out' : `only ${line.available} left`}.
              </li>
            ))}
          </ul>
          <p>
            <NewTabLink href="/cart">Update your cart</NewTabLink>, then come back to this tab to place your order.
          </p>
        </>
      );
    case 'empty_cart':
      return (
        <p>
          Your cart is empty, so there is nothing to order. If you just placed this order, <Link to="/shop">carry on shopping</Link>.
        </p>
      );
    case 'cart_changed':
      return (
        <p>
          Your cart changed while you were reviewing your order, so nothing was ordered. This review now shows your cart as it is: check it, then
          place your order.
        </p>
      );
    case 'refused':
      return <p>We could not place your order: {problem.message}</p>;
    case 'unconfirmed':
      return <p>We could not confirm your order just now. Please try again: you will not be charged twice.</p>;
  }
}

/** Why the order was not placed, announced and focused so the shopper hears it at once. */
export function CheckoutProblemNotice({ problem }: { problem: CheckoutProblem }) {
  return (
    <div className="sf-form-error chk-problem" role="alert" tabIndex={-1} data-testid="checkout-problem">
      <ProblemText problem={problem} />
    </div>
  );
}

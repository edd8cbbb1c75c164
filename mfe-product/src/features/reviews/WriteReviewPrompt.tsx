import { emitStorefrontEvent } from '@storefront/shared';

/**
 * Accounts are not open yet (a later issue), so every shopper is signed out: the way to write a
 * review is to sign in, which the account remote's login modal offers.
 */
export function WriteReviewPrompt() {
  return (
    <div className="prd-write-review">
      <p>Only signed-in shoppers can write a review.</p>
      <button type="button" className="sf-button sf-button--ghost" onClick={() => emitStorefrontEvent('account:login-requested', {})}>
        Sign in to write a review
      </button>
    </div>
  );
}

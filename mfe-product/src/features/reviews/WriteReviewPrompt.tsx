import { emitStorefrontEvent, selectSignedIn, useAppSelector, type Product } from '@storefront/shared';
import { ReviewForm } from './ReviewForm';

/** Signed in: the review form. Signed out: the way to sign in, through the account remote's login modal. */
export function WriteReviewPrompt({ product }: { product: Product }) {
  const signedIn = useAppSelector(selectSignedIn);
  if (signedIn) return <ReviewForm product={product} />;
  return (
    <div className="prd-write-review">
      <p>Only signed-in shoppers can write a review.</p>
      <button type="button" className="sf-button sf-button--ghost" onClick={() => emitStorefrontEvent('account:login-requested', {})}>
        Sign in to write a review
      </button>
    </div>
  );
}

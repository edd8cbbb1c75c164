import { baseApi, type CartItem, randomId, useAppDispatch, useNavigate, useSearchParams } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Form } from 'react-final-form';
import { usePlaceOrderMutation } from '../orders/ordersApi';
import { checkoutProblem, isCheckoutProblem, type CheckoutProblem } from './checkoutProblem';
import {
  checkoutErrors,
  checkoutStepFromSearch,
  deliveryMethodFromSearch,
  initialCheckoutValues,
  toPlaceOrderRequest,
  type CheckoutStep,
  type CheckoutValues,
} from './checkoutValues';
import { DeliveryInUrl, DetailsStep } from './DetailsStep';
import { ReviewStep, type ChangeTarget } from './ReviewStep';

/** Long enough that two checkouts never share a key; drawn from `randomId`'s 36-character alphabet. */
const IDEMPOTENCY_KEY_LENGTH = 32;

/** After a failed submit, take the shopper to what needs fixing: the first bad field, or the reason the api gave. */
function focusFirstProblem(root: HTMLElement | null): void {
  // The errors render after final-form notifies; wait for that render before looking.
  setTimeout(() => root?.querySelector<HTMLElement>('[aria-invalid="true"], .chk-problem')?.focus(), 0);
}

/** The control a Change in the review lands on: the chosen radio of a choice, else the field itself. */
function changeTargetElement(root: HTMLElement | null, target: ChangeTarget): HTMLElement | null {
  if (!root) return null;
  return root.querySelector<HTMLElement>(`input[name="${target}"]:checked`) ?? root.querySelector<HTMLElement>(`[name="${target}"]`);
}

/** What the shopper saw of the cart: a change in any line, its quantity or its price is a different order. */
function cartSignature(cart: readonly CartItem[]): string {
  return cart.map((line) => `${line.id}:${line.qty}:${line.price}`).join('|');
}

function StepsProgress({ step }: { step: CheckoutStep }) {
  return (
    <ol className="chk-steps" aria-label="Checkout steps">
      <li className="chk-steps__step" aria-current={step === 'details' ? 'step' : undefined}>
        <span className="chk-steps__number" aria-hidden="true">
          1
        </span>
        Your details
      </li>
      <li className="chk-steps__step" aria-current={step === 'review' ? 'step' : undefined}>
        <span className="chk-steps__number" aria-hidden="true">
          2
        </span>
        Review and place order
      </li>
    </ol>
  );
}

interface CheckoutFormProps {
  cart: readonly CartItem[];
  /**
   * Shown in place of the steps while the cart cannot be checked out (empty, or a sample while the
   * api is down). The form stays, with everything typed, for when the cart is back.
   */
  unavailable?: ReactNode;
  onPlaced?: () => void;
}

/**
 * The checkout in two steps, the step in the URL (`?step=review`) so Back and Forward move
 * between them: the details (contact, delivery or collection, payment), then the review of the
 * whole order with the one button that places it. The review opens only from details that pass
 * every rule, so an order is never placed without the shopper having seen it; a review asked for
 * with nothing to review (a reload, which keeps nothing typed) goes back to the details. What
 * was typed lives in the form, in memory: kept across the steps and while the cart is briefly
 * empty or unreachable, gone with a reload or on leaving the page.
 *
 * One Idempotency-Key per attempt: a double click, a retry after a lost answer, or pressing the
 * button again all send the same key, so the api makes one order.
 */
export function CheckoutForm({ cart, unavailable, onPlaced }: CheckoutFormProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: final-form resets the form whenever its initial values change.
  const [initialValues] = useState(() => initialCheckoutValues(deliveryMethodFromSearch(searchParams.get('delivery'))));
  const [placeOrder] = usePlaceOrderMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const detailsHeadingRef = useRef<HTMLHeadingElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // Which step's button submitted: only the review's places an order.
  const submittedFrom = useRef<CheckoutStep>('details');
  // The cart as the review showed it when Place order was pressed.
  const reviewedCart = useRef<readonly CartItem[]>(cart);
  // Where focus goes once the details step is drawn again after a Change.
  const changeTargetRef = useRef<ChangeTarget | null>(null);

  const showStep = useCallback(
    (step: CheckoutStep, { replace = false } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (step === 'review') next.set('step', 'review');
          else next.delete('step');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const onSubmit = async (values: CheckoutValues) => {
    if (submittedFrom.current === 'details') {
      // After the submit event: React takes a navigation started inside a form's submit event
      // for that form's own pending action (useFormStatus) and gathers its data for it.
      await Promise.resolve();
      showStep('review');
      return undefined;
    }
    if (Object.keys(checkoutErrors(values)).length > 0) {
      showStep('details');
      return undefined;
    }
    // The order the api makes is the cart as it is now: if that is not the cart the shopper
    // reviewed (changed in another tab meanwhile), show the new one and place nothing.
    const shown = reviewedCart.current;
    const latest = dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true }));
    const current = await latest.unwrap().catch(() => undefined);
    latest.unsubscribe();
    if (!current || cartSignature(current) !== cartSignature(shown)) {
      const changed: CheckoutProblem = { kind: 'cart_changed' };
      return { [FORM_ERROR]: changed };
    }
    const request = toPlaceOrderRequest(values);
    const body = JSON.stringify(request);
    // A changed form is a new attempt; the same form sent again is a retry of the last one.
    const previous = attempt.current && attempt.current.body === body ? attempt.current : { key: randomId(IDEMPOTENCY_KEY_LENGTH), body };
    attempt.current = previous;
    try {
      const order = await placeOrder({ idempotencyKey: previous.key, request }).unwrap();
      onPlaced?.();
      navigate(`/checkout/complete/${encodeURIComponent(order.id)}`, { replace: true });
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: checkoutProblem(error) };
    }
  };

  return (
    <Form<CheckoutValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ submitting: true, submitError: true, values: true, dirty: true }}>
      {({ handleSubmit, submitting, submitError, values, dirty }) => {
        const submitFrom = (step: CheckoutStep) => (event: FormEvent<HTMLFormElement>) => {
          submittedFrom.current = step;
          reviewedCart.current = cart;
          void Promise.resolve(handleSubmit(event)).then(() => focusFirstProblem(rootRef.current));
        };
        const change = (target: ChangeTarget | null) => {
          changeTargetRef.current = target;
          showStep('details');
        };
        const reviewAsked = checkoutStepFromSearch(searchParams.get('step')) === 'review';
        const reviewable = Object.keys(checkoutErrors(values)).length === 0;
        const step: CheckoutStep = reviewAsked && reviewable ? 'review' : 'details';
        return (
          <div ref={rootRef} className="chk-steps-root">
            <DeliveryInUrl />
            <StepFocus step={step} rootRef={rootRef} headingRef={step === 'review' ? reviewHeadingRef : detailsHeadingRef} changeTargetRef={changeTargetRef} />
            <ReviewOnlyWhenReviewable asked={reviewAsked} reviewable={reviewable} showStep={showStep} />
            {unavailable ?? <StepsProgress step={step} />}
            {/* The details' fields hold what was typed (react-final-form puts a field drawn
                again back to its initial value), so once typed in they stay drawn, hidden,
                while the review or an unavailable cart shows. */}
            {(!unavailable || dirty) && (
              <DetailsStep
                cart={cart}
                collecting={values.delivery_method === 'collect'}
                hidden={Boolean(unavailable) || step !== 'details'}
                onSubmit={submitFrom('details')}
                headingRef={detailsHeadingRef}
              />
            )}
            {!unavailable && step === 'review' && (
              <ReviewStep
                cart={cart}
                values={values}
                submitting={submitting ?? false}
                problem={isCheckoutProblem(submitError) ? submitError : undefined}
                onSubmit={submitFrom('review')}
                onChange={change}
                headingRef={reviewHeadingRef}
              />
            )}
          </div>
        );
      }}
    </Form>
  );
}

/** A review asked for (a reload, Forward) with details that could not be placed goes back to the details, in place of the review's entry. */
function ReviewOnlyWhenReviewable({
  asked,
  reviewable,
  showStep,
}: {
  asked: boolean;
  reviewable: boolean;
  showStep: (step: CheckoutStep, options: { replace: boolean }) => void;
}) {
  useEffect(() => {
    if (asked && !reviewable) showStep('details', { replace: true });
  }, [asked, reviewable, showStep]);
  return null;
}

/**
 * Moving between the steps moves focus, as a new page would: to the review's heading, or back on
 * the details to the field a Change named (else the details' heading). The first render leaves
 * focus to the shell, which puts it on the page's heading after a navigation.
 */
function StepFocus({
  step,
  rootRef,
  headingRef,
  changeTargetRef,
}: {
  step: CheckoutStep;
  rootRef: RefObject<HTMLDivElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  changeTargetRef: RefObject<ChangeTarget | null>;
}) {
  const shown = useRef<CheckoutStep | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = step;
    if (previous === null || previous === step) return;
    const target = changeTargetRef.current;
    changeTargetRef.current = null;
    const field = step === 'details' && target ? changeTargetElement(rootRef.current, target) : null;
    const element = field ?? headingRef.current;
    // Centred, clear of the fixed header; jsdom has no scrolling.
    element?.scrollIntoView?.({ block: field ? 'center' : 'start' });
    element?.focus({ preventScroll: true });
  }, [step, rootRef, headingRef, changeTargetRef]);
  return null;
}

import { type CartItem, DELIVERY_FEE, formatRand, type PaymentMethod, randomId, useNavigate, useSearchParams } from '@storefront/shared';
import { SA_PROVINCES } from '@storefront/shared/domain';
import { personNameProblem } from '@storefront/shared/text-direction';
import { FORM_ERROR } from 'final-form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import { useGetPaymentMethodsQuery, usePlaceOrderMutation } from '../orders/ordersApi';
import { CheckoutProblemNotice } from './CheckoutProblemNotice';
import { checkoutProblem, isCheckoutProblem } from './checkoutProblem';
import { CheckoutSummary } from './CheckoutSummary';
import {
  deliveryMethodFromSearch,
  initialCheckoutValues,
  parsePhone,
  parsePostalCode,
  required,
  toPlaceOrderRequest,
  validateEmail,
  validatePhone,
  validatePostalCode,
  validateProvince,
  type CheckoutValues,
} from './checkoutValues';
import { ChoiceGroup, SelectField, TextField } from './fields';

const PAYMENT_METHODS: readonly PaymentMethod[] = ['eft', 'cod'];

/** Long enough that two checkouts never share a key; drawn from the §9 alphabet. */
const IDEMPOTENCY_KEY_LENGTH = 32;

/** After a failed submit, take the shopper to what needs fixing: the first bad field, or the reason the api gave. */
function focusFirstProblem(form: HTMLFormElement | null): void {
  // The errors render after final-form notifies; wait for that render before looking.
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"], .chk-problem')?.focus(), 0);
}

/** Keeps `?delivery=collect` in step with the choice, so a reload or a shared link keeps it. */
function DeliveryInUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const {
    input: { value },
  } = useField<CheckoutValues['delivery_method']>('delivery_method', { subscription: { value: true } });
  useEffect(() => {
    if (deliveryMethodFromSearch(searchParams.get('delivery')) === value) return;
    const next = new URLSearchParams(searchParams);
    if (value === 'collect') next.set('delivery', 'collect');
    else next.delete('delivery');
    setSearchParams(next, { replace: true });
  }, [value, searchParams, setSearchParams]);
  return null;
}

function AddressFields() {
  return (
    <div className="chk-grid">
      <div className="chk-grid__wide">
        <TextField name="street" label="Street address" autoComplete="address-line1" validate={required('Street address')} />
      </div>
      <TextField name="suburb" label="Suburb" autoComplete="address-line2" validate={required('Suburb')} />
      <TextField name="city" label="City or town" autoComplete="address-level2" validate={required('City or town')} />
      <SelectField
        name="province"
        label="Province"
        autoComplete="address-level1"
        placeholder="Choose a province"
        options={SA_PROVINCES}
        validate={validateProvince}
      />
      <TextField
        name="postal_code"
        label="Postal code"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={4}
        validate={validatePostalCode}
        parse={parsePostalCode}
      />
    </div>
  );
}

/**
 * EFT and cash, or cash alone when the shop takes no EFT (it has not set its bank account). Until
 * the shop has said, both show; should EFT then go, cash is chosen in its place.
 */
function PaymentChoices({ collecting }: { collecting: boolean }) {
  const { data } = useGetPaymentMethodsQuery();
  const offered = data?.payment_methods ?? PAYMENT_METHODS;
  const form = useForm<CheckoutValues>();
  const {
    input: { value },
  } = useField<PaymentMethod>('payment_method', { subscription: { value: true } });
  const fallback = offered[0];
  useEffect(() => {
    if (fallback && !offered.includes(value)) form.change('payment_method', fallback);
  }, [fallback, offered, value, form]);
  const choices = [
    {
      value: 'eft',
      label: 'EFT bank transfer',
      detail: 'Pay from your bank with your order number as the reference; we send the order once the payment reflects.',
    },
    {
      value: 'cod',
      label: collecting ? 'Cash on collection' : 'Cash on delivery',
      detail: collecting ? 'Pay in cash at the store when you collect.' : 'Pay the courier in cash when your order arrives.',
    },
  ] satisfies { value: PaymentMethod; label: string; detail: string }[];
  return <ChoiceGroup name="payment_method" legend="How would you like to pay?" choices={choices.filter((choice) => offered.includes(choice.value))} />;
}

/**
 * The checkout form: contact, delivery or collection, payment, and the order summary with the
 * button that places the order. One Idempotency-Key per attempt: a double click, a retry after a
 * lost answer, or pressing the button again all send the same key, so the api makes one order.
 */
export function CheckoutForm({ cart, onPlaced }: { cart: readonly CartItem[]; onPlaced?: () => void }) {
  const [searchParams] = useSearchParams();
  // Read once: final-form resets the form whenever its initial values change.
  const [initialValues] = useState(() => initialCheckoutValues(deliveryMethodFromSearch(searchParams.get('delivery'))));
  const [placeOrder] = usePlaceOrderMutation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const onSubmit = async (values: CheckoutValues) => {
    const request = toPlaceOrderRequest(values);
    const body = JSON.stringify(request);
    // A changed form is a new attempt; the same form sent again is a retry of the last one.
    const current = attempt.current && attempt.current.body === body ? attempt.current : { key: randomId(IDEMPOTENCY_KEY_LENGTH), body };
    attempt.current = current;
    try {
      const order = await placeOrder({ idempotencyKey: current.key, request }).unwrap();
      onPlaced?.();
      navigate(`/checkout/complete/${encodeURIComponent(order.id)}`, { replace: true });
      return undefined;
    } catch (error) {
      return { [FORM_ERROR]: checkoutProblem(error) };
    }
  };

  return (
    <Form<CheckoutValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ submitting: true, submitError: true, values: true }}>
      {({ handleSubmit, submitting, submitError, values }) => {
        const collecting = values.delivery_method === 'collect';
        const submit = (event: FormEvent<HTMLFormElement>) => {
          void Promise.resolve(handleSubmit(event)).then(() => focusFirstProblem(formRef.current));
        };
        return (
          <form ref={formRef} className="chk-layout" onSubmit={submit} noValidate aria-label="Checkout">
            <DeliveryInUrl />
            <div className="chk-main">
              <section className="chk-section" aria-labelledby="checkout-contact">
                <h2 id="checkout-contact">Contact details</h2>
                <div className="chk-grid">
                  <TextField name="first_name" label="First name" autoComplete="given-name" validate={(value) => personNameProblem('First name', value)} />
                  <TextField name="last_name" label="Last name" autoComplete="family-name" validate={(value) => personNameProblem('Last name', value)} />
                  <TextField name="email" label="Email address" type="email" autoComplete="email" inputMode="email" validate={validateEmail} />
                  <TextField
                    name="phone"
                    label="Phone number"
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    hint="A South African number: type 082 123 4567 or +27 82 123 4567."
                    validate={validatePhone}
                    parse={parsePhone}
                  />
                </div>
              </section>

              <section className="chk-section" aria-labelledby="checkout-delivery">
                <h2 id="checkout-delivery">Delivery</h2>
                <ChoiceGroup
                  name="delivery_method"
                  legend="How would you like to get your order?"
                  choices={[
                    { value: 'delivery', label: `Deliver to my door (${formatRand(DELIVERY_FEE)})`, detail: 'A courier brings it to the address below.' },
                    { value: 'collect', label: 'Collect in store (free)', detail: 'Fetch it from our store once we tell you it is ready.' },
                  ]}
                />
                {!collecting && <AddressFields />}
              </section>

              <section className="chk-section" aria-labelledby="checkout-payment">
                <h2 id="checkout-payment">Payment</h2>
                <PaymentChoices collecting={collecting} />
              </section>
            </div>

            <section className="chk-summary" aria-labelledby="checkout-summary">
              <h2 id="checkout-summary">Order summary</h2>
              <CheckoutSummary cart={cart} />
              {isCheckoutProblem(submitError) && <CheckoutProblemNotice problem={submitError} />}
              <button type="submit" className="sf-button chk-place" disabled={submitting}>
                {submitting ? 'Placing your order…' : 'Place order'}
              </button>
            </section>
          </form>
        );
      }}
    </Form>
  );
}

import { type CartItem, DELIVERY_FEE, formatRand, type PaymentMethod, Skeleton, useSearchParams } from '@storefront/shared';
import { SA_PROVINCES } from '@storefront/shared/domain';
import { useEffect, type FormEvent, type Ref } from 'react';
import { useField, useForm } from 'react-final-form';
import { useGetPaymentMethodsQuery } from '../orders/ordersApi';
import { CheckoutSummary } from './CheckoutSummary';
import { deliveryMethodFromSearch, FIELD_RULES, parsePhone, parsePostalCode, paymentMethodLabel, type CheckoutValues } from './checkoutValues';
import { CheckboxField, ChoiceGroup, SelectField, TextField } from './fields';

export const MARKETING_CONSENT_LABEL = "Send me Jacaranda's news and offers by email (you can unsubscribe at any time)";

/** Keeps `?delivery=collect` in step with the choice, so a reload or a shared link keeps it. */
export function DeliveryInUrl() {
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
        <TextField name="street" label="Street address" autoComplete="address-line1" validate={FIELD_RULES.street} />
      </div>
      <TextField name="suburb" label="Suburb" autoComplete="address-line2" validate={FIELD_RULES.suburb} />
      <TextField name="city" label="City or town" autoComplete="address-level2" validate={FIELD_RULES.city} />
      <SelectField
        name="province"
        label="Province"
        autoComplete="address-level1"
        placeholder="Choose a province"
        options={SA_PROVINCES}
        validate={FIELD_RULES.province}
      />
      <TextField
        name="postal_code"
        label="Postal code"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={4}
        validate={FIELD_RULES.postal_code}
        parse={parsePostalCode}
      />
    </div>
  );
}

const PAYMENT_LEGEND = 'How would you like to pay?';

/**
 * Only the ways the shop takes payment: EFT and cash, or cash alone when the shop takes no EFT (it
 * has not set its bank account). Until the shop has said, a placeholder holds their place, so no
 * choice is ever shown that could then go; when EFT is not taken, cash is chosen in its place.
 */
function PaymentChoices({ collecting }: { collecting: boolean }) {
  const { data, isError, isFetching, refetch } = useGetPaymentMethodsQuery();
  const offered = data?.payment_methods;
  const form = useForm<CheckoutValues>();
  const {
    input: { value },
  } = useField<PaymentMethod>('payment_method', { subscription: { value: true } });
  const fallback = offered?.[0];
  useEffect(() => {
    if (offered && fallback && !offered.includes(value)) form.change('payment_method', fallback);
  }, [fallback, offered, value, form]);
  if (!offered) {
    if (isError && !isFetching) {
      return (
        <div className="sf-notice" role="alert">
          <p>We cannot find out how the shop takes payment right now.</p>
          <button type="button" className="sf-button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return (
      <fieldset className="chk-choices" aria-busy="true">
        <legend>{PAYMENT_LEGEND}</legend>
        <Skeleton height="64px" />
        <Skeleton height="64px" />
      </fieldset>
    );
  }
  const choices = [
    {
      value: 'eft',
      label: paymentMethodLabel('eft', collecting),
      detail: 'Pay from your bank with your order number as the reference; we send the order once the payment reflects.',
    },
    {
      value: 'cod',
      label: paymentMethodLabel('cod', collecting),
      detail: collecting ? 'Pay in cash at the store when you collect.' : 'Pay the courier in cash when your order arrives.',
    },
  ] satisfies { value: PaymentMethod; label: string; detail: string }[];
  return <ChoiceGroup name="payment_method" legend={PAYMENT_LEGEND} choices={choices.filter((choice) => offered.includes(choice.value))} />;
}

interface DetailsStepProps {
  cart: readonly CartItem[];
  collecting: boolean;
  /** While the review shows. The step stays drawn, hidden, so every field keeps its value and state. */
  hidden: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The first step: contact, delivery or collection, payment and the marketing consent, beside the
 * order summary. Its button opens the review; nothing is placed from here.
 */
export function DetailsStep({ cart, collecting, hidden, onSubmit, headingRef }: DetailsStepProps) {
  return (
    <div className="chk-step" hidden={hidden}>
      <h2 id="checkout-details-heading" className="chk-step-heading" ref={headingRef} tabIndex={-1}>
        Your details
      </h2>
      <form className="chk-layout" onSubmit={onSubmit} noValidate aria-label="Checkout">
        <div className="chk-main">
          <section className="chk-section" aria-labelledby="checkout-contact">
            <h3 id="checkout-contact">Contact details</h3>
            <div className="chk-grid">
              <TextField name="first_name" label="First name" autoComplete="given-name" validate={FIELD_RULES.first_name} />
              <TextField name="last_name" label="Last name" autoComplete="family-name" validate={FIELD_RULES.last_name} />
              <TextField name="email" label="Email address" type="email" autoComplete="email" inputMode="email" validate={FIELD_RULES.email} />
              <TextField
                name="phone"
                label="Phone number"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                hint="A South African number: type 082 123 4567 or +27 82 123 4567."
                validate={FIELD_RULES.phone}
                parse={parsePhone}
              />
              <div className="chk-grid__wide">
                <CheckboxField
                  name="marketing_consent"
                  label={MARKETING_CONSENT_LABEL}
                  note="If you tick this, we will first email you to confirm; nothing else is sent until you do."
                />
              </div>
            </div>
          </section>

          <section className="chk-section" aria-labelledby="checkout-delivery">
            <h3 id="checkout-delivery">Delivery</h3>
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
            <h3 id="checkout-payment">Payment</h3>
            <PaymentChoices collecting={collecting} />
          </section>
        </div>

        {/* The review shows the order in full meanwhile; only the fields need to stay. */}
        {!hidden && (
          <section className="chk-summary" aria-labelledby="checkout-summary">
            <h3 id="checkout-summary">Order summary</h3>
            <CheckoutSummary cart={cart} />
            <p className="chk-next-note">You can check everything on the next step before you place your order.</p>
            <button type="submit" className="sf-button chk-place">
              Review order
            </button>
          </section>
        )}
      </form>
    </div>
  );
}

import { apiErrorMessage, type LookedUpOrder } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { TextField } from '../auth/TextField';
import { email } from '../auth/validation';
import { useLookupOrderMutation } from './orderLookupApi';
import { normaliseOrderNumber, orderNumberProblem } from './orderNumber';

interface LookupValues {
  number: string;
  email: string;
}

interface OrderLookupFormProps {
  /** From the address (?number=), when a confirmation or a mail linked here. */
  initialNumber: string;
  onFound: (order: LookedUpOrder) => void;
}

/** The order's number and the email it was placed with; the api's word (not found, too many tries) above the form. */
export function OrderLookupForm({ initialNumber, onFound }: OrderLookupFormProps) {
  const [lookupOrder] = useLookupOrderMutation();
  return (
    <Form<LookupValues>
      initialValues={{ number: initialNumber, email: '' }}
      onSubmit={async (values) => {
        try {
          onFound(await lookupOrder({ number: normaliseOrderNumber(values.number), email: values.email.trim() }).unwrap());
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: apiErrorMessage(error, 'We could not look up the order just now. Please try again.') };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Find your order">
          <FormError message={submitError} />
          <TextField name="number" label="Order number" hint="As on your confirmation, e.g. JAC-2026-000123" autoComplete="off" validate={orderNumberProblem} />
          <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} hint="The one you placed the order with" />
          <button type="submit" className="sf-button acc-submit" disabled={submitting}>
            {submitting ? 'Looking…' : 'Find the order'}
          </button>
        </form>
      )}
    </Form>
  );
}

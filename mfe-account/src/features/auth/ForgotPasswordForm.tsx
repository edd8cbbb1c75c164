import { apiErrorMessage, useForgotPasswordMutation } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import { useState, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FormError } from './FormError';
import { TextField } from './TextField';
import { email } from './validation';

/** Ask for a reset link (the email is required). The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ footer }: { footer?: ReactNode }) {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  if (sent) {
    return (
      <div>
        <p className="sf-form-note" role="status">
          {sent}
        </p>
        {footer}
      </div>
    );
  }
  return (
    <Form<{ email: string }>
      onSubmit={async (values) => {
        try {
          setSent((await forgotPassword({ email: values.email.trim() }).unwrap()).message);
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: apiErrorMessage(error, 'We could not send the link just now. Please try again.') };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Reset your password">
          <p className="acc-intro">Enter your email address and we will send you a link to choose a new password.</p>
          <FormError message={submitError} />
          <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} />
          <button type="submit" className="sf-button acc-submit" disabled={submitting}>
            {submitting ? 'Sending…' : 'Send reset link'}
          </button>
          {footer}
        </form>
      )}
    </Form>
  );
}

import { normalisePhone, useRegisterMutation, type User } from '@storefront/shared';
import { personNameProblem } from '@storefront/shared/text-direction';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FormError } from './FormError';
import { PasswordWait } from './PasswordWait';
import { TextField } from './TextField';
import { submitErrors } from './submitErrors';
import { email, NEW_PASSWORD_HINT, newPassword, phone } from './validation';

interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone: string;
}

/** Create an account: every field required; the phone becomes +27 and 9 digits as it is typed. */
export function RegisterForm({ onRegistered, footer }: { onRegistered: (user: User) => void; footer?: ReactNode }) {
  const [register] = useRegisterMutation();
  return (
    <Form<RegisterValues>
      onSubmit={async (values) => {
        try {
          onRegistered(
            await register({
              first_name: values.first_name.trim(),
              last_name: values.last_name.trim(),
              email: values.email.trim(),
              password: values.password,
              phone: values.phone,
            }).unwrap(),
          );
          return undefined;
        } catch (error) {
          return submitErrors(error, 'We could not create your account just now. Please try again.', { weak_password: 'password' });
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Create an account">
          <FormError message={submitError} />
          <div className="acc-row">
            <TextField name="first_name" label="First name" autoComplete="given-name" validate={(value) => personNameProblem('First name', value)} />
            <TextField name="last_name" label="Last name" autoComplete="family-name" validate={(value) => personNameProblem('Last name', value)} />
          </div>
          <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} />
          <TextField name="password" label="Password" type="password" autoComplete="new-password" validate={newPassword} hint={NEW_PASSWORD_HINT} />
          <TextField name="phone" label="Phone number" type="tel" autoComplete="tel" validate={phone} parse={normalisePhone} hint="A South African number: +27 and 9 digits." />
          <button type="submit" className="sf-button acc-submit" disabled={submitting}>
            {submitting ? 'Creating your account…' : 'Create account'}
          </button>
          {submitting && <PasswordWait doing="Securing your password" />}
          {footer}
        </form>
      )}
    </Form>
  );
}

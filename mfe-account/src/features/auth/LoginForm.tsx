import { apiErrorMessage, useLoginMutation, type User } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import type { ReactNode } from 'react';
import { Field, Form } from 'react-final-form';
import { FormError } from './FormError';
import { TextField } from './TextField';
import { email, required } from './validation';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/** Sign in (§5: email in e-mail format and password required; remember me). */
export function LoginForm({ onSignedIn, footer }: { onSignedIn: (user: User) => void; footer?: ReactNode }) {
  const [login] = useLoginMutation();
  return (
    <Form<LoginValues>
      initialValues={{ remember: false }}
      onSubmit={async (values) => {
        try {
          onSignedIn(await login({ email: values.email.trim(), password: values.password, remember: values.remember }).unwrap());
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: apiErrorMessage(error, 'We could not sign you in just now. Please try again.') };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
          <FormError message={submitError} />
          <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={required('Password')} />
          <label className="sf-check">
            <Field name="remember" type="checkbox" component="input" /> Remember me
          </label>
          <button type="submit" className="sf-button acc-submit" disabled={submitting}>
            {submitting ? 'Signing in…' : 'Sign in'}
          </button>
          {footer}
        </form>
      )}
    </Form>
  );
}

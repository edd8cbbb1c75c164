import { Link, useResetPasswordMutation } from '@storefront/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { FormError } from './FormError';
import { TextField } from './TextField';
import { submitErrors } from './submitErrors';
import { NEW_PASSWORD_HINT, newPassword } from './validation';

interface ResetValues {
  password: string;
  confirm: string;
}

/** Choose a new password with the token from the mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [resetPassword] = useResetPasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  if (done) {
    return (
      <div>
        <p className="sf-form-note" role="status">
          {done}
        </p>
        <Link className="sf-button" to="/login">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <Form<ResetValues>
      validate={(values) => (values.confirm && values.password !== values.confirm ? { confirm: 'The passwords do not match' } : {})}
      onSubmit={async (values) => {
        try {
          setDone((await resetPassword({ token, password: values.password }).unwrap()).message);
          return undefined;
        } catch (error) {
          return submitErrors(error, 'We could not change the password just now. Please try again.', { weak_password: 'password' });
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Choose a new password">
          <FormError message={submitError} />
          <TextField name="password" label="New password" type="password" autoComplete="new-password" validate={newPassword} hint={NEW_PASSWORD_HINT} />
          <TextField name="confirm" label="Repeat the new password" type="password" autoComplete="new-password" validate={(value) => (value ? undefined : 'Repeat the password')} />
          <button type="submit" className="sf-button acc-submit" disabled={submitting}>
            {submitting ? 'Saving…' : 'Save the new password'}
          </button>
        </form>
      )}
    </Form>
  );
}

import { toast, type User, useChangePasswordMutation, useSignOutOtherDevicesMutation } from '@storefront/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { submitErrors } from '../auth/submitErrors';
import { TextField } from '../auth/TextField';
import { NEW_PASSWORD_HINT, newPassword, required } from '../auth/validation';

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

/** For password managers: the account a change of password is for. */
export function UsernameForPasswordManagers({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** Change the password (the current one asked again); every other device is signed out. */
function ChangePasswordCard({ user }: { user: User }) {
  const [changePassword] = useChangePasswordMutation();
  return (
    <section className="acc-card" aria-labelledby="password-title">
      <h2 id="password-title">Change your password</h2>
      <Form<ChangePasswordValues>
        validate={(values) => (values.confirm && values.new_password !== values.confirm ? { confirm: 'The passwords do not match' } : {})}
        onSubmit={async (values, form) => {
          try {
            const { message } = await changePassword({ current_password: values.current_password, new_password: values.new_password }).unwrap();
            toast.success(message);
            // Nothing of the old or the new password stays in the page.
            setTimeout(() => form.restart(), 0);
            return undefined;
          } catch (error) {
            return submitErrors(error, 'We could not change your password just now. Please try again.', {
              wrong_password: 'current_password',
              weak_password: 'new_password',
            });
          }
        }}
      >
        {({ handleSubmit, submitError, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Change your password">
            <UsernameForPasswordManagers email={user.email} />
            <FormError message={submitError} />
            <TextField name="current_password" label="Current password" type="password" autoComplete="current-password" validate={required('Current password')} />
            <TextField name="new_password" label="New password" type="password" autoComplete="new-password" validate={newPassword} hint={NEW_PASSWORD_HINT} />
            <TextField
              name="confirm"
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              validate={(value) => (value ? undefined : 'Repeat the new password')}
            />
            <button type="submit" className="sf-button" disabled={submitting}>
              {submitting ? 'Changing…' : 'Change password'}
            </button>
          </form>
        )}
      </Form>
    </section>
  );
}

/** Signed in on a phone that was lost, or a shared computer: sign out everywhere but here. */
function SignOutOthersCard() {
  const [signOutOthers, { isLoading }] = useSignOutOtherDevicesMutation();
  const [outcome, setOutcome] = useState('');
  return (
    <section className="acc-card" aria-labelledby="devices-title">
      <h2 id="devices-title">Your devices</h2>
      <p className="acc-muted">Signed in on a phone you lost, or a computer you shared? Sign out everywhere except on this device.</p>
      <div className="acc-actions">
        <button
          type="button"
          className="sf-button sf-button--ghost"
          disabled={isLoading}
          onClick={() =>
            void signOutOthers()
              .unwrap()
              .then(
                ({ message }) => {
                  setOutcome(message);
                  toast.success(message);
                },
                () => toast.error('We could not sign out your other devices just now. Please try again.'),
              )
          }
        >
          {isLoading ? 'Signing out…' : 'Sign out all other devices'}
        </button>
        <p className="acc-muted acc-outcome" role="status">
          {outcome}
        </p>
      </div>
    </section>
  );
}

/** /account/security: the password and the devices signed in to the account. */
export function SecuritySection({ user }: { user: User }) {
  return (
    <>
      <ChangePasswordCard user={user} />
      <SignOutOthersCard />
    </>
  );
}

import {
  type AccountDataExport,
  forgetShopperData,
  toast,
  type User,
  useAppDispatch,
  useDeleteAccountMutation,
  useExportAccountDataMutation,
  useNavigate,
} from '@storefront/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { submitErrors } from '../auth/submitErrors';
import { TextField } from '../auth/TextField';
import { required } from '../auth/validation';
import { UsernameForPasswordManagers } from './SecuritySection';

interface PasswordValues {
  password: string;
}

/** Hands the shopper a file: the JSON as the api sent it, named for the day it was made. */
function saveAsFile(data: AccountDataExport): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `jacaranda-account-data-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has had its turn to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function DownloadDataCard({ user }: { user: User }) {
  const [exportData] = useExportAccountDataMutation();
  return (
    <section className="acc-card" aria-labelledby="download-title">
      <h2 id="download-title">Download your data</h2>
      <p className="acc-muted">
        A file (JSON) with everything we hold about your account: your profile, saved addresses, orders, reviews, wishlist and cart.
      </p>
      <Form<PasswordValues>
        onSubmit={async (values, form) => {
          try {
            saveAsFile(await exportData({ password: values.password }).unwrap());
            toast.success('Your data has been downloaded');
            setTimeout(() => form.restart(), 0);
            return undefined;
          } catch (error) {
            return submitErrors(error, 'We could not prepare your data just now. Please try again.', { wrong_password: 'password' });
          }
        }}
      >
        {({ handleSubmit, submitError, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Download your data">
            <UsernameForPasswordManagers email={user.email} />
            <FormError message={submitError} />
            <TextField name="password" label="Your password" type="password" autoComplete="current-password" validate={required('Your password')} />
            <button type="submit" className="sf-button" disabled={submitting}>
              {submitting ? 'Preparing…' : 'Download my data'}
            </button>
          </form>
        )}
      </Form>
    </section>
  );
}

function DeleteAccountCard({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const [deleteAccount] = useDeleteAccountMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="acc-card acc-card--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>Deleting your account cannot be undone:</p>
      <ul className="acc-list">
        <li>your profile, saved addresses, cart and wishlist are deleted, and you are signed out everywhere;</li>
        <li>
          your orders stay in our books, as the tax rules ask, with your name, email, phone number and address removed: we can no longer contact you
          about an order, so wait until any order on its way has arrived;
        </li>
        <li>your reviews stay, signed “A shopper”.</li>
      </ul>
      {confirming ? (
        <Form<PasswordValues>
          onSubmit={async (values) => {
            try {
              await deleteAccount({ password: values.password }).unwrap();
              onDeleted();
              toast.success('Your account has been deleted');
              navigate('/', { replace: true });
              // The cart, wishlist and header start afresh, as a new anonymous shopper's.
              dispatch(forgetShopperData());
              return undefined;
            } catch (error) {
              return submitErrors(error, 'We could not delete your account just now. Please try again.', { wrong_password: 'password' });
            }
          }}
        >
          {({ handleSubmit, submitError, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Delete your account">
              <UsernameForPasswordManagers email={user.email} />
              <FormError message={submitError} />
              <TextField
                name="password"
                label="Your password, to confirm"
                type="password"
                autoComplete="current-password"
                validate={required('Your password')}
              />
              <div className="acc-actions">
                <button type="submit" className="sf-button acc-danger-button" disabled={submitting}>
                  {submitting ? 'Deleting…' : 'Delete my account for good'}
                </button>
                <button type="button" className="sf-button sf-button--ghost" onClick={() => setConfirming(false)} disabled={submitting}>
                  Keep my account
                </button>
              </div>
            </form>
          )}
        </Form>
      ) : (
        <button type="button" className="sf-button sf-button--ghost acc-danger-link" onClick={() => setConfirming(true)}>
          Delete my account…
        </button>
      )}
    </section>
  );
}

/** /account/privacy: the shopper's rights over their data (POPIA): a copy of it, or deletion. */
export function PrivacySection({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  return (
    <>
      <DownloadDataCard user={user} />
      <DeleteAccountCard user={user} onDeleted={onDeleted} />
    </>
  );
}

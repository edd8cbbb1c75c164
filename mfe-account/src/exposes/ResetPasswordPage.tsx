import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import { Link, useSearchParams } from '@storefront/shared';
import '../features/account.css';

/** /reset-password?token=…, the page the mailed link opens. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <div className="sf-container acc-page acc-page--narrow">
      <h1>Choose a new password</h1>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="sf-notice">
          <p>This link has no reset token. Open the link from the mail again, or ask for a new one.</p>
          <Link className="sf-button" to="/forgot-password">
            Ask for a new link
          </Link>
        </div>
      )}
    </div>
  );
}

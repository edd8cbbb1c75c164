import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { Link } from '@storefront/shared';
import '../features/account.css';

export default function ForgotPasswordPage() {
  return (
    <div className="sf-container acc-page acc-page--narrow">
      <h1>Forgot your password?</h1>
      <ForgotPasswordForm
        footer={
          <div className="acc-switches">
            <Link to="/login">Back to sign in</Link>
          </div>
        }
      />
    </div>
  );
}

import { Link, registerModalOpened, useAppDispatch, useNavigate, useSearchParams } from '@storefront/shared';
import { LoginForm } from '../features/auth/LoginForm';
import { safeNext } from '../features/auth/safeNext';
import '../features/account.css';

/** /login?next=…: sign in, then go back to where the shopper was sent from. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const next = safeNext(params.get('next'));
  return (
    <div className="sf-container acc-page acc-page--narrow">
      <h1>Sign in</h1>
      <LoginForm
        onSignedIn={() => navigate(next, { replace: true })}
        footer={
          <div className="acc-switches">
            <Link to="/forgot-password">Forgot your password?</Link>
            <p>
              New to Jacaranda?{' '}
              <button type="button" className="acc-link" onClick={() => dispatch(registerModalOpened())}>
                Create an account
              </button>
            </p>
            <p>
              Ordered without an account? <Link to="/order-status">Track an order</Link>
            </p>
          </div>
        }
      />
    </div>
  );
}

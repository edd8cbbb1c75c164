import { Modal } from '@storefront/shared';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { TextField } from '../features/auth/TextField';
import { email, required } from '../features/auth/validation';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The login modal with the checks of §5. Accounts are not open yet (the api has no sign-in), so a
 * valid form is answered with that, in the form, rather than pretending to sign the shopper in.
 */
export default function LoginModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Sign in" onClose={onClose}>
      <Form<LoginValues>
        initialValues={{ remember: false }}
        onSubmit={() => ({ [FORM_ERROR]: 'Signing in is not available yet. You can keep shopping as a guest: your cart is kept.' })}
      >
        {({ handleSubmit, submitError, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
            {submitError && (
              <p className="sf-form-error" role="alert">
                {String(submitError)}
              </p>
            )}
            <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={required('Password')} />
            <label className="sf-check">
              <Field name="remember" type="checkbox" component="input" /> Remember me
            </label>
            <button type="submit" className="sf-button" style={{ width: '100%' }} disabled={submitting}>
              Sign in
            </button>
          </form>
        )}
      </Form>
    </Modal>
  );
}

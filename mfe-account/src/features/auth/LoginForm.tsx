import { apiErrorMessage, FormField, useLoginMutation, visibleFieldError, type User } from '@storefront/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field, Form } from 'react-final-form';
import { FormError } from './FormError';
import { PasswordWait } from './PasswordWait';
import { apiErrorCode } from './submitErrors';
import { TextField } from './TextField';
import { email, required, type Validator } from './validation';

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
  code?: string;
}

const FALLBACK = 'We could not sign you in just now. Please try again.';

/** What the shopper is told once they have asked for another code (the api's answer is the same as the first time). */
export const NEW_CODE_ASKED =
  "We've asked for a new code: if the password is right, it is on its way to this account's email address. Use the newest one.";

const signInCode: Validator = (value) => (value && /^\d{6}$/.test(value) ? undefined : 'Enter the 6 digits from the email');

/** Only the digits: a code pasted with its spaces, or with the words around it, is still the code. */
const codeDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The one-time code's box: a phone offers digits, and the code from a mail or message to fill in. */
function SignInCodeField({ onAskAgain, asking }: { onAskAgain: () => void; asking: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // Where the shopper's next step is: the new field, not the button they just pressed.
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    <Field<string> name="code" validate={signInCode} parse={(value) => codeDigits(value ?? '')}>
      {({ input: field, meta }) => (
        <div className="acc-code">
          <FormField label="Code from the email" hint="6 digits. It works once, for 15 minutes." error={visibleFieldError(meta)}>
            {(control) => (
              <input
                {...field}
                {...control}
                ref={input}
                value={field.value ?? ''}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="acc-code__input"
              />
            )}
          </FormField>
          <button type="button" className="acc-link acc-code__again" onClick={onAskAgain} disabled={asking}>
            {asking ? 'Asking for a new code…' : 'Send a new code'}
          </button>
        </div>
      )}
    </Field>
  );
}

/**
 * Sign in: the email (in e-mail format) and the password are required; remember me is optional.
 * While an account is being guessed, the api asks for a one-time code mailed to its owner
 * (`code_required`): the form then shows a box for it below the password, keeping the email,
 * password and remember me as typed, and can ask for a new code.
 */
export function LoginForm({ onSignedIn, footer }: { onSignedIn: (user: User) => void; footer?: ReactNode }) {
  const [login] = useLoginMutation();
  /** The api's words when it asked for a code, or ours once another was asked for; null before. */
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  /**
   * The api's refusal of the last try (a wrong password, a code refused), shown until the next
   * one: asking for a new code clears an old refusal, which final-form's submit error would keep.
   */
  const [problem, setProblem] = useState<string | null>(null);

  async function signIn(values: LoginValues, withCode: boolean) {
    return login({
      email: values.email.trim(),
      password: values.password,
      remember: values.remember,
      ...(withCode && values.code ? { code: values.code } : {}),
    }).unwrap();
  }

  return (
    <Form<LoginValues>
      initialValues={{ remember: false }}
      onSubmit={async (values) => {
        setProblem(null);
        try {
          onSignedIn(await signIn(values, codeNote !== null));
        } catch (error) {
          if (apiErrorCode(error) === 'code_required') setCodeNote(apiErrorMessage(error, FALLBACK));
          else setProblem(apiErrorMessage(error, FALLBACK));
        }
      }}
    >
      {({ handleSubmit, submitting, form }) => {
        const askAgain = async () => {
          setAsking(true);
          setProblem(null);
          try {
            // Without the code: the api mails a new one if the password is right. A sign-in
            // needs a code here, so this never signs in by itself; should it, so much the better.
            onSignedIn(await signIn(form.getState().values, false));
          } catch (error) {
            if (apiErrorCode(error) === 'code_required') setCodeNote(NEW_CODE_ASKED);
            else setProblem(apiErrorMessage(error, FALLBACK));
          } finally {
            setAsking(false);
          }
        };
        return (
          <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
            <FormError message={problem} />
            <p className="sf-form-note acc-note" role="status">
              {codeNote}
            </p>
            <TextField name="email" label="Email address" type="email" autoComplete="email" validate={email} />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={required('Password')} />
            {codeNote !== null && <SignInCodeField onAskAgain={() => void askAgain()} asking={asking} />}
            <label className="sf-check">
              <Field name="remember" type="checkbox" component="input" /> Remember me
            </label>
            <button type="submit" className="sf-button acc-submit" disabled={submitting || asking}>
              {submitting ? 'Signing in…' : 'Sign in'}
            </button>
            {submitting && <PasswordWait doing="Checking your password" />}
            {footer}
          </form>
        );
      }}
    </Form>
  );
}

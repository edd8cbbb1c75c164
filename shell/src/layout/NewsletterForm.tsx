import { apiErrorMessage, toast, visibleFieldError } from '@storefront/shared';
import { isEmailAddress } from '@storefront/shared/domain';
import { useId } from 'react';
import { Field, Form } from 'react-final-form';
import { useSubscribeToNewsletterMutation } from '../api/messagesApi';
import './newsletterForm.css';

function validateEmail(value: string | undefined): string | undefined {
  if (!value?.trim()) return 'Enter your email address.';
  return isEmailAddress(value) ? undefined : 'Enter a valid email address.';
}

/**
 * The footer's newsletter form: the e-mail is required and checked; a toast shows the
 * api's answer (a new address is subscribed once its owner opens the link the api mails:
 * /newsletter/confirm), or what went wrong. Loaded when the footer comes near
 * (NewsletterSignup), with react-final-form; the confirm page offers it again for an expired link.
 */
export function NewsletterForm({ labelledBy }: { labelledBy: string }) {
  const id = useId();
  const [subscribe] = useSubscribeToNewsletterMutation();
  return (
    <Form<{ email: string }>
      onSubmit={async ({ email }, form) => {
        try {
          const answer = await subscribe({ email: email.trim() }).unwrap();
          toast.success(answer.message);
          // Clear the field without showing "required" for the now-empty box.
          setTimeout(() => form.restart());
        } catch (error) {
          toast.error(apiErrorMessage(error, 'We could not subscribe you just now. Please try again.'));
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-labelledby={labelledBy}>
          <Field<string> name="email" validate={validateEmail}>
            {({ input, meta }) => {
              const error = visibleFieldError(meta);
              return (
                <div className="shell-newsletter__field">
                  <label htmlFor={id} className="shell-visually-hidden">
                    Your email for our newsletter
                  </label>
                  <input
                    {...input}
                    value={input.value ?? ''}
                    id={id}
                    type="email"
                    autoComplete="email"
                    placeholder="Your email address"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  <button type="submit" className="sf-button" disabled={submitting}>
                    Subscribe
                  </button>
                  {error && (
                    <p id={`${id}-error`} className="shell-newsletter__error" role="alert">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          </Field>
        </form>
      )}
    />
  );
}

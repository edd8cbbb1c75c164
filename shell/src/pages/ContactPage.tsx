import { apiErrorMessage, normalisePhone, PHONE_PREFIX, Skeleton, type ContactMessageErrors, type ContactMessageInput } from '@storefront/shared';
import { validateContactMessage } from '@storefront/shared/domain';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useSendContactMessageMutation } from '../api/messagesApi';
import { useGetShellDisclosuresQuery } from '../api/shopApi';
import { TextField } from '../forms/TextField';
import { EmailLink, PhoneLink } from './shopContact';
import './pages.css';

type ContactValues = Partial<ContactMessageInput>;

function validate(values: ContactValues): ContactMessageErrors {
  return validateContactMessage({
    name: values.name ?? '',
    email: values.email ?? '',
    phone: values.phone,
    subject: values.subject ?? '',
    message: values.message ?? '',
  });
}

/** The shop's address, phone and email as its configuration gives them (GET /shop/disclosures), as every legal page shows them. */
function OurDetails() {
  const { data: shop, isError, isFetching, refetch } = useGetShellDisclosuresQuery();
  if (shop) {
    return (
      <address data-testid="contact-details">
        {shop.address.join(', ')}
        <br />
        Phone: <PhoneLink shop={shop} />
        <br />
        Email: <EmailLink shop={shop} />
      </address>
    );
  }
  if (isError && !isFetching) {
    return (
      <div className="sf-notice" role="alert" data-testid="contact-details-error">
        <p>We couldn’t load our address and phone number just now. You can still send us a message.</p>
        <button type="button" className="sf-button sf-button--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-busy="true" data-testid="contact-details-loading">
      <span className="shell-visually-hidden">Loading our details…</span>
      <Skeleton height="16px" width="80%" />
      <Skeleton height="16px" width="50%" />
      <Skeleton height="16px" width="60%" />
    </div>
  );
}

/** /contact: the shop's details and a form that reaches the team (POST /contact-messages). */
export function ContactPage() {
  const [send] = useSendContactMessageMutation();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <div className="sf-container shell-page">
      <h1>Contact us</h1>
      <div className="shell-page__columns shell-contact">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details">Our details</h2>
          <OurDetails />
          <p>Mon-Sun 9:00 AM - 8:00 PM. We answer messages within one working day.</p>
        </section>
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          {sent ? (
            <div className="shell-contact__sent" role="status">
              <p>{sent}</p>
              <button type="button" className="sf-button sf-button--ghost" onClick={() => setSent(null)}>
                Send another message
              </button>
            </div>
          ) : (
            <Form<ContactValues>
              validate={validate}
              onSubmit={async (values) => {
                try {
                  const answer = await send({
                    name: values.name ?? '',
                    email: values.email ?? '',
                    subject: values.subject ?? '',
                    message: values.message ?? '',
                    ...(values.phone && values.phone !== PHONE_PREFIX ? { phone: values.phone } : {}),
                  }).unwrap();
                  setSent(answer.message);
                  return undefined;
                } catch (error) {
                  // Shown above the button, where the shopper is looking.
                  return { [FORM_ERROR]: apiErrorMessage(error, 'We could not send your message just now. Please try again.') };
                }
              }}
              render={({ handleSubmit, submitting, submitError }) => (
                <form onSubmit={handleSubmit} noValidate aria-labelledby="contact-form-title">
                  <TextField name="name" label="Your name" autoComplete="name" required />
                  <TextField name="email" label="Email address" type="email" autoComplete="email" required />
                  <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" parse={normalisePhone} hint="A South African mobile number: +27 and 9 digits." />
                  <TextField name="subject" label="Subject" required />
                  <TextField name="message" label="Message" multiline required />
                  {submitError && (
                    <p className="sf-field__error" role="alert">
                      {String(submitError)}
                    </p>
                  )}
                  <button type="submit" className="sf-button" disabled={submitting}>
                    {submitting ? 'Sending…' : 'Send message'}
                  </button>
                </form>
              )}
            />
          )}
        </section>
      </div>
    </div>
  );
}

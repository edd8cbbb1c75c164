import { apiErrorMessage, normalisePhone, toast, type User, useUpdateMeMutation } from '@storefront/shared';
import { personNameProblem } from '@storefront/shared/text-direction';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { TextField } from '../auth/TextField';
import { phone } from '../auth/validation';

type ProfileValues = Pick<User, 'first_name' | 'last_name' | 'phone'>;

/** Name and phone, editable; the email is the account's identity and stays. */
export function ProfileSection({ user }: { user: User }) {
  const [updateMe] = useUpdateMeMutation();
  return (
    <section className="acc-card" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <p className="acc-muted">
        Signed in as <strong>{user.email}</strong>
      </p>
      <Form<ProfileValues>
        initialValues={{ first_name: user.first_name, last_name: user.last_name, phone: user.phone }}
        onSubmit={async (values) => {
          try {
            await updateMe({ first_name: values.first_name.trim(), last_name: values.last_name.trim(), phone: values.phone }).unwrap();
            toast.success('Your profile has been saved');
            return undefined;
          } catch (error) {
            return { [FORM_ERROR]: apiErrorMessage(error, 'We could not save your profile just now. Please try again.') };
          }
        }}
      >
        {({ handleSubmit, submitError, submitting, pristine }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Profile">
            <FormError message={submitError} />
            <div className="acc-row">
              <TextField name="first_name" label="First name" autoComplete="given-name" validate={(value) => personNameProblem('First name', value)} />
              <TextField name="last_name" label="Last name" autoComplete="family-name" validate={(value) => personNameProblem('Last name', value)} />
            </div>
            <TextField name="phone" label="Phone number" type="tel" autoComplete="tel" validate={phone} parse={normalisePhone} />
            <button type="submit" className="sf-button" disabled={submitting || pristine}>
              {submitting ? 'Saving…' : 'Save profile'}
            </button>
          </form>
        )}
      </Form>
    </section>
  );
}

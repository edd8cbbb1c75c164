import { FormField, apiErrorMessage, visibleFieldError, type Address } from '@storefront/shared';
import { SA_PROVINCES, isValidPostalCode } from '@storefront/shared/domain';
import { personNameProblem } from '@storefront/shared/text-direction';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import { FormError } from '../auth/FormError';
import { TextField } from '../auth/TextField';
import { required } from '../auth/validation';
import type { AddressInput } from './addressesApi';

const postalCode = (value: string | undefined) => (value && isValidPostalCode(value.trim()) ? undefined : 'Enter the 4-digit postal code');

function ProvinceField() {
  return (
    <Field<string> name="province" validate={(value) => (value ? undefined : 'Choose a province')}>
      {({ input, meta }) => (
        <FormField label="Province" error={visibleFieldError(meta)}>
          {(control) => (
            <select {...input} {...control}>
              <option value="">Choose…</option>
              {SA_PROVINCES.map((province) => (
                <option key={province} value={province}>
                  {province}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </Field>
  );
}

interface AddressFormProps {
  initial?: Address;
  onSave: (address: AddressInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A South African delivery address: the nine provinces and a 4-digit postal code. */
export function AddressForm({ initial, onSave, onCancel }: AddressFormProps) {
  return (
    <Form<AddressInput>
      initialValues={initial ?? { label: '', recipient: '', street: '', suburb: '', city: '', province: '', postal_code: '' }}
      onSubmit={async (values) => {
        try {
          await onSave({ ...values, label: values.label ?? '', suburb: values.suburb ?? '', postal_code: values.postal_code.trim() });
          return undefined;
        } catch (error) {
          return { [FORM_ERROR]: apiErrorMessage(error, 'We could not save the address just now. Please try again.') };
        }
      }}
    >
      {({ handleSubmit, submitError, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={initial ? 'Edit address' : 'New address'} className="acc-address-form">
          <FormError message={submitError} />
          <TextField name="label" label="Label (optional, e.g. Home)" />
          <TextField name="recipient" label="Recipient" autoComplete="name" validate={(value) => personNameProblem('Recipient', value)} />
          <TextField name="street" label="Street address" autoComplete="address-line1" validate={required('Street address')} />
          <TextField name="suburb" label="Suburb (optional)" autoComplete="address-line2" />
          <div className="acc-row">
            <TextField name="city" label="City" autoComplete="address-level2" validate={required('City')} />
            <TextField name="postal_code" label="Postal code" autoComplete="postal-code" validate={postalCode} />
          </div>
          <ProvinceField />
          <div className="acc-actions">
            <button type="submit" className="sf-button" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save address'}
            </button>
            <button type="button" className="sf-button sf-button--ghost" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Form>
  );
}

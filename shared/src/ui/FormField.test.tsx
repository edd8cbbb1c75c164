import { render, screen } from '@testing-library/react';
import { FormField, visibleFieldError } from './FormField';

describe('visibleFieldError', () => {
  it('shows an error after a submit, or once the field was changed and left; not for passing through', () => {
    expect(visibleFieldError({ error: 'Required', touched: true })).toBeUndefined();
    expect(visibleFieldError({ error: 'Required', modified: true })).toBeUndefined();
    expect(visibleFieldError({ error: 'Required', touched: true, modified: true })).toBe('Required');
    expect(visibleFieldError({ error: 'Required', submitFailed: true })).toBe('Required');
    expect(visibleFieldError({ touched: true, modified: true, submitFailed: true })).toBeUndefined();
  });
});

describe('FormField', () => {
  it('labels its control and ties the hint and error to it', () => {
    render(
      <FormField label="Postal code" hint="4 digits" error="A postal code is 4 digits">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Postal code' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('4 digits A postal code is 4 digits');
  });

  it('is neither invalid nor described without a hint or error', () => {
    render(<FormField label="City">{(control) => <input {...control} />}</FormField>);
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

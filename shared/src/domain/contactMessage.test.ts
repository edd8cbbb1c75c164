import { isBlankPhone, validateContactMessage } from './contactMessage';

const valid = { name: 'Naledi Khumalo', email: 'naledi@example.co.za', subject: 'Order', message: 'Where is my parcel?' };

describe('validateContactMessage', () => {
  it('accepts a whole message, with or without a phone', () => {
    expect(validateContactMessage(valid)).toEqual({});
    expect(validateContactMessage({ ...valid, phone: '' })).toEqual({});
    expect(validateContactMessage({ ...valid, phone: '+27' })).toEqual({});
    expect(validateContactMessage({ ...valid, phone: '082 123 4567' })).toEqual({});
  });

  it('names every missing or wrong field', () => {
    expect(validateContactMessage({ name: ' ', email: 'not-an-email', phone: '+27 82', subject: '', message: '  ' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address.',
      phone: 'Enter a South African mobile number: +27 and 9 digits, or leave it empty.',
      subject: 'Enter a subject.',
      message: 'Write your message.',
    });
    expect(validateContactMessage({ ...valid, email: '' }).email).toBe('Enter your email address.');
  });

  it('bounds the lengths', () => {
    expect(validateContactMessage({ ...valid, message: 'x'.repeat(5001) }).message).toMatch(/under 5000/);
    expect(validateContactMessage({ ...valid, message: 'x'.repeat(5000) })).toEqual({});
  });

  it('treats an empty phone or the bare +27 as no phone', () => {
    expect(isBlankPhone(undefined)).toBe(true);
    expect(isBlankPhone('+27')).toBe(true);
    expect(isBlankPhone('+2782')).toBe(false);
  });
});

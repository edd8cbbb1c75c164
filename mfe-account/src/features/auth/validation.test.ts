import { email, required } from './validation';

describe('login validation (§5)', () => {
  it('requires a value', () => {
    expect(required('Password')(undefined)).toBe('Password is required');
    expect(required('Password')('   ')).toBe('Password is required');
    expect(required('Password')('secret')).toBeUndefined();
  });

  it('requires an email address in e-mail format', () => {
    expect(email('')).toBe('Email address is required');
    expect(email('thandi')).toBe('Enter a valid email address');
    expect(email('thandi@example')).toBe('Enter a valid email address');
    expect(email('thandi@example.co.za')).toBeUndefined();
  });
});

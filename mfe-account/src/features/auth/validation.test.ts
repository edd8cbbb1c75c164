import { email, newPassword, phone, required } from './validation';

describe('account validation', () => {
  it('requires a value', () => {
    expect(required('Password')(undefined)).toBe('Password is required');
    expect(required('First name')('   ')).toBe('First name is required');
    expect(required('Password')('secret')).toBeUndefined();
  });

  it('requires an email address in e-mail format', () => {
    expect(email('')).toBe('Email address is required');
    expect(email('thandi')).toBe('Enter a valid email address');
    expect(email('thandi@example')).toBe('Enter a valid email address');
    expect(email('thandi@example.co.za')).toBeUndefined();
  });

  it('asks new passwords for 8 characters or more', () => {
    expect(newPassword('')).toBe('Password is required');
    expect(newPassword('1234567')).toBe('Use a password of at least 8 characters.');
    // Characters as a shopper counts them: seven emoji are seven, not fourteen UTF-16 units.
    expect(newPassword('🔒🔑🔒🔑🔒🔑🔒')).toBe('Use a password of at least 8 characters.');
    expect(newPassword('        ')).toMatch(/one character repeated/);
    expect(newPassword('aaaaaaaaaa')).toMatch(/one character repeated/);
    expect(newPassword('ik 🌍 jy ')).toBeUndefined();
    expect(newPassword('12345678')).toBeUndefined();
  });

  it('requires a phone of +27 and exactly 9 digits', () => {
    expect(phone('')).toBe('Phone number is required');
    expect(phone('+27')).toBe('Phone number is required');
    expect(phone('+2782123')).toBe('Enter +27 followed by 9 digits');
    expect(phone('+27821234567')).toBeUndefined();
  });
});

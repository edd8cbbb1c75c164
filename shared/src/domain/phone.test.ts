import { isValidPhone, normalisePhone, PHONE_LENGTH } from './phone';

describe('normalisePhone', () => {
  it('forces the +27 prefix', () => {
    expect(normalisePhone('')).toBe('+27');
    expect(normalisePhone('8')).toBe('+278');
  });

  it('strips everything that is not a digit', () => {
    expect(normalisePhone('+27 (82) 123-4567')).toBe('+27821234567');
  });

  it('folds a local 0 prefix into +27', () => {
    expect(normalisePhone('082 123 4567')).toBe('+27821234567');
  });

  it('never grows past 12 characters', () => {
    const phone = normalisePhone('+27 82 123 4567 999');
    expect(phone).toBe('+27821234567');
    expect(phone).toHaveLength(PHONE_LENGTH);
  });

  it('is stable when applied twice, as it is on every keystroke', () => {
    const once = normalisePhone('0821234567');
    expect(normalisePhone(once)).toBe(once);
  });
});

describe('isValidPhone', () => {
  it('accepts +27 and exactly 9 digits', () => {
    expect(isValidPhone('+27821234567')).toBe(true);
  });

  it('rejects short, long, or foreign numbers', () => {
    expect(isValidPhone('+2782123456')).toBe(false);
    expect(isValidPhone('+278212345678')).toBe(false);
    expect(isValidPhone('+44821234567')).toBe(false);
    expect(isValidPhone('0821234567')).toBe(false);
  });
});

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
    expect(normalisePhone('+27 (0)82 123 4567')).toBe('+27821234567');
  });

  it('gets a local number right when it is typed after the +27 the box already shows', () => {
    let box = '';
    for (const key of '0711234567') box = normalisePhone(box + key);
    expect(box).toBe('+27711234567');
  });

  it('keeps an area code that starts with 27 (Namaqualand, 027)', () => {
    expect(normalisePhone('027 712 3456')).toBe('+27277123456');
    let box = '';
    for (const key of '0277123456') box = normalisePhone(box + key);
    expect(box).toBe('+27277123456');
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

describe('every way a South African number is written ends as +27821234567', () => {
  const WRITTEN = [
    '0821234567',
    '082 123 4567',
    '082-123-4567',
    '(082) 123 4567',
    '+27 82 123 4567',
    '+27-82-123-4567',
    '+27 (82) 123 4567',
    '+27 (0)82 123 4567',
    '27821234567',
    '27 82 123 4567',
    '+27821234567',
  ];

  it.each(WRITTEN)('%s pasted', (written) => {
    expect(normalisePhone(written)).toBe('+27821234567');
    // Pasted at the end of the +27 the box already shows.
    expect(normalisePhone(`+27${written}`)).toBe('+27821234567');
  });

  it.each(WRITTEN)('%s typed key by key', (written) => {
    let box = '';
    for (const key of written) box = normalisePhone(box + key);
    expect(box).toBe('+27821234567');
  });

  it('keeps a Cape Town landline typed with its country code (+27 21 …)', () => {
    let box = '';
    for (const key of '+27 21 123 4567') box = normalisePhone(box + key);
    expect(box).toBe('+27211234567');
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

import { isSaProvince, isValidPostalCode, SA_PROVINCES } from './address';

describe('South African addresses', () => {
  it('knows the nine provinces, by their written names', () => {
    expect(SA_PROVINCES).toHaveLength(9);
    expect(isSaProvince('KwaZulu-Natal')).toBe(true);
    expect(isSaProvince('Western Cape')).toBe(true);
    expect(isSaProvince('western cape')).toBe(false);
    expect(isSaProvince('Transvaal')).toBe(false);
  });

  it('takes a postal code of exactly four digits, leading zeros included', () => {
    expect(isValidPostalCode('0181')).toBe(true);
    expect(isValidPostalCode('8001')).toBe(true);
    expect(isValidPostalCode('800')).toBe(false);
    expect(isValidPostalCode('80011')).toBe(false);
    expect(isValidPostalCode('80 1')).toBe(false);
    expect(isValidPostalCode('')).toBe(false);
  });
});

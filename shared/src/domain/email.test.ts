import { isEmailAddress } from './email';

describe('isEmailAddress', () => {
  it('accepts ordinary addresses, with spaces around them', () => {
    expect(isEmailAddress('thandi@example.co.za')).toBe(true);
    expect(isEmailAddress('  sipho.n+shop@mail.com ')).toBe(true);
  });

  it('rejects what is not an address', () => {
    for (const value of ['', 'thandi', 'thandi@', '@example.com', 'thandi@example', 'tha ndi@example.com']) {
      expect(isEmailAddress(value)).toBe(false);
    }
  });
});

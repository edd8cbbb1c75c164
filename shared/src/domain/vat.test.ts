import { VAT_RATE, vatIncluded } from './vat';

describe('vatIncluded', () => {
  it('is 15/115 of a VAT-inclusive amount', () => {
    expect(VAT_RATE).toBe(0.15);
    expect(vatIncluded(115)).toBe(15);
    expect(vatIncluded(1000)).toBe(130.43);
  });

  it('rounds to the cent', () => {
    expect(vatIncluded(99.99)).toBe(13.04);
    expect(vatIncluded(0)).toBe(0);
  });
});

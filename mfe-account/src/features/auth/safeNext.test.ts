import { safeNext } from './safeNext';

describe('safeNext', () => {
  it('keeps a path on this site', () => {
    expect(safeNext('/account/orders')).toBe('/account/orders');
    expect(safeNext('/checkout?step=2')).toBe('/checkout?step=2');
  });

  it('refuses other sites and nothing at all', () => {
    expect(safeNext(null)).toBe('/account');
    expect(safeNext('https://evil.example/')).toBe('/account');
    expect(safeNext('//evil.example/')).toBe('/account');
    expect(safeNext('/\\evil.example')).toBe('/account');
  });
});

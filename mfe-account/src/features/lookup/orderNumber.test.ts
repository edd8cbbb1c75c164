import { normaliseOrderNumber, orderNumberProblem } from './orderNumber';

describe('order numbers as shoppers type them', () => {
  it('takes lower case and spaces around, and gives the number as the shop writes it', () => {
    expect(normaliseOrderNumber('  jac-2026-000123 ')).toBe('JAC-2026-000123');
    expect(orderNumberProblem('  jac-2026-000123 ')).toBeUndefined();
  });

  it('asks for a number, and for one shaped like the shop’s', () => {
    expect(orderNumberProblem('')).toBe('Order number is required');
    expect(orderNumberProblem('   ')).toBe('Order number is required');
    expect(orderNumberProblem('123')).toMatch(/e\.g\. JAC-2026-000123/);
    expect(orderNumberProblem('JAC-2026-12')).toMatch(/e\.g\. JAC-2026-000123/);
  });
});

import { effectivePrice, isOnSale, salePercent, salePercentLabel } from './pricing';

const now = new Date('2026-06-01T12:00:00Z');

describe('sale pricing', () => {
  it('rounds the percent difference between price and sale price', () => {
    expect(salePercent(300, 200)).toBe(33);
    expect(salePercent(200, 150)).toBe(25);
    expect(salePercent(99.99, 66.66)).toBe(33);
  });

  it('labels a product on sale with a minus and a percent sign', () => {
    expect(salePercentLabel({ price: 400, on_sale_price: 300 }, now)).toBe('-25%');
  });

  it('has no label and pays full price when there is no lower sale price', () => {
    for (const on_sale_price of [null, 400, 500]) {
      const product = { price: 400, on_sale_price };
      expect(isOnSale(product, now)).toBe(false);
      expect(salePercentLabel(product, now)).toBe('');
      expect(effectivePrice(product, now)).toBe(400);
    }
  });

  it('ends the sale at on_sale_until', () => {
    const ended = { price: 100, on_sale_price: 80, on_sale_until: '2026-05-31T00:00:00Z' };
    const running = { price: 100, on_sale_price: 80, on_sale_until: '2026-06-30T00:00:00Z' };
    expect(effectivePrice(ended, now)).toBe(100);
    expect(effectivePrice(running, now)).toBe(80);
  });

  it('gives no label for a reduction that rounds to 0%', () => {
    expect(salePercentLabel({ price: 1000, on_sale_price: 999.99 }, now)).toBe('');
  });
});

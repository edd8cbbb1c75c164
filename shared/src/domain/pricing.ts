export interface SalePricing {
  price: number;
  on_sale_price: number | null;
  on_sale_until?: string | null;
}

/** On sale when a lower sale price is set and its end date, if any, has not passed. */
export function isOnSale(product: SalePricing, now: Date = new Date()): boolean {
  const { price, on_sale_price, on_sale_until } = product;
  if (on_sale_price == null || !(on_sale_price < price) || on_sale_price < 0) return false;
  if (on_sale_until) {
    const until = Date.parse(on_sale_until);
    if (!Number.isNaN(until) && until <= now.getTime()) return false;
  }
  return true;
}

/** What the shopper pays for one unit. */
export function effectivePrice(product: SalePricing, now: Date = new Date()): number {
  return isOnSale(product, now) ? (product.on_sale_price as number) : product.price;
}

/** Rounded percent difference between price and sale price. */
export function salePercent(price: number, onSalePrice: number): number {
  if (!(price > 0) || !(onSalePrice < price)) return 0;
  return Math.round(((price - onSalePrice) / price) * 100);
}

/** The sale label on cards and galleries, e.g. "-25%"; empty when not on sale. */
export function salePercentLabel(product: SalePricing, now: Date = new Date()): string {
  if (!isOnSale(product, now)) return '';
  const percent = salePercent(product.price, product.on_sale_price as number);
  return percent > 0 ? `-${percent}%` : '';
}

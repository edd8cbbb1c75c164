import { DELIVERY_FEE, effectivePrice, formatRand, vatIncluded, type Product } from '@storefront/shared';

/** The custom tab: how this product reaches the shopper, and the VAT in its price. */
export function DeliveryAndCollection({ product }: { product: Product }) {
  const price = effectivePrice(product);
  return (
    <div className="prd-delivery">
      <h3>Delivery</h3>
      <p>We deliver anywhere in South Africa for a flat {formatRand(DELIVERY_FEE)} an order, however many items it holds. Choose delivery on the cart page.</p>
      <h3>Collect in store</h3>
      <p>Collecting your order in store is free: choose it on the cart page instead of delivery.</p>
      <h3>VAT</h3>
      <p>
        The price of {formatRand(price)} includes {formatRand(vatIncluded(price))} VAT at 15%.
      </p>
    </div>
  );
}

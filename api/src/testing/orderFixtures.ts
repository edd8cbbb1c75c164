import { randomUUID } from 'node:crypto';
import { cartLineKey } from '@storefront/shared/domain';
import type { CartItem, PlaceOrderRequest, Product } from '@storefront/shared/types';
import type { LightMyRequestResponse } from 'fastify';
import type { ShopperSession } from './shopperSession';

/** A delivery to a real-looking Cape Town address, paid by EFT: what most orders in the tests are. */
export function deliveryOrder(overrides: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    contact: { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
    delivery: {
      method: 'delivery',
      street: '12 Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      postal_code: '8001',
    },
    payment_method: 'eft',
    ...overrides,
  };
}

export function collectOrder(): PlaceOrderRequest {
  return deliveryOrder({ delivery: { method: 'collect' }, payment_method: 'cod' });
}

/** Adds a line through the api, as the storefront's add flow ends up doing. */
export async function addLine(shopper: ShopperSession, product: Product, qty: number, colour?: string, size?: string): Promise<CartItem> {
  const response = await shopper.request({
    method: 'POST',
    url: '/cart',
    payload: {
      id: cartLineKey(product, colour, size),
      qty,
      ...(product.has_variants ? { colour, size } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`POST /cart answered ${response.statusCode}: ${response.body}`);
  return response.json<CartItem>();
}

export function postOrder(
  shopper: ShopperSession,
  body: unknown = deliveryOrder(),
  idempotencyKey: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return shopper.request({
    method: 'POST',
    url: '/orders',
    payload: body as object,
    headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
  });
}

import { cartLineKey } from '@storefront/shared/domain';
import type { CartItemPayload, Product } from '@storefront/shared/types';

export interface ResolvedCartLine {
  key: string;
  colour: string | null;
  size: string | null;
}

export class CartLineError extends Error {
  constructor(
    readonly code: 'invalid_variant' | 'key_mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'CartLineError';
  }
}

type VariantChoice = Pick<CartItemPayload, 'id'> & { colour?: string | null; size?: string | null };

function normaliseOption(value: string | null | undefined): string | null {
  const trimmed = value?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

function checkOption(
  product: Product,
  kind: 'colour' | 'size',
  chosen: string | null,
  options: readonly { name: string }[],
): void {
  const names = options.map((option) => option.name);
  if (names.length === 0) {
    if (chosen) throw new CartLineError('invalid_variant', `Product ${product.id} has no ${kind} to choose`);
    return;
  }
  if (!chosen) throw new CartLineError('invalid_variant', `Choose a ${kind} for product ${product.id}: ${names.join(', ')}`);
  if (!names.includes(chosen)) {
    throw new CartLineError('invalid_variant', `Product ${product.id} has no ${kind} "${chosen}"; choose one of ${names.join(', ')}`);
  }
}

/**
 * Works out which cart line a payload means, from the catalogue's product: the variant options
 * must be the product's own, and the client's key must be the one `cartLineKey` gives for
 * them, so two clients can never put the same choice on two lines.
 */
export function resolveCartLine(product: Product, payload: VariantChoice): ResolvedCartLine {
  let colour: string | null = null;
  let size: string | null = null;
  if (product.has_variants) {
    colour = normaliseOption(payload.colour);
    size = normaliseOption(payload.size);
    checkOption(product, 'colour', colour, product.colours);
    checkOption(product, 'size', size, product.sizes);
  }
  const key = cartLineKey(product, colour, size);
  if (payload.id.toLowerCase() !== key) {
    throw new CartLineError('key_mismatch', `Cart line id "${payload.id}" does not match its product and options; expected "${key}"`);
  }
  return { key, colour, size };
}

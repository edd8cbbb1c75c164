import { type CartItem, formatRand, fromCents, Link, ProductImage, toCents } from '@storefront/shared';
import type { ReactNode } from 'react';

export function productPath(line: Pick<CartItem, 'link'>): string {
  return `/product?id=${encodeURIComponent(line.link)}`;
}

export function lineTotal(line: CartItem): number {
  return fromCents(toCents(line.price) * line.qty);
}

/** Colour and size of a variant line, as shoppers read them. */
export function variantText(line: CartItem): string {
  return [line.colour && `Colour: ${line.colour}`, line.size && `Size: ${line.size.toUpperCase()}`].filter(Boolean).join(' · ');
}

/** A cart line: 78×78 thumbnail, name, variant, and whatever controls the caller adds. */
export function CartLineRow({ line, children, onNavigate }: { line: CartItem; children: ReactNode; onNavigate?: () => void }) {
  const variant = variantText(line);
  return (
    <li className="crt-line" data-testid="cart-line" data-key={line.id}>
      <Link to={productPath(line)} onClick={onNavigate} className="crt-line__thumb" tabIndex={-1} aria-hidden="true">
        <ProductImage picture={line.small_pictures[0]} alt="" width={78} height={78} />
      </Link>
      <div className="crt-line__info">
        <Link to={productPath(line)} onClick={onNavigate} className="crt-line__name">
          {line.name}
        </Link>
        {variant && <span className="crt-line__variant">{variant}</span>}
        {children}
      </div>
      <span className="crt-line__total" aria-label={`Line total ${formatRand(lineTotal(line))}`}>
        {formatRand(lineTotal(line))}
      </span>
    </li>
  );
}

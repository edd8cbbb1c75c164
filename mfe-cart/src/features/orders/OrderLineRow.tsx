import { formatRand, Link, type OrderLine, ProductImage } from '@storefront/shared';
import { productPath } from '../cart/CartLineRow';

function variantText(line: OrderLine): string {
  return [line.colour && `Colour: ${line.colour}`, line.size && `Size: ${line.size.toUpperCase()}`].filter(Boolean).join(' · ');
}

/** A line of a placed order: what was bought, as it was priced then. */
export function OrderLineRow({ line }: { line: OrderLine }) {
  const variant = variantText(line);
  return (
    <li className="crt-line" data-testid="order-line">
      <Link to={productPath(line)} className="crt-line__thumb" tabIndex={-1} aria-hidden="true">
        <ProductImage picture={line.picture ?? undefined} alt="" width={78} height={78} />
      </Link>
      <div className="crt-line__info">
        <Link to={productPath(line)} className="crt-line__name">
          {line.name}
        </Link>
        {variant && <span className="crt-line__variant">{variant}</span>}
        <span className="crt-line__qty">
          {line.qty} × {formatRand(line.price)}
        </span>
      </div>
      <span className="crt-line__total">{formatRand(line.line_total)}</span>
    </li>
  );
}

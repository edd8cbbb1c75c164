import { Link, MESSAGES, type Picture, ProductImage } from '@storefront/shared';
import { useId } from 'react';

export interface PopupContent {
  kind: 'cart' | 'wishlist';
  name: string;
  picture: Picture | undefined;
}

interface MiniPopupCardProps {
  content: PopupContent;
  onClose: () => void;
  onHold: (held: boolean) => void;
}

/** The card itself: what was added, and the way on: View Cart or View Wishlist, and Checkout. */
export function MiniPopupCard({ content, onClose, onHold }: MiniPopupCardProps) {
  const titleId = useId();
  const isCart = content.kind === 'cart';
  return (
    <aside
      className="crt-popup"
      aria-labelledby={titleId}
      data-testid="mini-popup"
      onMouseEnter={() => onHold(true)}
      onMouseLeave={() => onHold(false)}
      onFocus={() => onHold(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHold(false);
      }}
    >
      <div className="crt-popup__head">
        <p id={titleId} className="crt-popup__title">
          {isCart ? 'Added to cart' : MESSAGES.wishlistPopup}
        </p>
        <button type="button" className="crt-popup__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="crt-popup__product">
        <ProductImage picture={content.picture} alt="" width={78} height={78} />
        <p>{content.name}</p>
      </div>
      <div className="crt-popup__actions">
        <Link className="sf-button sf-button--ghost" to={isCart ? '/cart' : '/wishlist'}>
          {isCart ? 'View Cart' : 'View Wishlist'}
        </Link>
        <Link className="sf-button" to="/checkout">
          Checkout
        </Link>
      </div>
    </aside>
  );
}

import { Skeleton } from '@storefront/shared';
import type { ReactNode } from 'react';
import { BackToShopNotice } from './BackToShopNotice';

/**
 * The frame of a page of the shopper's lines (/cart, /wishlist): its heading over two line-sized
 * skeletons while the list loads, over a notice leading back to the shop while it is empty (or
 * could not be had), and else over what the page draws of its lines. Each page imports its own
 * stylesheet (features/cart.css).
 */
export function ListPage<Lines extends readonly unknown[]>({
  title,
  lines,
  isLoading,
  emptyMessage,
  children,
}: {
  title: string;
  lines: Lines | undefined;
  isLoading: boolean;
  /** The empty notice's words (MESSAGES.emptyCart, say). */
  emptyMessage: string;
  /** The page's own part, below its heading, drawn once it has lines. */
  children: (lines: Lines) => ReactNode;
}) {
  if (isLoading) {
    return (
      <div className="sf-container crt-page" aria-busy="true">
        <h1>{title}</h1>
        <Skeleton height="96px" />
        <Skeleton height="96px" />
      </div>
    );
  }
  if (!lines || lines.length === 0) {
    return (
      <div className="sf-container crt-page">
        <h1>{title}</h1>
        <BackToShopNotice>
          <p>{emptyMessage}</p>
        </BackToShopNotice>
      </div>
    );
  }
  return (
    <div className="sf-container crt-page">
      <h1>{title}</h1>
      {children(lines)}
    </div>
  );
}

/** A list page's lines, named for screen readers by `label`. */
export function ListLines({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="crt-lines crt-lines--page" aria-label={label}>
      {children}
    </ul>
  );
}

import type { ReactNode } from 'react';

/**
 * A link from the checkout to another page, opened in a new tab so that nothing the shopper typed
 * is lost; screen readers hear that it opens a new tab, and sighted shoppers see the arrow.
 */
export function NewTabLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sf-visually-hidden"> (opens in a new tab)</span>
      <span className="chk-new-tab" aria-hidden="true">
        {' ↗'}
      </span>
    </a>
  );
}

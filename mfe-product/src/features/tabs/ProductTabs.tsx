import { useSearchParams, type Product } from '@storefront/shared';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LazyReviewsPanel, preloadReviewsPanel } from '../reviews/LazyReviewsPanel';
import { AdditionalInformation } from './AdditionalInformation';
import { DeliveryAndCollection } from './DeliveryAndCollection';
import { chosenTab, PRODUCT_TABS_ID, productTabIds, TAB_PARAM, type ProductTabId } from './productTabs';
import './tabs.css';

function tabLabel(id: ProductTabId, product: Product): string {
  switch (id) {
    case 'delivery':
      return 'Delivery & collection';
    case 'description':
      return 'Description';
    case 'additional':
      return 'Additional information';
    case 'reviews':
      return `Reviews (${product.reviews_count})`;
  }
}

function TabContent({ id, product }: { id: ProductTabId; product: Product }): ReactNode {
  switch (id) {
    case 'delivery':
      return <DeliveryAndCollection product={product} />;
    case 'description':
      return product.description ? (
        <div className="prd-description">
          {product.description.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p>This product has no description yet.</p>
      );
    case 'additional':
      return <AdditionalInformation product={product} />;
    case 'reviews':
      return <LazyReviewsPanel product={product} />;
  }
}

/**
 * Description, additional information, reviews and, on its layout, the custom tab. The open tab
 * is kept in the address (?tab=reviews), so it survives a reload and can be linked to.
 * Keyboard: arrows move between tabs, Home and End to the ends (WAI-ARIA tabs pattern).
 */
export function ProductTabs({ product, customTab, vertical = false }: { product: Product; customTab: boolean; vertical?: boolean }) {
  const [params, setParams] = useSearchParams();
  const ids = productTabIds(customTab);
  const active = chosenTab(ids, params.get(TAB_PARAM));
  const baseId = useId();
  const tabs = useRef(new Map<ProductTabId, HTMLButtonElement>());

  const choose = (id: ProductTabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ids.indexOf(active);
    const forward = vertical ? 'ArrowDown' : 'ArrowRight';
    const back = vertical ? 'ArrowUp' : 'ArrowLeft';
    const target =
      event.key === forward ? ids[(index + 1) % ids.length]
      : event.key === back ? ids[(index - 1 + ids.length) % ids.length]
      : event.key === 'Home' ? ids[0]
      : event.key === 'End' ? ids[ids.length - 1]
      : undefined;
    if (!target) return;
    event.preventDefault();
    choose(target);
    tabs.current.get(target)?.focus();
  };

  return (
    <section id={PRODUCT_TABS_ID} className={`prd-tabs ${vertical ? 'prd-tabs--vertical' : ''}`} aria-label="More about this product">
      <div className="prd-tabs__list" role="tablist" aria-orientation={vertical ? 'vertical' : 'horizontal'} onKeyDown={onKeyDown}>
        {ids.map((id) => (
          <button
            key={id}
            ref={(element) => {
              if (element) tabs.current.set(id, element);
              else tabs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${id}`}
            className="prd-tabs__tab"
            aria-selected={id === active}
            aria-controls={`${baseId}-panel-${id}`}
            tabIndex={id === active ? 0 : -1}
            onClick={() => choose(id)}
            {...(id === 'reviews' ? { onPointerEnter: preloadReviewsPanel, onFocus: preloadReviewsPanel } : {})}
          >
            {tabLabel(id, product)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${active}`} aria-labelledby={`${baseId}-tab-${active}`} tabIndex={0} className="prd-tabs__panel">
        <h2 className="sf-visually-hidden">{tabLabel(active, product)}</h2>
        <TabContent id={active} product={product} />
      </div>
    </section>
  );
}

import { Modal } from '@storefront/shared';
import { useDeferredValue, useState } from 'react';
import { FilterPanel, FiltersLoading } from './filters/FilterSections';
import type { ShopFilters } from './shopFilters';
import type { UpdateShopFilters } from './useShopFilters';

/**
 * Filters off-canvas: a button opens them in a drawer from the side; the list keeps the width. The
 * drawer is drawn with the tap and its filters just after, a deferred render: drawn inside the tap
 * on a throttled phone, they held the drawer's paint some 30 ms. Focus goes to the drawer itself,
 * not to its first field (the price, far down, which would bring up a phone's keyboard).
 */
export function FilterDrawer({ filters, update, activeCount }: { filters: ShopFilters; update: UpdateShopFilters; activeCount: number }) {
  const [open, setOpen] = useState(false);
  // Behind `open` by a render React makes after the drawer's paint: the filters are drawn then.
  const filtersDrawn = useDeferredValue(open);
  return (
    <>
      <button type="button" className="sf-button sf-button--ghost cat-filters-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      {open && (
        <Modal title="Filters" initialFocus="dialog" onClose={() => setOpen(false)}>
          <div className="cat-drawer">
            {filtersDrawn ? <FilterPanel filters={filters} update={update} /> : <FiltersLoading />}
            <button type="button" className="sf-button cat-drawer__done" onClick={() => setOpen(false)}>
              Show results
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

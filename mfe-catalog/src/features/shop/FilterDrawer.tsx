import { Modal } from '@storefront/shared';
import { useState } from 'react';
import { FilterPanel } from './filters/FilterSections';
import type { ShopFilters } from './shopFilters';
import type { UpdateShopFilters } from './useShopFilters';

/** Filters off-canvas: a button opens them in a drawer from the side; the list keeps the width. */
export function FilterDrawer({ filters, update, activeCount }: { filters: ShopFilters; update: UpdateShopFilters; activeCount: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="sf-button sf-button--ghost cat-filters-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      {open && (
        <Modal title="Filters" onClose={() => setOpen(false)}>
          <div className="cat-drawer">
            <FilterPanel filters={filters} update={update} />
            <button type="button" className="sf-button cat-drawer__done" onClick={() => setOpen(false)}>
              Show results
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

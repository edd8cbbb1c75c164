import { useEffect, useRef, useState } from 'react';
import { FiltersError, useFilterSections, type FilterSection } from './filters/FilterSections';
import type { ShopFilters } from './shopFilters';
import type { UpdateShopFilters } from './useShopFilters';

/** horizontal-filter-2: each filter is a dropdown in the toolbar; one open at a time; Esc or a click outside closes it. */
export function FilterDropdowns({ filters, update }: { filters: ShopFilters; update: UpdateShopFilters }) {
  const { sections, isLoading, isError, retry } = useFilterSections(filters, update);
  const [open, setOpen] = useState<FilterSection['key'] | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(null);
    const onPointer = (event: PointerEvent) => {
      if (!bar.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (isError) return <FiltersError retry={retry} />;
  return (
    <div className="cat-dropdowns" ref={bar} role="group" aria-label="Filters" aria-busy={isLoading}>
      {sections.map((section) => (
        <div key={section.key} className="cat-dropdown">
          <button
            type="button"
            className="cat-dropdown__toggle"
            aria-expanded={open === section.key}
            aria-controls={`filter-dropdown-${section.key}`}
            onClick={() => setOpen(open === section.key ? null : section.key)}
          >
            {section.title} <span aria-hidden="true">▾</span>
          </button>
          {open === section.key && (
            <div id={`filter-dropdown-${section.key}`} className="cat-dropdown__panel" role="region" aria-label={section.title}>
              {section.content}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

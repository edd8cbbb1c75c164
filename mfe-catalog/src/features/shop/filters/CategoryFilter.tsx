import type { CategoryFacet } from '@storefront/shared';
import type { ShopFilters } from '../shopFilters';
import type { UpdateShopFilters } from '../useShopFilters';

export function isChosenCategory(category: { id: string; name: string }, chosen: string): boolean {
  const wanted = chosen.toLowerCase();
  return category.id === wanted || category.name.toLowerCase() === wanted;
}

interface CategoryFilterProps {
  categories: CategoryFacet[];
  filters: ShopFilters;
  update: UpdateShopFilters;
}

/** The category tree, parents with their children, each with how many products it holds. */
export function CategoryFilter({ categories, filters, update }: CategoryFilterProps) {
  const parents = categories.filter((category) => category.parent === null);
  const childrenOf = (name: string) => categories.filter((category) => category.parent === name);
  const option = (category: CategoryFacet) => {
    const chosen = isChosenCategory(category, filters.category);
    return (
      <button
        type="button"
        className="cat-filter__option"
        aria-pressed={chosen}
        disabled={category.count === 0 && !chosen}
        onClick={() => update({ category: chosen ? '' : category.id })}
      >
        <span>{category.name}</span> <span className="cat-filter__count">({category.count})</span>
      </button>
    );
  };
  return (
    <ul className="cat-filter__tree">
      <li>
        <button type="button" className="cat-filter__option" aria-pressed={filters.category === ''} onClick={() => update({ category: '' })}>
          All categories
        </button>
      </li>
      {parents.map((parent) => {
        const children = childrenOf(parent.name);
        return (
          <li key={parent.id}>
            {option(parent)}
            {children.length > 0 && (
              <ul className="cat-filter__children">
                {children.map((child) => (
                  <li key={child.id}>{option(child)}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

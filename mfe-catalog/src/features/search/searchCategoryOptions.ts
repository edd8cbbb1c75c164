import { type Category } from '@storefront/shared';
import { SEARCH_CATEGORIES } from '@storefront/shared/domain';

export interface CategoryOption {
  value: string;
  label: string;
  /** One level in, under its parent. */
  child: boolean;
}

/**
 * The search box's category selector: the shop's own categories first (they have products),
 * then the search box's departments the shop does not stock yet, so every department is offered
 * (docs/behaviour.md#sizes-colours-and-categories).
 */
export function searchCategoryOptions(categories: readonly Category[] | undefined): { stocked: CategoryOption[]; other: CategoryOption[] } {
  // Until the shop's own categories arrive, the departments could not be told apart from them.
  if (!categories) return { stocked: [], other: [] };
  const ours = categories;
  const stocked: CategoryOption[] = [];
  for (const parent of ours.filter((category) => category.parent === null)) {
    stocked.push({ value: parent.id, label: parent.name, child: false });
    for (const child of ours.filter((category) => category.parent === parent.name)) {
      stocked.push({ value: child.id, label: child.name, child: true });
    }
  }
  const known = new Set(stocked.map((option) => option.value));
  const other: CategoryOption[] = [];
  for (const department of SEARCH_CATEGORIES) {
    const parentKnown = known.has(department.value);
    if (!parentKnown) other.push({ value: department.value, label: department.label, child: false });
    for (const child of department.children) {
      if (!known.has(child.value)) {
        other.push({ value: child.value, label: parentKnown ? `${child.label} (${department.label})` : child.label, child: !parentKnown });
      }
    }
  }
  return { stocked, other };
}

import { type Category } from '@storefront/shared';
import { SEARCH_CATEGORIES } from '@storefront/shared/domain';

export interface NamedCategory {
  label: string;
  /** Our own category: products can be in it. */
  stocked: boolean;
  /** For a search-box department the shop does not stock: the stocked category it belongs under, if any. */
  parent?: Category;
}

/**
 * What to call a category value from the URL: one of ours (by id or name), else a department of
 * the search box's list, which the shop may not stock, else the value itself.
 */
export function nameCategory(value: string, categories: readonly Category[] | undefined): NamedCategory {
  const wanted = value.toLowerCase();
  const ours = categories?.find((category) => category.id === wanted || category.name.toLowerCase() === wanted);
  if (ours) return { label: ours.name, stocked: true };
  for (const department of SEARCH_CATEGORIES) {
    const parent = categories?.find((category) => category.id === department.value);
    if (department.value === wanted) return { label: department.label, stocked: false };
    const child = department.children.find((item) => item.value === wanted);
    if (child) return { label: child.label, stocked: false, ...(parent ? { parent } : {}) };
  }
  return { label: value, stocked: false };
}

export type ProductTabId = 'delivery' | 'description' | 'additional' | 'reviews';

/** The search parameter that keeps the open tab in the address. */
export const TAB_PARAM = 'tab';

/** The tabs' element, which "N reviews" in the summary scrolls to. */
export const PRODUCT_TABS_ID = 'product-tabs';

/** The tabs of a layout, in order: the custom tab first on the layout that has it. */
export function productTabIds(customTab: boolean): ProductTabId[] {
  const standard: ProductTabId[] = ['description', 'additional', 'reviews'];
  return customTab ? ['delivery', ...standard] : standard;
}

/** The tab the address asks for, or the first one. */
export function chosenTab(ids: readonly ProductTabId[], requested: string | null): ProductTabId {
  return ids.find((id) => id === requested) ?? (ids[0] as ProductTabId);
}
